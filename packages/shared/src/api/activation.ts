import { z } from 'zod'
import { messages } from '../messages.ts'
import { sealPasswordSchema } from '../rules/seal-password.ts'

/*
 * Activation (spec 000 §2, 001 §2 "Activation", §7 "Activation"; issue #21 §3): a seal made from offline
 * materials waits for activation (wide status 4) until the unit's legal representative shows his ID card
 * and sets a new seal password. One contract for the server (apps/server/src/activation) and the screens
 * (apps/web/src/features/seal-activation). † marks a path the spec does not show, named by us.
 */

/** What the activation screens and calls say beyond the spec's shared messages. Ours unless marked. */
export const activationMessages = {
  /** 001 §8, 002 §8. */
  noActivatableSeal: messages.noActivatableSealTypes,
  /** 001 §8 "Queries". */
  loadFailed: messages.sealInfoLoadFailed,
  legalOnly: '仅单位法定代表人本人可激活电子印章',
  ranIdMissing: '请先上传法定代表人身份证件',
  ranIdInvalid: '身份核验已失效，请重新上传法定代表人身份证件',
  alreadyActivated: '该印章已激活，无需重复激活',
  notPending: '该印章当前不是待激活状态，无法激活',
  creditCodeMismatch: '统一社会信用代码与印章所属单位不一致',
  activated: '电子印章已激活',
} as const

const sealReference = {
  sealCode: z.string().max(64).nullish(),
  sealTypeCode: z.string().max(8).nullish(),
}

/** POST /seal/queryWaitActive †: the seals waiting for the caller's activation; one unit's with `socialCreditCode`. */
export const queryWaitActiveBody = z.object({
  socialCreditCode: z.string().max(32).nullish(),
  needPic: z.boolean().default(true),
})
export type QueryWaitActiveBody = z.input<typeof queryWaitActiveBody>

/** One seal waiting for activation: the unit, the seal's name, type and code, and a short-lived picture link. */
export const waitActiveSeal = z.object({
  id: z.string(),
  sealId: z.string(),
  sealName: z.string(),
  sealTypeCode: z.string(),
  sealTypeName: z.string(),
  sealCode: z.string(),
  businessName: z.string(),
  socialCreditCode: z.string(),
  /** A link for an <img> (GET /api/seal/picture/…), usable without the bearer header for a few minutes. */
  sealPic: z.string().nullable(),
  /** Wide reading: 4, pending activation. */
  status: z.string(),
  certStartTime: z.number(),
  certEndTime: z.number(),
})
export type WaitActiveSeal = z.infer<typeof waitActiveSeal>

/**
 * POST /seal/activeSealPre † (001 §7 "an upload pre-step with ID images plus sealCode, sealTypeCode, id
 * returns ranId"): the legal representative's ID card photos, stored files of his own (POST /file/upload or
 * /file/uploadBase64), read again by OCR on the server.
 */
export const activeSealPreBody = z.object({
  id: z.string().min(1, '缺少参数：id').max(64),
  ...sealReference,
  personFront: z.string({ error: messages.legalIdFrontRequired }).min(1, messages.legalIdFrontRequired).max(64),
  personBack: z.string({ error: messages.legalIdBackRequired }).min(1, messages.legalIdBackRequired).max(64),
})
export type ActiveSealPreBody = z.input<typeof activeSealPreBody>
/** The ranId proves, once and for a few minutes, that this person showed his card for this seal. */
export const activeSealPreAnswer = z.object({ ranId: z.string(), expiresAt: z.number() })
export type ActiveSealPreAnswer = z.infer<typeof activeSealPreAnswer>

/**
 * POST /seal/activeSealNew {ranId, socialCreditCode, newPin, sealCode, sealTypeCode, sealId} (001 §7): sets
 * the seal password (the shared seal password rule) and puts the seal in effect; success is
 * `data.resultStatus` '00'.
 */
export const activeSealNewBody = z.object({
  ranId: z.string({ error: activationMessages.ranIdMissing }).min(1, activationMessages.ranIdMissing).max(128),
  socialCreditCode: z.string().max(32).nullish(),
  newPin: sealPasswordSchema,
  sealId: z.string().min(1, '缺少参数：sealId').max(64),
  ...sealReference,
})
export type ActiveSealNewBody = z.input<typeof activeSealNewBody>
export const activeSealNewAnswer = z.object({ resultStatus: z.literal('00'), sealId: z.string(), status: z.string() })
export type ActiveSealNewAnswer = z.infer<typeof activeSealNewAnswer>
