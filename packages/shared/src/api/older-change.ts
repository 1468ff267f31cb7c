import { z } from 'zod'
import { applyStatuses } from './unit-apply.ts'
import { changeType, type ChangeType } from '../codes/business-type.ts'

/**
 * Contracts of the older change and renewal pages (spec 001 §2 "Step-based application (older wizard)",
 * §7 "Offline and older flow"; issue #21 §4). They are doors into the enterprise applications of the new
 * wizard: the draft is the same unit_applications row, saved and verified by the same calls
 * (/seal-apply/apply/temporary, /save, /apply/fourElementsOfEnterpriseVerification); these calls are what
 * the older pages add. `ranId` is the serial the unit verification answered: it names the draft. Fields
 * marked "ours" are not in the spec's payloads.
 */

const id = z.string().max(64)
const changeTypeSchema = z.enum(Object.values(changeType) as [ChangeType, ...ChangeType[]])
/** An applyType of a payload, as a number or a string ('3' change, '4' renewal: 001 §1). */
const payloadApplyType = z.union([z.number().int(), z.string().max(4)]).transform(String)

/**
 * POST /apply/checkChangeLegal (001 §7 "change check {personName, personIdentity, socialCreditCode,
 * identityType} → isChange, sealTypeList"): whether the unit as typed differs from the unit on record for
 * the seal, the change type code of 001 §4, and the unit's seals in effect a change may name.
 */
export const checkChangeLegalBody = z.object({
  personName: z.string().max(50),
  personIdentity: z.string().max(100),
  socialCreditCode: z.string().max(18),
  identityType: z.string().max(4).default('111'),
  /** Ours: the seal the change is opened for. */
  sealId: z.string().min(1, '缺少参数：sealId').max(64),
  /** Ours: the unit name as typed (the name on record when left out). */
  unitName: z.string().max(120).optional(),
  /** Ours: the last level of the registration region as chosen. */
  unitAdminNum: z.string().max(12).optional(),
  /** Ours: the seal types the change names (type '1' needs the name seal 05 among them). */
  sealTypeCodes: z.array(z.string().max(8)).max(40).default([]),
})
export type CheckChangeLegalBody = z.input<typeof checkChangeLegalBody>

export const changeableSeal = z.object({
  sealId: z.string(),
  sealTypeCode: z.string(),
  sealTypeName: z.string(),
  sealName: z.string(),
  sealCode: z.string(),
  /** The change type asks a new picture of this seal ('1' only 05, '2' none, '3' all). */
  needsPicture: z.boolean(),
})
export type ChangeableSeal = z.infer<typeof changeableSeal>

export const checkChangeLegalAnswer = z.object({
  isChange: z.boolean(),
  changeType: changeTypeSchema,
  sealTypeList: z.array(changeableSeal),
  /** Ours: the seals the change must name (a new unit name: every seal in effect; a seal left behind by a rename). */
  requiredSealIds: z.array(z.string()),
})
export type CheckChangeLegalAnswer = z.infer<typeof checkChangeLegalAnswer>

/**
 * POST /seal/queryMakeIgnoreStatus (001 §7 "same [as /seal/queryMake], for change"): the unit's seal records
 * whatever their status, or the one with `sealCode`. Step 3-1 confirms the physical seal's code from them.
 */
export const queryMakeBody = z.object({
  carrierTypeCode: z.union([z.number().int(), z.string().max(4)]).optional(),
  sdkVersion: z.string().max(32).optional(),
  socialCreditCode: z.string().max(18).default(''),
  unitAdminNum: z.string().max(12).optional(),
  useUnitName: z.string().max(120).optional(),
  sealCode: z.string().max(64).optional(),
})
export const sealMakeRecord = z.object({
  sealId: z.string(),
  sealCode: z.string(),
  sealName: z.string(),
  sealTypeCode: z.string(),
  sealTypeName: z.string(),
  /** The management reading of the seal's status (1 in effect, 2 cancelled, …). */
  status: z.string(),
  useUnitName: z.string(),
  socialCreditCode: z.string(),
})
export type SealMakeRecord = z.infer<typeof sealMakeRecord>
export const queryMakeAnswer = z.array(sealMakeRecord)

/** POST /paas-composite-seal/seal/authorize/queryBySealId {sealId, sealPlatType 0}: the seal's authorisations, with ids. */
export const queryAuthBySealIdBody = z.object({
  sealId: z.string().min(1, '缺少参数：sealId').max(64),
  sealPlatType: z.union([z.number().int(), z.string().max(4)]).default(0),
})
export const sealAuthorisation = z.object({
  id: z.string(),
  authId: z.string(),
  sealId: z.string(),
  sealType: z.string(),
  name: z.string(),
  authUseType: z.string(),
  authStartTime: z.number().nullable(),
  authEndTime: z.number().nullable(),
})
export type SealAuthorisation = z.infer<typeof sealAuthorisation>
export const queryAuthBySealIdAnswer = z.array(sealAuthorisation)

/**
 * POST /apply/getUpdateAuthFile (001 §7 {authIds, businessName, identityType, personIdentity, personName,
 * socialCreditCode} → signLocation, authFileId): the authorisations the change keeps are recorded on the
 * draft (all of them, or none), and the document the legal representative signs comes back, with the
 * others he signs with it (ours: `files`).
 */
export const getUpdateAuthFileBody = z.object({
  authIds: z.array(id).max(200).default([]),
  businessName: z.string().max(120),
  identityType: z.string().max(4).default('111'),
  personIdentity: z.string().max(100),
  personName: z.string().max(50),
  socialCreditCode: z.string().max(18),
  /** Ours: the unit verification of this change (its serial names the draft). */
  ranId: id,
})
const pageBox = z.object({ page: z.number(), x: z.number(), y: z.number(), width: z.number(), height: z.number() })
export const getUpdateAuthFileAnswer = z.object({
  authFileId: z.string(),
  signLocation: pageBox,
  /** Ours: every document the signature goes on, the authorisation file first. */
  files: z.array(z.object({ key: z.string(), title: z.string(), fileId: z.string() })),
})
export type GetUpdateAuthFileAnswer = z.infer<typeof getUpdateAuthFileAnswer>

/**
 * One seal of an older submission (001 §7 cloudApplyParams; 002 §3 "Change/apply payload per seal"). What
 * it says must be what the verified draft says; `pin` and `sealMark` are not taken here (the PIN was hashed
 * when step 3 saved the draft, the picture is the draft's cut-out).
 */
export const cloudApplyParam = z.object({
  personName: z.string().max(50),
  personIdentity: z.string().max(100),
  identityType: z.string().max(4).default('111'),
  unitName: z.string().max(120),
  socialCreditCode: z.string().max(18),
  unitAdminNum: z.string().max(12).optional(),
  unitTypeCode: z.string().max(4).optional(),
  phoneId: z.string().max(32).optional(),
  sealId: z.string().min(1, '缺少参数：sealId').max(64),
  sealTypeCode: z.string().max(8),
  sealName: z.string().max(60).optional(),
  sealCode: z.string().max(64).optional(),
  makeDate: z.string().max(8).optional(),
  manualReview: z.boolean().optional(),
  applyType: payloadApplyType,
  /** The authorisations of this seal kept (renewal). */
  authIds: z.array(id).max(200).optional(),
})
export type CloudApplyParam = z.input<typeof cloudApplyParam>

const olderSubmission = z.object({
  ranId: id,
  serialNo: z.string().max(64).optional(),
  tel: z.string().max(11),
  personFront: z.string().max(64).optional(),
  personBack: z.string().max(64).optional(),
  license: z.string().max(64).optional(),
  cloudApplyParams: z.array(cloudApplyParam).min(1, '请选择印章！').max(40),
})

/** POST /apply/multiple/updateOrApply (001 §7): the change, signed, goes to review. */
export const updateOrApplyBody = olderSubmission.extend({
  /** The signed authorisation file (the fileId submitSign answered for it). */
  authFileId: id,
  authIds: z.array(id).max(200).default([]),
  unitTypeCode: z.string().max(4).optional(),
})
export type UpdateOrApplyBody = z.input<typeof updateOrApplyBody>

/** POST /paas-composite-seal/seal/apply/update/multipleSealOperate (001 §7): the renewal, signed, goes to review. */
export const multipleSealOperateBody = olderSubmission.extend({
  sealPlatType: z.union([z.number().int(), z.string().max(4)]).default(0),
  /** An operator's renewal is the new wizard's: the older pages serve the legal representative (decisions.md). */
  isOperatorApply: z.boolean().optional(),
})
export type MultipleSealOperateBody = z.input<typeof multipleSealOperateBody>

/** Both submissions answer the application (ours: the spec shows no answer). */
export const olderSubmissionAnswer = z.object({ applyId: z.string(), applyStatus: z.enum(applyStatuses) })
export type OlderSubmissionAnswer = z.infer<typeof olderSubmissionAnswer>

/** What the older pages' calls say beyond the shared messages (ours: the spec leaves them open). */
export const olderChangeMessages = {
  verificationRequired: '请先完成法定代表人身份验证',
  notHolder: '仅单位登记的法定代表人（或本单位企业账户）可通过此页面办理',
  payloadDiffers: '提交的信息与已核验的申请不一致，请返回重新核验',
  keepAllOrNone: '原授权关系须全部保留或全部解除',
  operatorNotHere: '经办人续期请通过电子印章申请办理',
  wrongBusiness: '该申请不是本业务的申请，请返回重新办理',
} as const
