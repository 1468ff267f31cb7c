import { createHash, randomInt } from 'node:crypto'
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import type { SmsProvider } from '../identity/sms-provider.ts'
import { smsCodes } from './tables.ts'

/** Limits of SMS verification (DESIGN.md "External services"; spec 000 §9: 60 s countdown). */
export const smsLimits = {
  resendAfterMs: 60_000,
  lifetimeMs: 5 * 60_000,
  maxAttempts: 5,
  perPhonePerDay: 10,
} as const

export const smsMessages = {
  tooSoon: (seconds: number) => `验证码发送过于频繁，请${seconds}秒后重试`,
  dailyLimit: '今日验证码发送次数已达上限，请明天再试',
  expired: '验证码已失效，请重新获取',
  wrong: (left: number) => `验证码错误，还可尝试${left}次`,
  tooManyAttempts: '验证码错误次数过多，请重新获取',
} as const

export type SmsPurpose = 'login' | 'seal-auth' | 'identity'

const hashCode = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest('hex')

/**
 * Sends a fresh 6-digit code, refusing a resend within 60 seconds and past the daily limit.
 * Returns the seconds until the next send is allowed (the client's countdown).
 */
export async function sendSmsCode(options: {
  db: Database
  sms: SmsProvider
  phone: string
  purpose: SmsPurpose
  now?: Date
}): Promise<{ resendAfterSeconds: number }> {
  const { db, phone, purpose } = options
  const now = options.now ?? new Date()
  const [latest] = await db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1)
  const sinceLast = latest ? now.getTime() - latest.createdAt.getTime() : Infinity
  if (sinceLast < smsLimits.resendAfterMs) {
    throw businessError(smsMessages.tooSoon(Math.ceil((smsLimits.resendAfterMs - sinceLast) / 1000)))
  }
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000)
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, dayAgo)))
  if (count >= smsLimits.perPhonePerDay) throw businessError(smsMessages.dailyLimit)

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await db.insert(smsCodes).values({
    phone,
    purpose,
    codeHash: hashCode(phone, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + smsLimits.lifetimeMs),
  })
  await options.sms.send({ phone, text: `【电子印章】您的验证码为${code}，5分钟内有效，请勿泄露给他人。` })
  return { resendAfterSeconds: smsLimits.resendAfterMs / 1000 }
}

/**
 * Checks a code against the latest one sent for this phone and purpose; a right code is used up, a wrong
 * one counts an attempt, and after five the code is dead.
 */
export async function verifySmsCode(options: {
  db: Database
  phone: string
  purpose: SmsPurpose
  code: string
  /** Leave the code usable (a first login that still needs the profile fields). */
  keep?: boolean
  now?: Date
}): Promise<void> {
  const { db, phone, purpose, code } = options
  const now = options.now ?? new Date()
  const [latest] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1)
  if (!latest || latest.expiresAt <= now) throw businessError(smsMessages.expired)
  if (latest.attempts >= smsLimits.maxAttempts) throw businessError(smsMessages.tooManyAttempts)
  if (latest.codeHash !== hashCode(phone, code)) {
    const attempts = latest.attempts + 1
    await db.update(smsCodes).set({ attempts }).where(eq(smsCodes.id, latest.id))
    const left = smsLimits.maxAttempts - attempts
    throw businessError(left > 0 ? smsMessages.wrong(left) : smsMessages.tooManyAttempts)
  }
  if (!options.keep) await db.update(smsCodes).set({ consumedAt: now }).where(eq(smsCodes.id, latest.id))
}
