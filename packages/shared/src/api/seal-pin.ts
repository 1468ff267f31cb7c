import { z } from 'zod'
import { messages } from '../messages.ts'
import { requiredPasswordSchema, sealPasswordAllowingDigitsSchema } from '../rules/seal-password.ts'

// Request and answer shapes of the seal PIN calls (spec 000 §7 "Seal management", 001 §7, 002 §7),
// parsed by the server and typed in the web client.

/** sealId with the codes the client sends beside it; the codes must match the seal when present. */
const sealReference = {
  sealId: z.string().min(1, '缺少参数：sealId').max(64),
  sealCode: z.string().max(64).nullish(),
  sealTypeCode: z.string().max(8).nullish(),
}

/** The caller's own identity number, when the client sends it; the session's is the one that counts. */
const personIdentity = z.string().max(32).nullish()

/** POST /seal/pinVerifyNew — the seal PIN check {pin, sealCode, sealTypeCode, sealId} → success, mess. */
export const pinVerifyBody = z.object({
  ...sealReference,
  pin: requiredPasswordSchema(messages.wrongSealPassword),
})
export const pinVerifyAnswer = z.object({ success: z.boolean(), mess: z.string() })

/** POST /sealAuth/sealVerify — step 1 of the password change; a pass returns the key for step 2. */
export const sealVerifyBody = z.object({
  ...sealReference,
  identityType: z.string().max(8).nullish(),
  personIdentity,
  password: requiredPasswordSchema(messages.currentSealPasswordRequired),
})
export const sealVerifyAnswer = z.object({
  pass: z.boolean(),
  key: z.string().nullable(),
  message: z.string(),
})

/** POST /sealAuth/editPassword — new `password`, proven by `key` (from sealVerify) or `oldPassword`. */
export const editPasswordBody = z.object({
  ...sealReference,
  identityType: z.string().max(8).nullish(),
  personIdentity,
  password: sealPasswordAllowingDigitsSchema,
  oldPassword: z.string().max(64).nullish(),
  key: z.string().max(128).nullish(),
})

/**
 * POST /seal/editPinNew — set a new PIN directly (/seal-change-pass/:key?), proven by `key` from sealVerify,
 * or by `ranId`: the serial number of a successful face verification of the holder (forgotten password).
 */
export const editPinBody = z.object({
  ...sealReference,
  socialCreditCode: z.string().max(32).nullish(),
  newPin: sealPasswordAllowingDigitsSchema,
  key: z.string().max(128).nullish(),
  ranId: z.string().max(64).nullish(),
})

export type PinVerifyBody = z.input<typeof pinVerifyBody>
export type PinVerifyAnswer = z.infer<typeof pinVerifyAnswer>
export type SealVerifyBody = z.input<typeof sealVerifyBody>
export type SealVerifyAnswer = z.infer<typeof sealVerifyAnswer>
export type EditPasswordBody = z.input<typeof editPasswordBody>
export type EditPinBody = z.input<typeof editPinBody>

/**
 * POST /seal/revokeNew — cancels a seal {sealCode, sealTypeCode, sealId, related, revokePerson}. `related`
 * also cancels the unit's other seals when an official seal (01) is cancelled. The seal password comes
 * with it (`pin`, our addition): the spec's screen asks for it, and the server must not take a
 * cancellation on a session alone.
 */
export const revokeSealBody = z.object({
  ...sealReference,
  related: z.union([z.boolean(), z.enum(['0', '1']), z.literal(0), z.literal(1)]).nullish(),
  revokePerson: z.string().max(64).nullish(),
  pin: requiredPasswordSchema(messages.cancelPasswordRequired),
})
export type RevokeSealBody = z.input<typeof revokeSealBody>
export const revokeSealAnswer = z.object({ revokedSealIds: z.array(z.string()) })
export type RevokeSealAnswer = z.infer<typeof revokeSealAnswer>
