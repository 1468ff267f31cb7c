import { decodeJwt, errors, jwtVerify, type JWTPayload } from 'jose'
import { z } from 'zod'
import { creditCodeSchema } from '@seal/shared/rules/credit-code'
import { idCardSchema } from '@seal/shared/rules/id-card'
import { personNameSchema } from '@seal/shared/rules/names'
import { mobilePhoneSchema } from '@seal/shared/rules/phone'
import { businessError } from '../errors.ts'
import type { HostChannelKey } from '../host-channels.ts'

export const hostLoginMessages = {
  malformed: '登录凭证格式错误',
  unknownChannel: '未知的接入渠道，请联系服务方配置',
  badSignature: '登录凭证签名无效',
  wrongAudience: '登录凭证不是签发给本服务的',
  expired: '登录凭证已过期，请从接入应用重新进入',
  tooLong: '登录凭证有效期不能超过5分钟',
  badIssuedAt: '登录凭证签发时间无效',
  replayed: '登录凭证已使用，请从接入应用重新进入',
  missingClaim: (claim: string) => `登录凭证缺少必要信息：${claim}`,
  badClaim: (claim: string) => `登录凭证信息格式错误：${claim}`,
} as const

/** An assertion lives at most this long (exp − iat), and clocks may differ by this much. */
export const MAX_ASSERTION_SECONDS = 300
export const CLOCK_SKEW_SECONDS = 60

/** The person a host channel vouches for; `unit` when they log in as its legal representative. */
export type HostIdentity = { channel: string; phone: string; name: string; identityNo: string; unit?: { socialCreditCode: string } }

/**
 * Assertions already used, by channel and jti, kept until they expire. In process memory for one server
 * process; with REDIS_URL in Redis (SET NX PX: redis/used-once.ts), so an assertion used on one process is
 * refused on every other.
 */
export type UsedAssertions = {
  /** Takes the id; false when it was taken before. */
  claim: (id: string, expiresAt: Date, now: Date) => Promise<boolean>
}

export function memoryUsedAssertions(): UsedAssertions {
  const used = new Map<string, number>()
  return {
    async claim(id, expiresAt, now) {
      for (const [key, expiry] of used) if (expiry <= now.getTime()) used.delete(key)
      if (used.has(id)) return false
      used.set(id, expiresAt.getTime())
      return true
    },
  }
}

const identityClaims = z.object({
  sub: mobilePhoneSchema,
  name: personNameSchema,
  idNo: idCardSchema,
  kind: z.enum(['personal', 'enterprise']).optional(),
  socialCreditCode: creditCodeSchema.optional(),
})

/**
 * Checks a host channel's login assertion, a compact JWS (JWT): signed with the channel's key and algorithm
 * (HOST_CHANNELS), `iss` the channel, `aud` its audience, `iat`/`exp` at most five minutes apart (a minute
 * of clock skew either way), `jti` used once, `sub` the phone, `name` and `idNo`, and for a unit's legal
 * representative `kind: 'enterprise'` with `socialCreditCode`. Each refusal says what is wrong.
 */
export async function verifyHostAssertion(options: {
  assertion: string
  channels: Map<string, HostChannelKey>
  used: UsedAssertions
  now: Date
}): Promise<HostIdentity> {
  const { assertion, now } = options
  let unverified: JWTPayload
  try {
    unverified = decodeJwt(assertion)
  } catch {
    throw businessError(hostLoginMessages.malformed)
  }
  const channelId = typeof unverified.iss === 'string' ? unverified.iss : undefined
  const channel = channelId === undefined ? undefined : options.channels.get(channelId)
  if (!channelId || !channel) throw businessError(hostLoginMessages.unknownChannel)

  let claims: JWTPayload
  try {
    ;({ payload: claims } = await jwtVerify(assertion, channel.key, {
      algorithms: [channel.alg],
      issuer: channelId,
      audience: channel.audience,
      clockTolerance: CLOCK_SKEW_SECONDS,
      currentDate: now,
      requiredClaims: ['exp', 'iat', 'jti', 'sub'],
    }))
  } catch (error) {
    throw businessError(refusalOf(error))
  }
  const nowSeconds = now.getTime() / 1000
  const issuedAt = claims.iat!
  const expiresAt = claims.exp!
  if (issuedAt > nowSeconds + CLOCK_SKEW_SECONDS || expiresAt < issuedAt) throw businessError(hostLoginMessages.badIssuedAt)
  if (expiresAt - issuedAt > MAX_ASSERTION_SECONDS) throw businessError(hostLoginMessages.tooLong)
  if (typeof claims.jti !== 'string' || claims.jti.length === 0 || claims.jti.length > 128) throw businessError(hostLoginMessages.badClaim('jti'))

  const identity = identityOf(claims)
  const usedUntil = new Date((expiresAt + CLOCK_SKEW_SECONDS) * 1000)
  if (!(await options.used.claim(`${channelId}\n${claims.jti}`, usedUntil, now))) throw businessError(hostLoginMessages.replayed)
  return { channel: channelId, ...identity }
}

function identityOf(claims: JWTPayload): Omit<HostIdentity, 'channel'> {
  const required = claims.kind === 'enterprise' ? ['name', 'idNo', 'socialCreditCode'] : ['name', 'idNo']
  const missing = required.find((claim) => claims[claim] === undefined)
  if (missing) throw businessError(hostLoginMessages.missingClaim(missing))
  const parsed = identityClaims.safeParse(claims)
  if (!parsed.success) throw businessError(hostLoginMessages.badClaim(String(parsed.error.issues[0]?.path[0] ?? 'sub')))
  const { sub, name, idNo, kind, socialCreditCode } = parsed.data
  return { phone: sub, name, identityNo: idNo, unit: kind === 'enterprise' ? { socialCreditCode: socialCreditCode! } : undefined }
}

function refusalOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return hostLoginMessages.expired
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return hostLoginMessages.missingClaim(error.claim)
    if (error.claim === 'aud') return hostLoginMessages.wrongAudience
    if (error.claim === 'iat' || error.claim === 'nbf') return hostLoginMessages.badIssuedAt
    return hostLoginMessages.badClaim(error.claim)
  }
  // A wrong key, an algorithm the channel does not use (`none` included), a broken signature.
  if (error instanceof errors.JOSEError) return hostLoginMessages.badSignature
  throw error
}
