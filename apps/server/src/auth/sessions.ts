import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { cachePerDatabase, memoryCache } from '../cache/read-through-cache.ts'
import type { Database } from '../db/client.ts'
import type { Caller } from '../plugins/caller.ts'
import { accounts, persons, sessions, units } from './tables.ts'

const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000

/**
 * How long a caller is kept before it is read again. A logout or a change is seen at once by every process:
 * by this one directly and, with REDIS_URL, by the others through the caches' forget channel; this TTL bounds
 * only what a lost forget could leave (docs/decisions.md "Sessions and configuration are cached").
 */
export const SESSION_CACHE_TTL_MS = 10_000

type CachedSession = { caller: Caller; expiresAt: number }

/** Which cached callers a forget names (plain data: it travels to the other server processes). */
type CallersChanged = { sessionId?: string; personId?: string; unitId?: string; accountId?: string }

const named = (wanted: string | undefined, actual: string | undefined) => wanted !== undefined && wanted === actual

const sessionCache = cachePerDatabase('sessions', () =>
  memoryCache<CachedSession, CallersChanged>({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: 10_000,
    matches: (changed, _key, { caller }) =>
      named(changed.sessionId, caller.sessionId) ||
      named(changed.personId, caller.person.id) ||
      named(changed.unitId, caller.unit?.id) ||
      named(changed.accountId, caller.accountId),
  }),
)

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Starts a session for an account and returns the bearer token. Only the token's hash is stored, so a
 * database dump cannot be replayed as a login.
 */
export async function createSession(db: Database, accountId: string, channel?: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS)
  await db.insert(sessions).values({ tokenHash: hashToken(token), accountId, expiresAt, ...(channel ? { channel } : {}) })
  return { token, expiresAt }
}

/**
 * The caller behind a bearer token, or null when the token is unknown, expired or logged out. Asked on
 * every request, so answered from the session cache; the expiry is checked on every answer, cached or not.
 */
export async function findCaller(db: Database, token: string): Promise<Caller | null> {
  const tokenHash = hashToken(token)
  const session = await sessionCache(db).get(tokenHash, () => loadSession(db, tokenHash))
  if (!session || session.expiresAt <= Date.now()) return null
  return session.caller
}

/**
 * Ends a session; the next request with its token is refused, even on the cached path, by every server
 * process: it resolves once the other processes have been told (with REDIS_URL).
 */
export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId))
  await sessionCache(db).forget({ sessionId })
}

/**
 * Call after changing a person, unit or account row (a name, a phone, a unit's type, a verification): the
 * callers built from it are read again, here at once and in the other server processes as soon as the
 * forget reaches them (it is sent without waiting).
 */
export function forgetCallers(db: Database, changed: { personId?: string; unitId?: string; accountId?: string }): void {
  void sessionCache(db).forget({ personId: changed.personId, unitId: changed.unitId, accountId: changed.accountId })
}

const preparedSessionQuery = new WeakMap<Database, ReturnType<typeof sessionQuery>>()

// The four-table join, prepared once per database: only the cache's misses run it.
function sessionQuery(db: Database) {
  return db
    .select({ session: sessions, account: accounts, person: persons, unit: units })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(persons, eq(persons.id, accounts.personId))
    .leftJoin(units, eq(units.id, accounts.unitId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_session')
}

async function loadSession(db: Database, tokenHash: string): Promise<CachedSession | undefined> {
  let query = preparedSessionQuery.get(db)
  if (!query) preparedSessionQuery.set(db, (query = sessionQuery(db)))
  const [row] = await query.execute({ tokenHash, now: new Date().toISOString() })
  if (!row) return undefined
  // An enterprise session is the unit's verified legal representative's; one from before verification existed ends.
  if (row.account.kind === 'enterprise' && row.person.verifiedAt === null) return undefined
  return {
    expiresAt: row.session.expiresAt.getTime(),
    caller: {
      sessionId: row.session.id,
      accountId: row.account.id,
      kind: row.account.kind,
      channel: row.session.channel,
      person: {
        id: row.person.id,
        name: row.person.name,
        identityType: row.person.identityType,
        identityNo: row.person.identityNo,
        phone: row.person.phone,
        verified: row.person.verifiedAt !== null,
      },
      unit: row.unit
        ? {
            id: row.unit.id,
            name: row.unit.name,
            socialCreditCode: row.unit.socialCreditCode,
            unitTypeCode: row.unit.unitTypeCode,
          }
        : null,
    },
  }
}
