import { z } from 'zod'
import { mobilePhoneSchema as phone } from '../rules/phone.ts'
import { smsCodeSchema as smsCode } from '../rules/sms-code.ts'
import { creditCodeSchema } from '../rules/credit-code.ts'
import { idCardSchema } from '../rules/id-card.ts'
import { personNameSchema } from '../rules/names.ts'

// Login contracts: every field follows the shared rules, so the form and the server say the same thing.

export const sendSmsCodeBody = z.object({ phone, purpose: z.enum(['login']).default('login') })
export type SendSmsCodeBody = z.infer<typeof sendSmsCodeBody>

export const personalLoginBody = z.object({
  phone,
  code: smsCode,
  /** Name and ID number are asked for on a person's first login only (answer 40010 until given). */
  name: personNameSchema.optional(),
  identityNo: idCardSchema.optional(),
})
export type PersonalLoginBody = z.infer<typeof personalLoginBody>

export const enterpriseLoginBody = z.object({
  socialCreditCode: creditCodeSchema,
  phone,
  code: smsCode,
})
export type EnterpriseLoginBody = z.infer<typeof enterpriseLoginBody>

/**
 * Login through a host app (spec 002 §4 "Start-up"): the host's signed assertion, a compact JWS, checked by
 * the server against the channel's key. A person named in plain text is never taken.
 */
export const hostLoginBody = z.strictObject({ assertion: z.string().min(1).max(8192) })
export type HostLoginBody = z.infer<typeof hostLoginBody>

export const loginResult = z.object({
  token: z.string(),
  expiresAt: z.number(),
  kind: z.enum(['personal', 'enterprise']),
})
export type LoginResult = z.infer<typeof loginResult>

/** The login identity the screens read (spec 001 §3 "Login info"), with the masked phone. */
export const loginInfo = z.object({
  kind: z.enum(['personal', 'enterprise']),
  personName: z.string(),
  personCard: z.string(),
  cardKind: z.string(),
  phone: z.string(),
  socialCreditCode: z.string().nullable(),
  companyName: z.string().nullable(),
  unitTypeCode: z.string().nullable(),
  /** Whether the person passed the real-name check: only then may they act for a unit (sign, manage, accept). */
  verified: z.boolean(),
})
export type LoginInfo = z.infer<typeof loginInfo>
