import { createHash, randomBytes } from 'node:crypto'
import { verify } from '@node-rs/argon2'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { isOperatorPassword, operatorMessages, operatorPasswordMessage, type OperatorRole } from '@seal/shared/api/operators'
import { recordAudit } from '../audit/record.ts'
import type { Database } from '../db/client.ts'
import { businessError, invalidInput } from '../errors.ts'
import type { OperatorCaller } from '../plugins/caller.ts'
import { checkCountedSecret, hashCountedSecret } from '../trust/counted-secret.ts'
import type { KeyWrapper } from '../trust/key-wrap.ts'
import { summaryOf } from './accounts.ts'
import { apiKeys, operators, operatorSessions } from './tables.ts'
import { checkTotpCode } from './totp.ts'

/** An operator session ends after 30 minutes without a call, and 12 hours after login whatever happens. */
export const IDLE_MS = 30 * 60_000
export const SESSION_MS = 12 * 60 * 60_000
/** The idle limit is slid at most once a minute (a write per call would be a write per click). */
const SLIDE_AFTER_MS = 60_000

export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex')
const newToken = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`

/** An argon2id hash nobody's password matches: a login for an unknown name costs what a known one does. */
let decoyHash: Promise<string> | undefined

/**
 * Logs an operator in: password (counted, five wrong in a row lock the account for 30 minutes, whatever the
 * concurrency: trust/counted-secret.ts), then the TOTP code once enrolled (counted apart: knowing the password
 * does not open unlimited guesses of the code). Answers a session: 'full', or 'enrol' while the initial
 * password is to be changed or TOTP enrolled. Every outcome is audited.
 */
export async function loginOperator(
  db: Database,
  keys: KeyWrapper,
  input: { username: string; password: string; code?: string; ip?: string; now?: Date },
) {
  const now = input.now ?? new Date()
  const [row] = await db.select().from(operators).where(sql`lower(${operators.username}) = lower(${input.username})`)
  const refuse = async (message: string, reason: string): Promise<never> => {
    await recordAudit(db, {
      action: 'operator.login.refused',
      target: row?.id ?? input.username,
      detail: { username: input.username, reason },
      ip: input.ip,
      operator: row ? { id: row.id, name: row.displayName } : null,
    })
    throw businessError(message)
  }
  if (!row) {
    await verify(await (decoyHash ??= hashCountedSecret('decoy-password-for-timing')), input.password).catch(() => false)
    return refuse(operatorMessages.loginFailed, 'unknown')
  }
  const password = await checkCountedSecret(db, { table: operators, key: operators.id, hash: operators.passwordHash }, { id: row.id, typed: input.password, now })
  if (!password.ok) {
    if (password.reason === 'locked') return refuse(operatorMessages.locked(minutesUntil(password.lockedUntil, now)), 'locked')
    return refuse(operatorMessages.loginFailed, 'password')
  }
  if (row.disabledAt) return refuse(operatorMessages.disabled, 'disabled')
  if (row.totpEnrolledAt) {
    if (!input.code) throw businessError(operatorMessages.codeRequired, { needCode: true })
    const code = await checkTotpCode(db, keys, { operatorId: row.id, code: input.code, now })
    if (!code.ok) return refuse(code.message, 'code')
  }
  const stage = row.totpEnrolledAt && !row.passwordMustChange ? 'full' : 'enrol'
  const token = newToken('ops_')
  const session = { idleUntil: new Date(now.getTime() + IDLE_MS), expiresAt: new Date(now.getTime() + SESSION_MS) }
  await db.insert(operatorSessions).values({ tokenHash: tokenHashOf(token), operatorId: row.id, stage, ...session })
  const [updated] = await db.update(operators).set({ lastLoginAt: now }).where(eq(operators.id, row.id)).returning()
  await recordAudit(db, { action: 'operator.login', target: row.id, ip: input.ip, operator: { id: row.id, name: row.displayName } })
  return {
    token,
    stage,
    mustChangePassword: row.passwordMustChange === 1,
    idleUntil: session.idleUntil.getTime(),
    expiresAt: session.expiresAt.getTime(),
    operator: summaryOf(updated!),
  } as const
}

const minutesUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000))

/**
 * The operator or API key a bearer token names, or null: an operator session that is open, not idle past its
 * limit, not past its end, of an operator not disabled; or an API key not revoked. One indexed lookup each,
 * so a logout, a revoked key or a disabled account is refused by every process at once.
 */
export async function findOperator(db: Database, token: string, now = new Date()): Promise<OperatorCaller | null> {
  const tokenHash = tokenHashOf(token)
  if (token.startsWith('ops_')) {
    const [row] = await db
      .select({ session: operatorSessions, operator: operators })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(
        and(
          eq(operatorSessions.tokenHash, tokenHash),
          isNull(operatorSessions.endedAt),
          gt(operatorSessions.idleUntil, now),
          gt(operatorSessions.expiresAt, now),
          isNull(operators.disabledAt),
        ),
      )
    if (!row) return null
    const { session, operator } = row
    if (session.idleUntil.getTime() - now.getTime() < IDLE_MS - SLIDE_AFTER_MS) {
      const idleUntil = new Date(Math.min(now.getTime() + IDLE_MS, session.expiresAt.getTime()))
      await db.update(operatorSessions).set({ idleUntil }).where(eq(operatorSessions.id, session.id))
    }
    return {
      kind: 'operator',
      id: operator.id,
      name: operator.displayName,
      roles: operator.roles,
      identityNo: operator.identityNo,
      stage: session.stage,
      sessionId: session.id,
      mustChangePassword: operator.passwordMustChange === 1,
    }
  }
  const [key] = await db.select().from(apiKeys).where(and(eq(apiKeys.tokenHash, tokenHash), isNull(apiKeys.revokedAt)))
  if (!key) return null
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > SLIDE_AFTER_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, key.id))
  }
  return { kind: 'apiKey', id: key.id, name: key.name, roles: key.roles, identityNo: null, stage: 'full', sessionId: null, mustChangePassword: false }
}

export async function endOperatorSession(db: Database, sessionId: string, now = new Date()): Promise<void> {
  await db.update(operatorSessions).set({ endedAt: now }).where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.endedAt)))
}

/**
 * An enrol-stage session becomes full once the initial password is changed and TOTP is enrolled; answers
 * whether it is full now.
 */
async function promoteIfReady(db: Database, operatorId: string, sessionId: string): Promise<'enrol' | 'full'> {
  const [row] = await db.select().from(operators).where(eq(operators.id, operatorId))
  if (!row || !row.totpEnrolledAt || row.passwordMustChange) return 'enrol'
  await db.update(operatorSessions).set({ stage: 'full' }).where(eq(operatorSessions.id, sessionId))
  return 'full'
}

/** Confirms the offered TOTP secret with a first code. */
export async function confirmTotp(db: Database, keys: KeyWrapper, caller: OperatorCaller & { sessionId: string }, code: string): Promise<'enrol' | 'full'> {
  const checked = await checkTotpCode(db, keys, { operatorId: caller.id, code, now: new Date(), enrolling: true })
  if (!checked.ok) throw businessError(checked.message)
  await recordAudit(db, { action: 'operator.totp.enrolled', target: caller.id, operator: caller })
  return promoteIfReady(db, caller.id, caller.sessionId)
}

/** Changes the operator's own password (the old one counted like a login), ending their other sessions. */
export async function changeOperatorPassword(db: Database, caller: OperatorCaller & { sessionId: string }, passwords: { oldPassword: string; newPassword: string }) {
  if (!isOperatorPassword(passwords.newPassword)) throw invalidInput(operatorPasswordMessage)
  if (passwords.oldPassword === passwords.newPassword) throw invalidInput('新密码不能与原密码相同')
  const now = new Date()
  const old = await checkCountedSecret(db, { table: operators, key: operators.id, hash: operators.passwordHash }, { id: caller.id, typed: passwords.oldPassword, now })
  if (!old.ok) {
    throw businessError(old.reason === 'locked' ? operatorMessages.locked(minutesUntil(old.lockedUntil, now)) : operatorMessages.oldPasswordWrong)
  }
  await db
    .update(operators)
    .set({ passwordHash: await hashCountedSecret(passwords.newPassword), passwordMustChange: 0 })
    .where(eq(operators.id, caller.id))
  await db
    .update(operatorSessions)
    .set({ endedAt: now })
    .where(and(eq(operatorSessions.operatorId, caller.id), isNull(operatorSessions.endedAt), sql`${operatorSessions.id} <> ${caller.sessionId}`))
  await recordAudit(db, { action: 'operator.password.changed', target: caller.id, operator: caller })
  return promoteIfReady(db, caller.id, caller.sessionId)
}

/** A new API key: answered once; only its SHA-256 is kept. */
export async function createApiKey(db: Database, fields: { name: string; roles: OperatorRole[]; createdBy: string | null }) {
  const key = newToken('sk_')
  const [row] = await db
    .insert(apiKeys)
    .values({ name: fields.name, roles: [...new Set(fields.roles)], createdBy: fields.createdBy, prefix: key.slice(0, 10), tokenHash: tokenHashOf(key) })
    .returning()
  return { apiKey: apiKeySummaryOf(row!), key }
}

export const apiKeySummaryOf = (row: typeof apiKeys.$inferSelect) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  roles: row.roles,
  createdBy: row.createdBy,
  createdAt: row.createdAt.getTime(),
  lastUsedAt: row.lastUsedAt?.getTime() ?? null,
  revokedAt: row.revokedAt?.getTime() ?? null,
})

/**
 * The start-up key (ADMIN_TOKEN, or the development file in the data folder) as an API key holding every
 * role, so scripts and the first administrator's creation work before anyone has logged in. Registered once;
 * revoked in the console, it stays revoked.
 */
export async function registerBootstrapKey(db: Database, token: string, roles: readonly OperatorRole[]): Promise<void> {
  await db
    .insert(apiKeys)
    .values({ name: '启动密钥（ADMIN_TOKEN）', roles: [...roles], createdBy: null, prefix: token.slice(0, 6), tokenHash: tokenHashOf(token) })
    .onConflictDoNothing({ target: apiKeys.tokenHash })
}

