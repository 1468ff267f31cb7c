import { and, eq, lt, or, isNull, sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import { operatorMessages } from '@seal/shared/api/operators'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { LOCK_MS, MAX_ATTEMPTS, secretCompared } from '../trust/counted-secret.ts'
import type { KeyWrapper } from '../trust/key-wrap.ts'
import { operators } from './tables.ts'

/**
 * The operators' second factor: RFC 6238 TOTP (30 s, 6 digits, SHA-1: what every authenticator app reads),
 * by the maintained `otpauth` library. The secret is wrapped by the master key like every key. A code is
 * good once: the step it belongs to must come after the last one accepted (replay refused). Wrong codes
 * are counted before comparing, five in a row lock the factor for 30 minutes.
 */
const PERIOD_SECONDS = 30
/** One step either side: the phone's clock may be a little off. */
const WINDOW = 1
const ISSUER = '电子印章运营后台'

const secretContext = (operatorId: string) => `operator-totp:${operatorId}`
const totpOf = (secret: Secret, username: string) => new TOTP({ issuer: ISSUER, label: username, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret })

export type TotpEnrolment = { otpauthUri: string; qrSvg: string; secret: string }

/**
 * The secret an operator enrols: the one already offered (a reload shows the same QR code), or a new one,
 * stored wrapped but not yet confirmed. An enrolled operator is not offered another.
 */
export async function offerTotp(db: Database, keys: KeyWrapper, operatorId: string): Promise<TotpEnrolment> {
  const [row] = await db.select().from(operators).where(eq(operators.id, operatorId))
  if (!row) throw businessError(operatorMessages.sessionEnded)
  if (row.totpEnrolledAt) throw businessError('已绑定动态验证码')
  let secret: Secret
  if (row.totpSecretWrapped) {
    secret = Secret.fromHex(Buffer.from(await keys.unwrap(row.totpSecretWrapped, secretContext(operatorId))).toString('hex'))
  } else {
    secret = new Secret({ size: 20 })
    const wrapped = await keys.wrap(new Uint8Array(secret.buffer), secretContext(operatorId))
    // Only while none is offered: two tabs opening the page at once are offered the same secret.
    const [stored] = await db
      .update(operators)
      .set({ totpSecretWrapped: wrapped })
      .where(and(eq(operators.id, operatorId), isNull(operators.totpSecretWrapped)))
      .returning({ id: operators.id })
    if (!stored) return offerTotp(db, keys, operatorId)
  }
  const otpauthUri = totpOf(secret, row.username).toString()
  return { otpauthUri, qrSvg: await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }), secret: secret.base32 }
}

export type CodeCheck = { ok: true } | { ok: false; message: string }

/**
 * Checks a code against the operator's secret (enrolled, or offered when `enrolling`), counting it first:
 * the attempt is reserved by a conditional update, so of 100 wrong codes at once five are compared. A right
 * code is accepted only for a step after the last one accepted, in the same conditional update that
 * records it: of two uses of one code, one passes.
 */
export async function checkTotpCode(
  db: Database,
  keys: KeyWrapper,
  options: { operatorId: string; code: string; now: Date; enrolling?: boolean },
): Promise<CodeCheck> {
  const { operatorId, now } = options
  const [reserved] = await db
    .update(operators)
    .set({ totpFailedAttempts: sql`case when ${operators.totpLockedUntil} is not null then 1 else ${operators.totpFailedAttempts} + 1 end`, totpLockedUntil: null })
    .where(
      and(
        eq(operators.id, operatorId),
        or(isNull(operators.totpLockedUntil), lt(operators.totpLockedUntil, now)),
        or(sql`${operators.totpLockedUntil} is not null`, lt(operators.totpFailedAttempts, MAX_ATTEMPTS)),
      ),
    )
    .returning({
      attempt: operators.totpFailedAttempts,
      wrapped: operators.totpSecretWrapped,
      enrolledAt: operators.totpEnrolledAt,
      lastStep: operators.totpLastStep,
      username: operators.username,
    })
  if (!reserved) return { ok: false, message: operatorMessages.locked(Math.ceil(LOCK_MS / 60_000)) }
  if (!reserved.wrapped || (!reserved.enrolledAt && !options.enrolling)) return { ok: false, message: operatorMessages.enrolFirst }

  const secret = Secret.fromHex(Buffer.from(await keys.unwrap(reserved.wrapped, secretContext(operatorId))).toString('hex'))
  secretCompared.publish({ table: 'operators.totp' })
  const delta = totpOf(secret, reserved.username).validate({ token: options.code, timestamp: now.getTime(), window: WINDOW })
  if (delta === null) {
    if (reserved.attempt >= MAX_ATTEMPTS) {
      await db.update(operators).set({ totpLockedUntil: new Date(now.getTime() + LOCK_MS) }).where(eq(operators.id, operatorId))
      return { ok: false, message: operatorMessages.locked(Math.ceil(LOCK_MS / 60_000)) }
    }
    return { ok: false, message: operatorMessages.codeWrong }
  }
  const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta
  const [accepted] = await db
    .update(operators)
    .set({ totpLastStep: step, totpFailedAttempts: 0, totpLockedUntil: null, ...(options.enrolling ? { totpEnrolledAt: now } : {}) })
    .where(and(eq(operators.id, operatorId), lt(operators.totpLastStep, step)))
    .returning({ id: operators.id })
  // A replay is not a guess: the attempt it reserved is given back.
  if (!accepted) {
    await db.update(operators).set({ totpFailedAttempts: sql`greatest(${operators.totpFailedAttempts} - 1, 0)` }).where(eq(operators.id, operatorId))
    return { ok: false, message: operatorMessages.codeUsed }
  }
  return { ok: true }
}

/** The code of the current step (tests and the e2e journeys play the authenticator app with it). */
export function currentCode(base32Secret: string, now = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(base32Secret), period: PERIOD_SECONDS, digits: 6, algorithm: 'SHA1' }).generate({ timestamp: now })
}
