import { z } from 'zod'
import { enterpriseVerificationStatus } from '../codes/face.ts'
import { sm3Base64, type Sm3Mode } from '../crypto/sm3.ts'
import { fullWidthBrackets } from '../text/normalize.ts'

/**
 * The hand-offs to government identity services (spec 000 §7 "Government-app face flow", 001 §7 and
 * 002 §7 "/samr/authentication"): the contract both sides read (docs/api.md, docs/providers.md).
 */

/** The client gives up waiting for a pending government-app face result after this long (000 §7). */
export const GOV_FACE_CLIENT_TIMEOUT_MS = 60_000
/** And asks again this often while the result is pending (000 §7: each second). */
export const GOV_FACE_POLL_INTERVAL_MS = 1_000

/** GET /ykb/token */
export type YkbToken = { jsapiToken: string }
/** POST /ykb/face/ticket */
export type YkbTicket = { ticket: string; expiresAt: number }
/**
 * POST /ykb/face/result: PENDING while the face check in the government app is under way; SUCCESS or
 * FAILED once, with `serialNo`, the face verification every face step accepts (GET /face/result/{serialNo}).
 */
export type YkbFaceResult = { status: 'SUCCESS' | 'FAILED' | 'PENDING'; msg: string; serialNo?: string }

/** The statuses of the market-regulator authentication (001 §7): 1 pre-verification, 2 success, 3 failure, 4 identity validated. */
export const samrStatus = {
  PRE_VERIFICATION: String(enterpriseVerificationStatus.PRE_VERIFICATION),
  SUCCESS: String(enterpriseVerificationStatus.SUCCESS),
  FAILURE: String(enterpriseVerificationStatus.FAILURE),
  IDENTITY_VALIDATED: String(enterpriseVerificationStatus.IDENTITY_VALIDATED),
} as const
export type SamrStatus = (typeof samrStatus)[keyof typeof samrStatus]

/** An SM3 hash as base64: 32 bytes, 44 characters. */
const sm3Hash = z.string().regex(/^[A-Za-z0-9+/]{43}=$/, '身份信息摘要须为 SM3 摘要的 base64 编码')

/** POST /samr/authentication: the hashes of the unit's and its legal representative's ID information. */
export const samrAuthenticationRequest = z.object({
  /** How the hashes were made: 1 over the text, 2 over base64-decoded bytes (the same digest for the same text). */
  mode: z
    .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], '摘要方式须为 1 或 2')
    .default(1),
  socialCreditCode: sm3Hash,
  unitName: sm3Hash,
  legalPersonName: sm3Hash,
  legalPersonIdentityNo: sm3Hash,
})
export type SamrAuthenticationRequest = z.input<typeof samrAuthenticationRequest>

/**
 * The answer: `status` is where the authentication ended, `progress` the statuses it went through in the
 * order the hand-off reports them (pre-verification, licence verified, identity validated; or a failure).
 */
export type SamrAuthenticationAnswer = {
  ranId: string
  status: SamrStatus
  msg: string
  progress: SamrStatus[]
}

/** The ID information as typed; what is hashed is the normalised text (codes upper-case, unit names with full-width brackets). */
export type SamrIdentityInfo = {
  socialCreditCode: string
  unitName: string
  legalPersonName: string
  legalPersonIdentityNo: string
}

/** The text each field is hashed from: the same rules the requests follow (002 §5 "Start-up identity rules"). */
export function samrHashInput(info: SamrIdentityInfo): SamrIdentityInfo {
  return {
    socialCreditCode: info.socialCreditCode.trim().toUpperCase(),
    unitName: fullWidthBrackets(info.unitName.trim()),
    legalPersonName: info.legalPersonName.trim(),
    legalPersonIdentityNo: info.legalPersonIdentityNo.trim().toUpperCase(),
  }
}

/**
 * The hashes /samr/authentication sends, each SM3 as base64. Mode 2 hashes the base64-decoded bytes of
 * the UTF-8 text's base64, that is the same bytes: both modes give one digest for one text.
 *
 * @example
 * samrIdentityHashes({ socialCreditCode: '91110108…', unitName: '示例科技有限公司', legalPersonName: '张三', legalPersonIdentityNo: '1101…' })
 */
export function samrIdentityHashes(
  info: SamrIdentityInfo,
  mode: Sm3Mode = 1,
): SamrIdentityInfo & { mode: Sm3Mode } {
  const text = samrHashInput(info)
  const hash = (value: string) => (mode === 2 ? sm3Base64(utf8Base64(value), 2) : sm3Base64(value))
  return {
    mode,
    socialCreditCode: hash(text.socialCreditCode),
    unitName: hash(text.unitName),
    legalPersonName: hash(text.legalPersonName),
    legalPersonIdentityNo: hash(text.legalPersonIdentityNo),
  }
}

function utf8Base64(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}
