import { randomBytes, randomInt } from 'node:crypto'
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm'
import { isOperatorPassword, operatorMessages, type OperatorRole, type OperatorSummary } from '@seal/shared/api/operators'
import type { Database } from '../db/client.ts'
import { uniqueViolationOf } from '../db/errors.ts'
import { businessError, notFound } from '../errors.ts'
import { hashCountedSecret } from '../trust/counted-secret.ts'
import { operators, operatorSessions } from './tables.ts'

type OperatorRow = typeof operators.$inferSelect

export const summaryOf = (row: OperatorRow): OperatorSummary => ({
  id: row.id,
  username: row.username,
  displayName: row.displayName,
  roles: row.roles,
  totpEnrolled: row.totpEnrolledAt !== null,
  disabled: row.disabledAt !== null,
  lastLoginAt: row.lastLoginAt?.getTime() ?? null,
  createdAt: row.createdAt.getTime(),
})

/**
 * A password an administrator hands over once, which the operator changes at first login: 16 characters of
 * the four kinds, so it passes the operator password rule.
 */
export function initialPassword(): string {
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!
  const body = randomBytes(12).toString('base64url').replace(/[-_]/g, '')
  const password = `${pick('ABCDEFGHJKLMNPQRSTUVWXYZ')}${pick('abcdefghijkmnopqrstuvwxyz')}${pick('23456789')}${pick('#%+=@')}${body}`.slice(0, 16)
  return isOperatorPassword(password) ? password : initialPassword()
}

export async function listOperators(db: Database): Promise<OperatorSummary[]> {
  return (await db.select().from(operators).orderBy(asc(operators.createdAt))).map(summaryOf)
}

/** Creates an operator with an initial password (answered once). */
export async function createOperator(
  db: Database,
  fields: { username: string; displayName: string; identityNo: string; roles: OperatorRole[]; createdBy: string | null },
): Promise<{ operator: OperatorSummary; initialPassword: string }> {
  const password = initialPassword()
  try {
    const [row] = await db
      .insert(operators)
      .values({ ...fields, roles: [...new Set(fields.roles)], passwordHash: await hashCountedSecret(password), passwordMustChange: 1 })
      .returning()
    return { operator: summaryOf(row!), initialPassword: password }
  } catch (error) {
    if (uniqueViolationOf(error) !== undefined) throw businessError(operatorMessages.usernameTaken)
    throw error
  }
}

/** Ends every open session of an operator (disabled, roles changed, factor or password reset). */
export async function endSessionsOf(db: Database, operatorId: string, now = new Date()): Promise<void> {
  await db.update(operatorSessions).set({ endedAt: now }).where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.endedAt)))
}

/**
 * An administrator's change to an operator. Whatever changes what the operator may do, or how they prove who
 * they are, ends their sessions. The last administrator in use cannot be disabled or lose the role.
 */
export async function updateOperator(
  db: Database,
  id: string,
  change: { displayName?: string; roles?: OperatorRole[]; disabled?: boolean; resetTotp?: true; resetPassword?: true },
): Promise<{ operator: OperatorSummary; initialPassword?: string }> {
  const [current] = await db.select().from(operators).where(eq(operators.id, id))
  if (!current) throw notFound('操作员不存在')
  const losesAdmin = (change.roles && !change.roles.includes('admin')) || change.disabled === true
  if (losesAdmin && current.roles.includes('admin') && !current.disabledAt) await assertAnotherAdmin(db, id)

  const password = change.resetPassword ? initialPassword() : undefined
  const [row] = await db
    .update(operators)
    .set({
      ...(change.displayName ? { displayName: change.displayName } : {}),
      ...(change.roles ? { roles: [...new Set(change.roles)] } : {}),
      ...(change.disabled === undefined ? {} : { disabledAt: change.disabled ? (current.disabledAt ?? new Date()) : null }),
      ...(change.resetTotp ? { totpSecretWrapped: null, totpEnrolledAt: null, totpFailedAttempts: 0, totpLockedUntil: null } : {}),
      ...(password ? { passwordHash: await hashCountedSecret(password), passwordMustChange: 1, failedAttempts: 0, lockedUntil: null } : {}),
    })
    .where(eq(operators.id, id))
    .returning()
  if (change.roles || change.disabled || change.resetTotp || change.resetPassword) await endSessionsOf(db, id)
  return { operator: summaryOf(row!), ...(password ? { initialPassword: password } : {}) }
}

async function assertAnotherAdmin(db: Database, id: string): Promise<void> {
  const [other] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(and(ne(operators.id, id), isNull(operators.disabledAt), sql`${operators.roles} @> '["admin"]'::jsonb`))
    .limit(1)
  if (!other) throw businessError('至少保留一名在用的系统管理员')
}
