import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { isSealPassword, isSealPasswordAllowingDigits } from '@seal/shared/rules/seal-password'
import { beijingMinute } from '@seal/shared/text/beijing-time'
import type { Database } from '../db/client.ts'
import { businessError, invalidInput } from '../errors.ts'
import { faceStatus } from '../identity/face.ts'
import { faceVerifications } from '../identity/tables.ts'
import { checkCountedSecret, hashCountedSecret, LOCK_MS, MAX_ATTEMPTS } from './counted-secret.ts'
import { trustMessages } from './messages.ts'
import { sealPinResets, sealPins } from './tables.ts'

/**
 * The seal PIN (印章密码) authorises use of the seal's key; it never decrypts it (the key is wrapped by the
 * master key, trust/key-wrap.ts). Only an argon2id hash is stored, and neither the PIN nor the hash is ever
 * logged or returned.
 */

export const PIN_MAX_ATTEMPTS = MAX_ATTEMPTS
export const PIN_LOCK_MS = LOCK_MS
/** A change key (from sealVerify) is good for one change within this time. */
export const CHANGE_KEY_TTL_MS = 10 * 60_000
/** A face verification must be this recent to reset a PIN. */
export const FACE_RESET_WINDOW_MS = 10 * 60_000

/** Which rule a new PIN follows: the apply/set rule, or step 2 of the change, which also takes 6-16 digits (000 §5). */
export type PinRule = 'strict' | 'allowDigits'

/** The argon2id PHC string of a PIN (whitespace removed first, as the inputs do). */
export async function hashSealPin(pin: string): Promise<string> {
  return hashCountedSecret(pin)
}

/** Refuses a PIN that breaks the seal password rule, with the spec's message. */
export function checkPinRule(pin: string, rule: PinRule = 'strict'): void {
  const accepted = rule === 'strict' ? isSealPassword(pin) : isSealPasswordAllowingDigits(pin)
  if (!accepted) throw invalidInput(trustMessages.pinRule)
}

/** Sets (or replaces) a seal's PIN, clearing failed attempts, lock and any outstanding change key. */
export async function setSealPin(
  db: Database,
  options: { sealId: string; pin: string; rule?: PinRule; now?: Date },
): Promise<void> {
  checkPinRule(options.pin, options.rule)
  const pinHash = await hashSealPin(options.pin)
  await storePinHash(db, options.sealId, pinHash, options.now ?? new Date())
}

/** Stores a PIN already hashed (`hashSealPin`), clearing attempts, lock and change key: a new holder's PIN. */
export async function storePinHash(db: Database, sealId: string, pinHash: string, now: Date) {
  const reset = {
    pinHash,
    failedAttempts: 0,
    lockedUntil: null,
    changeKeyHash: null,
    changeKeyPersonId: null,
    changeKeyExpiresAt: null,
    updatedAt: now,
  }
  await db
    .insert(sealPins)
    .values({ sealId, ...reset })
    .onConflictDoUpdate({ target: sealPins.sealId, set: reset })
}

export type PinCheck =
  | { ok: true }
  | {
      ok: false
      reason: 'wrong' | 'locked' | 'not-set'
      message: string
      remainingAttempts: number
      lockedUntil: Date | null
    }

/**
 * Checks a PIN. Five wrong PINs in a row lock it for 30 minutes; while locked nothing is checked, so a
 * lock cannot be used to guess. The answer says how many tries are left, or until when it is locked.
 * Checks of one seal's PIN take turns, as for every counted secret (counted-secret.ts).
 */
export async function verifySealPin(
  db: Database,
  options: { sealId: string; pin: string; now?: Date },
): Promise<PinCheck> {
  const check = await checkCountedSecret(db, sealPinSecret, { id: options.sealId, typed: options.pin, now: options.now ?? new Date() })
  if (check.ok) return check
  if (check.reason === 'not-set')
    return { ok: false, reason: 'not-set', message: trustMessages.pinNotSet, remainingAttempts: 0, lockedUntil: null }
  if (check.reason === 'locked') return locked(check.lockedUntil)
  return {
    ok: false,
    reason: 'wrong',
    message: trustMessages.wrongPinRemaining(check.remainingAttempts),
    remainingAttempts: check.remainingAttempts,
    lockedUntil: null,
  }
}

const sealPinSecret = { table: sealPins, key: sealPins.sealId, hash: sealPins.pinHash }

function locked(lockedUntil: Date): PinCheck {
  return {
    ok: false,
    reason: 'locked',
    message: trustMessages.pinLocked(clockTime(lockedUntil)),
    remainingAttempts: 0,
    lockedUntil,
  }
}

/** HH:mm in Beijing time, whatever the server's time zone. */
export const clockTime = (date: Date) => beijingMinute(date.getTime()).slice(11)

/** verifySealPin that throws the check's message as a business error. */
export async function assertSealPin(
  db: Database,
  options: { sealId: string; pin: string; now?: Date },
): Promise<void> {
  const check = await verifySealPin(db, options)
  if (!check.ok)
    throw businessError(check.message, {
      remainingAttempts: check.remainingAttempts,
      lockedUntil: check.lockedUntil?.getTime() ?? null,
    })
}

const sha256 = (text: string) => createHash('sha256').update(text).digest()

/**
 * After a verified PIN (POST /sealAuth/sealVerify), a one-time key lets the same person set a new PIN
 * (step 2 of the password change) without typing the old one again. Only its hash is stored.
 */
export async function issuePinChangeKey(
  db: Database,
  options: { sealId: string; personId: string; now?: Date },
): Promise<string> {
  const key = randomBytes(24).toString('base64url')
  const now = options.now ?? new Date()
  await db
    .update(sealPins)
    .set({
      changeKeyHash: sha256(key).toString('hex'),
      changeKeyPersonId: options.personId,
      changeKeyExpiresAt: new Date(now.getTime() + CHANGE_KEY_TTL_MS),
    })
    .where(eq(sealPins.sealId, options.sealId))
  return key
}

export type PinChangeProof = { currentPin: string } | { key: string }

/**
 * Changes a PIN given proof the person knows the current one: the current PIN itself (counted like any
 * check), or a change key from sealVerify issued to this person. The new PIN follows step 2's rule.
 */
export async function changeSealPin(
  db: Database,
  options: { sealId: string; personId: string; newPin: string; proof: PinChangeProof; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date()
  checkPinRule(options.newPin, 'allowDigits')
  if ('key' in options.proof) {
    const [row] = await db.select().from(sealPins).where(eq(sealPins.sealId, options.sealId)).limit(1)
    const valid =
      row?.changeKeyHash &&
      row.changeKeyPersonId === options.personId &&
      row.changeKeyExpiresAt &&
      row.changeKeyExpiresAt > now &&
      timingSafeEqual(Buffer.from(row.changeKeyHash, 'hex'), sha256(options.proof.key))
    if (!valid) throw businessError(trustMessages.changeKeyInvalid)
  } else {
    await assertSealPin(db, { sealId: options.sealId, pin: options.proof.currentPin, now })
  }
  await storePinHash(db, options.sealId, await hashSealPin(options.newPin), now)
}

/**
 * Sets a new PIN for a holder who forgot theirs, after a successful face verification of the seal's holder
 * (the person of a personal seal, the legal representative of a unit seal: seals/roles.ts finds them)
 * finished within the last 10 minutes (spec 000 /seal-edit-password/face-authentication). Each
 * verification resets a PIN once. The lock is cleared with it.
 */
export async function resetSealPinAfterIdentityCheck(
  db: Database,
  options: { sealId: string; holder: { personId: string; identityNo: string }; faceSerialNo: string; newPin: string; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date()
  checkPinRule(options.newPin, 'allowDigits')
  const { holder } = options
  const [face] = await db
    .select()
    .from(faceVerifications)
    .where(eq(faceVerifications.id, options.faceSerialNo))
    .limit(1)
  const usable =
    face &&
    face.status === faceStatus.SUCCESS &&
    face.identityNo === holder.identityNo &&
    face.completedAt &&
    now.getTime() - face.completedAt.getTime() <= FACE_RESET_WINDOW_MS
  if (!usable) throw businessError(trustMessages.faceCheckInvalid)
  const pinHash = await hashSealPin(options.newPin)
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(sealPinResets)
      .values({ sealId: options.sealId, faceSerialNo: options.faceSerialNo, personId: holder.personId })
      .onConflictDoNothing()
      .returning({ id: sealPinResets.id })
    if (inserted.length === 0) throw businessError(trustMessages.faceCheckInvalid)
    await storePinHash(tx as unknown as Database, options.sealId, pinHash, now)
  })
}
