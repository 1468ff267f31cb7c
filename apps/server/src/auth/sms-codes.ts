import { createHash, randomInt } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import type { SmsProvider } from '../identity/sms-provider.ts'
import { smsCodes, smsSendSlots } from './tables.ts'

/** Limits of SMS verification (DESIGN.md "External services"; spec 000 §9: 60 s countdown). */
export const smsLimits = {
  lifetimeMs: 5 * 60_000,
  maxAttempts: 5,
  perPhonePerHour: 5,
  perPhonePerDay: 10,
} as const

export const smsMessages = {
  tooSoon: (seconds: number) => `验证码发送过于频繁，请${seconds}秒后重试`,
  hourlyLimit: '验证码发送次数过多，请1小时后再试',
  dailyLimit: '今日验证码发送次数已达上限，请明天再试',
  expired: '验证码已失效，请重新获取',
  wrong: (left: number) => `验证码错误，还可尝试${left}次`,
  tooManyAttempts: '验证码错误次数过多，请重新获取',
} as const

/** 'apply-sign': the legal representative confirms signing an enterprise application (unit-apply/signing.ts). */
export type SmsPurpose = 'login' | 'seal-auth' | 'identity' | 'apply-sign'

const hashCode = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest('hex')
const HOUR_MS = 60 * 60_000

/** How codes go out: the provider, and the resend interval (SMS_RESEND_SECONDS, the spec's 60 s by default). */
export type SmsSender = { provider: SmsProvider; resendAfterMs: number }

/** The app's sender: its SMS provider and its configured interval. */
export const smsSenderOf = (app: { providers: { sms: SmsProvider }; config: { rateLimits: { smsResendAfterMs: number } } }): SmsSender => ({
  provider: app.providers.sms,
  resendAfterMs: app.config.rateLimits.smsResendAfterMs,
})

/**
 * Sends a fresh 6-digit code, refusing a resend within the interval and past the hourly and daily limits.
 * Returns the seconds until the next send is allowed (the client's countdown).
 */
export async function sendSmsCode(options: {
  db: Database
  sms: SmsSender
  phone: string
  purpose: SmsPurpose
  now?: Date
}): Promise<{ resendAfterSeconds: number }> {
  const { db, phone, purpose } = options
  const { resendAfterMs } = options.sms
  const now = options.now ?? new Date()
  await assertSendsLeft(db, phone, now)
  await takeSendSlot(db, { phone, purpose, now, resendAfterMs })

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await db.insert(smsCodes).values({
    phone,
    purpose,
    codeHash: hashCode(phone, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + smsLimits.lifetimeMs),
  })
  await options.sms.provider.send({ phone, text: `【电子印章】您的验证码为${code}，5分钟内有效，请勿泄露给他人。` })
  return { resendAfterSeconds: Math.ceil(resendAfterMs / 1000) }
}

/** The phone's hourly and daily limits, over every purpose. Read before the send slot: see takeSendSlot. */
async function assertSendsLeft(db: Database, phone: string, now: Date) {
  const since = (ms: number) => new Date(now.getTime() - ms)
  const [counts] = await db
    .select({
      lastHour: sql<number>`count(*) filter (where ${smsCodes.createdAt} > ${since(HOUR_MS)})::int`,
      lastDay: sql<number>`count(*)::int`,
    })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, since(24 * HOUR_MS))))
  if ((counts?.lastDay ?? 0) >= smsLimits.perPhonePerDay) throw businessError(smsMessages.dailyLimit)
  if ((counts?.lastHour ?? 0) >= smsLimits.perPhonePerHour) throw businessError(smsMessages.hourlyLimit)
}

/**
 * The 60-second rule as one conditional upsert: only the request that moves `lastSentAt` forward sends.
 * Requests arriving together queue on the row and all but one find it already moved. Since that lets at
 * most one send through per phone and purpose a minute, the counts read before it cannot be outrun either.
 */
async function takeSendSlot(db: Database, options: { phone: string; purpose: SmsPurpose; now: Date; resendAfterMs: number }) {
  const { phone, purpose, now, resendAfterMs } = options
  const [taken] = await db
    .insert(smsSendSlots)
    .values({ phone, purpose, lastSentAt: now })
    .onConflictDoUpdate({
      target: [smsSendSlots.phone, smsSendSlots.purpose],
      set: { lastSentAt: now },
      setWhere: lte(smsSendSlots.lastSentAt, new Date(now.getTime() - resendAfterMs)),
    })
    .returning({ phone: smsSendSlots.phone })
  if (taken) return
  const [slot] = await db
    .select({ lastSentAt: smsSendSlots.lastSentAt })
    .from(smsSendSlots)
    .where(and(eq(smsSendSlots.phone, phone), eq(smsSendSlots.purpose, purpose)))
  const waitMs = slot ? slot.lastSentAt.getTime() + resendAfterMs - now.getTime() : resendAfterMs
  throw businessError(smsMessages.tooSoon(Math.max(1, Math.ceil(waitMs / 1000))))
}

/**
 * Checks a code against the latest one sent for this phone and purpose; a right code is used up, a wrong
 * one counts an attempt, and after five the code is dead. The attempt is counted in one conditional UPDATE
 * before the code is compared, so a burst of guesses gets five comparisons, not one per request.
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
    .select({ id: smsCodes.id, codeHash: smsCodes.codeHash, expiresAt: smsCodes.expiresAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1)
  if (!latest || latest.expiresAt <= now) throw businessError(smsMessages.expired)
  const unused = and(eq(smsCodes.id, latest.id), isNull(smsCodes.consumedAt))

  const [turn] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(unused, lt(smsCodes.attempts, smsLimits.maxAttempts)))
    .returning({ attempts: smsCodes.attempts })
  if (!turn) throw businessError(await isConsumed(db, latest.id) ? smsMessages.expired : smsMessages.tooManyAttempts)

  if (latest.codeHash !== hashCode(phone, code)) {
    const left = smsLimits.maxAttempts - turn.attempts
    throw businessError(left > 0 ? smsMessages.wrong(left) : smsMessages.tooManyAttempts)
  }
  if (options.keep) {
    // A right code kept for the next step was no failed attempt: give its turn back.
    await db.update(smsCodes).set({ attempts: sql`${smsCodes.attempts} - 1` }).where(eq(smsCodes.id, latest.id))
    return
  }
  // Used up once: of two logins with the same right code at once, one wins.
  const consumed = await db.update(smsCodes).set({ consumedAt: now }).where(unused).returning({ id: smsCodes.id })
  if (consumed.length === 0) throw businessError(smsMessages.expired)
}

async function isConsumed(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ consumedAt: smsCodes.consumedAt }).from(smsCodes).where(eq(smsCodes.id, id))
  return Boolean(row?.consumedAt)
}
