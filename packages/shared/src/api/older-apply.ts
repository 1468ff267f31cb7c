import { z } from 'zod'
import { creditCodeSchemaWith } from '../rules/credit-code.ts'
import { messages } from '../messages.ts'

/**
 * Contracts of the older step wizard for a new application (spec 001 §2 "Step-based application (older
 * wizard)", §3 "Application draft (older wizard)", "Seal type option", "Apply-log result", §7 "Offline and
 * older flow"; issue #21 §4). It is a door into the same enterprise applications as the new wizard
 * (unit-apply.ts): paths the spec names are kept, those marked † are ours.
 */

const text = (max: number) => z.string().max(max).default('')
const fileId = z.string().max(64).default('')

/** A seal type chosen at step 1 for a new application (other-type seals are named at step 4). */
export const olderDraftSeal = z.object({ sealTypeCode: z.string().max(8), sealName: text(40) })

/**
 * POST /apply/older/save †: the older draft of steps 1 and 2 (001 §3 "Application draft (older wizard)")
 * stored as the application it is, before the unit verification (which verifies a stored application). No
 * id makes a new one.
 */
export const olderSaveBody = z.object({
  id: z.string().max(64).optional(),
  /** At most 50 characters, as the application keeps it (001 §9: the new wizard's input limit). */
  unitName: z.string().max(50, messages.unitNameTooLong).default(''),
  socialCreditCode: text(18),
  unitTypeCode: text(4),
  /** The licence picture's file. */
  license: fileId,
  /** The licence OCR's serial (busSerialNo). */
  busSerialNo: text(64),
  /** Province, city, district codes (addressState); the last is unitAdminNum. */
  addressState: z.array(z.string().max(12)).max(3).default([]),
  personName: z.string().max(16, messages.invalidLegalName).default(''),
  identityNum: z.string().max(18, messages.invalidLegalIdNumber).default(''),
  identityFront: fileId,
  identityBack: fileId,
  tel: text(11),
  seals: z.array(olderDraftSeal).max(30).default([]),
})
export type OlderSaveBody = z.input<typeof olderSaveBody>
export const olderSaveAnswer = z.object({ id: z.string() })

/** '1' or 1: the spec's numbers travel as either. */
const numberLike = z.union([z.number().int(), z.string().max(4)]).transform((value) => Number(value))

/**
 * One seal of POST /apply/multiple/seals (001 §7 cloudApplyParams). `pin` is the seal password: hashed at
 * once, never stored. `sealPic` and `originalFileId` († ours) are the cut-out impression and the photo, as
 * the new wizard's seal item carries them; `sealMark` and `makeDate` are accepted and not used.
 */
export const cloudApplyParam = z.object({
  personName: text(50),
  unitName: text(120),
  socialCreditCode: text(18),
  personIdentity: text(100),
  unitAdminNum: text(12),
  phoneId: text(11),
  sealName: text(40),
  pin: z.string().max(32).default(''),
  sealMark: text(200),
  makeDate: text(8),
  sealTypeCode: z.string().max(8),
  identityType: z.string().max(4).default('111'),
  unitTypeCode: text(4),
  /** The physical seal's code (step 4-1), '' without one. */
  sealCode: text(64),
  manualReview: z.boolean().default(false),
  /** 1 apply (the only one this door takes), 2 activate, 3 change (001 §3 _businessType). */
  applyType: numberLike.default(1),
  sealPic: fileId,
  originalFileId: fileId,
})
export type CloudApplyParam = z.input<typeof cloudApplyParam>

/**
 * POST /apply/multiple/seals: the older wizard's submission. `ranId` is the unit verification of step 2
 * (POST /apply/fourElementsOfEnterpriseVerification) and names the application it verified.
 * `applicationFiles` and `truthful` († ours): the signed application form when the verification failed or a
 * seal photo goes to a reviewer, as the new wizard's step 3-1 asks.
 */
export const multipleSealsBody = z.object({
  ranId: z.string().min(1, '请先完成法定代表人身份核验').max(64),
  serialNo: text(64),
  personFront: fileId,
  personBack: fileId,
  tel: text(11),
  license: fileId,
  unitTypeCode: text(4),
  synchRealName: z.boolean().optional(),
  expand: z.string().max(500).optional(),
  cloudApplyParams: z.array(cloudApplyParam).min(1, messages.sealTypeRequired).max(25),
  applicationFiles: z.array(z.string().max(64)).max(5).default([]),
  truthful: z.boolean().default(false),
})
export type MultipleSealsBody = z.input<typeof multipleSealsBody>
/** The application's id is the log id of the result page (/seal-apply/step-5/{flag}/{logId}). */
export const multipleSealsAnswer = z.object({ logId: z.string(), applyStatus: z.string() })

/**
 * POST /seal/queryMake: the unit's seal records (the existing-record query). `socialCreditCode` names the
 * unit; `sealCode` narrows to a physical seal code (step 4-1); `useUnitName`, when given, must be the unit's
 * name on record. carrierTypeCode, sdkVersion and unitAdminNum are accepted and not used.
 */
export const queryMakeBody = z.object({
  carrierTypeCode: z.union([z.number(), z.string().max(8)]).optional(),
  sdkVersion: z.string().max(32).optional(),
  socialCreditCode: creditCodeSchemaWith(messages.invalidCreditCode),
  unitAdminNum: z.string().max(12).optional(),
  useUnitName: z.string().max(120).optional(),
  sealCode: z.string().max(64).optional(),
})

/** One record (001 §4 "Seal status from the existing-record query": status in the wide reading). */
export const sealRecord = z.object({
  sealId: z.string(),
  sealTypeCode: z.string(),
  sealTypeName: z.string(),
  sealName: z.string(),
  sealCode: z.string(),
  status: z.string(),
  personName: z.string(),
  unitAdminNum: z.string(),
  businessName: z.string(),
  /** Masked (maskIdNumber). */
  personIdentity: z.string(),
  /** The other-type seal's name: which of the unit's 99 seals this is; '' for the named types. */
  extraMark: z.string(),
})
export type SealRecord = z.infer<typeof sealRecord>
export const queryMakeAnswer = z.array(sealRecord)

/** POST /seal/queryCannotMakeBySocialCreditCode and POST /apply/get/applySealTypeCode. */
export const socialCreditCodeBody = z.object({
  socialCreditCode: creditCodeSchemaWith(messages.invalidCreditCode),
  unitTypeCode: z.string().max(4).optional(),
})

/** A seal type that cannot be made now: the unit holds one in effect (or on its way), or applies for one. */
export const cannotMakeItem = z.object({ sealTypeCode: z.string(), sealTypeName: z.string(), applying: z.boolean() })
export const cannotMakeAnswer = z.array(cannotMakeItem)

/** A seal type the older wizard offers (001 §3 "Seal type option": sealTypeCode, sealTypeName, canMake). */
export const applySealType = z.object({ sealTypeCode: z.string(), sealTypeName: z.string(), canMake: z.boolean() })
export type ApplySealType = z.infer<typeof applySealType>
export const applySealTypeAnswer = z.array(applySealType)

/** POST /seal/querySealInfoNew. */
export const querySealInfoBody = z.object({ sealId: z.string().min(1, '缺少参数：sealId').max(64) })

/** A seal an application made (the apply-log's success list). */
export const applyLogSeal = z.object({
  sealId: z.string(),
  sealName: z.string(),
  sealTypeCode: z.string(),
  sealTypeName: z.string(),
  sealCode: z.string(),
  certStartTime: z.number(),
  certEndTime: z.number(),
  /** A short-lived link to the seal's picture. */
  sealPic: z.string().nullable(),
})
export type ApplyLogSeal = z.infer<typeof applyLogSeal>

/**
 * GET /seal/queryLogById/{id} (001 §3 "Apply-log result", §4): the application as the result page reads it.
 * applyStatus 0 waiting (submitted, in review or being made), 1 success (at least one seal made), 2 failure
 * (failed, withdrawn or refused). The first made seal's fields fill the spec's single-seal fields; `seals`
 * and `failSeals` († ours) list every seal.
 */
export const applyLogAnswer = z.object({
  id: z.string(),
  applyStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  failReason: z.string().nullable(),
  /** When the platform answered (reviewed), epoch ms. */
  feedbackTime: z.number().nullable(),
  certStartTime: z.number().nullable(),
  certEndTime: z.number().nullable(),
  /** Comma-separated seal types of the application. */
  sealTypeCode: z.string(),
  businessName: z.string(),
  socialCreditCode: z.string(),
  /** When the application was submitted, epoch ms. */
  timestamp: z.number().nullable(),
  personIdentity: z.string(),
  personName: z.string(),
  unitAdminNum: z.string(),
  unitTypeCode: z.string(),
  applyType: z.number(),
  sealPic: z.string().nullable(),
  sealCode: z.string(),
  seals: z.array(applyLogSeal),
  failSeals: z.array(z.object({ sealTypeCode: z.string(), sealName: z.string(), failReason: z.string().nullable() })),
})
export type ApplyLogAnswer = z.infer<typeof applyLogAnswer>
