import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import type { Caller } from './caller.ts'
import { accounts, persons, sessions, units } from './tables.ts'

const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Starts a session for an account and returns the bearer token. Only the token's hash is stored, so a
 * database dump cannot be replayed as a login.
 */
export async function createSession(db: Database, accountId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS)
  await db.insert(sessions).values({ tokenHash: hashToken(token), accountId, expiresAt })
  return { token, expiresAt }
}

/** The caller behind a bearer token, or null when the token is unknown, expired or logged out. */
export async function findCaller(db: Database, token: string): Promise<Caller | null> {
  const rows = await db
    .select({ session: sessions, account: accounts, person: persons, unit: units })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(persons, eq(persons.id, accounts.personId))
    .leftJoin(units, eq(units.id, accounts.unitId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1)
  const row = rows[0]
  if (!row) return null
  return {
    sessionId: row.session.id,
    accountId: row.account.id,
    kind: row.account.kind,
    person: {
      id: row.person.id,
      name: row.person.name,
      identityType: row.person.identityType,
      identityNo: row.person.identityNo,
      phone: row.person.phone,
    },
    unit: row.unit
      ? {
          id: row.unit.id,
          name: row.unit.name,
          socialCreditCode: row.unit.socialCreditCode,
          unitTypeCode: row.unit.unitTypeCode,
        }
      : null,
  }
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId))
}
