import { and, eq } from 'drizzle-orm'
import { sealAuthMessages } from '@seal/shared/api/seal-auth'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { checkCountedSecret } from '../trust/counted-secret.ts'
import { clockTime, hashSealPin } from '../trust/pin.ts'
import { sealAuths, type SealAuth } from './tables.ts'

/**
 * The seal user's use password: what a manager or an authorised user types where the holder types the seal
 * PIN, kept on their authorisation, hashed and counted like the PIN. Set when they accept (seal-auth/),
 * asked before each use (signing/, bindings/) and by the PIN calls (seal-auth/pin-routes.ts).
 */

export type UsePasswordCheck = { ok: true } | { ok: false; message: string }

/**
 * Checks an authorised user's use password, counted like the seal PIN by the same turns (trust/counted-secret.ts):
 * checks of one password one after another, five wrong in a row lock it for 30 minutes.
 */
export async function checkUsePassword(
  db: Database,
  auth: SealAuth,
  password: string,
  now: Date,
): Promise<UsePasswordCheck> {
  if (!auth.usePasswordHash) return { ok: false, message: sealAuthMessages.passwordMissing }
  const check = await checkCountedSecret(db, usePasswordSecret, { id: auth.id, typed: password, now })
  if (check.ok) return check
  if (check.reason === 'not-set') return { ok: false, message: sealAuthMessages.passwordMissing }
  // The user's own password, not the holder's seal PIN: said so, or they try the PIN they do not have.
  if (check.reason === 'locked')
    return { ok: false, message: sealAuthMessages.usePasswordLocked(clockTime(check.lockedUntil)) }
  return { ok: false, message: sealAuthMessages.wrongUsePasswordRemaining(check.remainingAttempts) }
}

const usePasswordSecret = { table: sealAuths, key: sealAuths.id, hash: sealAuths.usePasswordHash }

export async function assertUsePassword(db: Database, auth: SealAuth, password: string, now: Date) {
  const check = await checkUsePassword(db, auth, password, now)
  if (!check.ok) throw businessError(check.message)
}

/** Sets an authorised user's use password (the password change of 000 §2 for roles 2 and 3). */
export async function setUsePassword(db: Database, auth: SealAuth, password: string) {
  await db
    .update(sealAuths)
    .set({ usePasswordHash: await hashSealPin(password), failedAttempts: 0, lockedUntil: null })
    .where(and(eq(sealAuths.id, auth.id), eq(sealAuths.status, 'active')))
}

/** What the step-1 key of an authorised user's password change binds: the authorisation and its current hash. */
export const usePasswordKeySubject = (auth: SealAuth) =>
  `auth-password:${auth.id}:${auth.usePasswordHash?.slice(-16) ?? ''}`
