import { z } from 'zod'
import { applyStatus } from '../codes/apply-status.ts'
import { applicantKind, businessType, changeType, type ChangeType } from '../codes/business-type.ts'
import { messages } from '../messages.ts'
import { creditCodeSchemaWith } from '../rules/credit-code.ts'
import { idCardSchemaWith } from '../rules/id-card.ts'
import { personNameSchemaWith } from '../rules/names.ts'
import { mobilePhoneSchemaWith } from '../rules/phone.ts'

/**
 * Contracts of the enterprise seal application through the new wizard (spec 001 §2 "New wizard", §3
 * "Application (new wizard)", §7; issue #10). Field names are the spec's. Paths the spec names are kept;
 * those marked † are ours (the spec: "paths not shown").
 *
 * The form is saved as typed (暂存 takes anything the inputs allow); each step's rules are checked, in
 * the spec's order, by `@seal/shared/rules/unit-apply` on both sides when the step moves on.
 */

const text = (max: number) => z.string().max(max).default('')
const fileId = z.string().max(64).default('')

export const applyStatuses = Object.values(applyStatus) as [string, ...string[]]
const changeTypeSchema = z.enum(Object.values(changeType) as [ChangeType, ...ChangeType[]])
export const businessTypes = Object.values(businessType) as [string, ...string[]]
export const applicantKinds = Object.values(applicantKind) as [string, ...string[]]

/** Steps of the new wizard ('1', '2', '3-1', '3-2'; cancellation '1', '2-1', '2-2'). */
export const wizardSteps = ['1', '2', '3-1', '3-2', '2-1', '2-2'] as const
export type WizardStepKey = (typeof wizardSteps)[number]

/**
 * One seal of the application (spec 001 §3 "Seal item"). `_id` is the client's key for the row;
 * `sealPic` is the cut-out impression's file (a PNG the extractor made), `originalFileId` the photo.
 * `errorCount` counts failed extractions: from the second the photo goes to manual review as it is.
 */
export const applySealItem = z.object({
  _id: z.string().max(64),
  /** The existing seal (change, renewal, cancellation, recover). */
  sealId: z.string().max(64).default(''),
  /** The filing number (备案号); '' for 无备案号. */
  sealCode: text(64),
  sealName: text(40),
  sealTypeCode: z.string().max(8),
  sealTypeName: text(40),
  sealPic: fileId,
  originalFileId: fileId,
  errorCount: z.number().int().min(0).max(100).default(0),
  /** The impression could not be extracted and the photo goes to a reviewer as it is. */
  manualReview: z.boolean().default(false),
})
export type ApplySealItem = z.infer<typeof applySealItem>

/** Authorisation kept through a change or renewal (spec 001 §3 "Authorisation person"). */
export const applyAuthPerson = z.object({
  /** The authorisation (ours: the spec's item has no id; matching by seal and name alone is ambiguous). */
  authId: z.string().max(64).default(''),
  sealType: z.string().max(8),
  sealId: z.string().max(64),
  name: text(50),
  authUseType: text(8),
  authStartTime: z.number().int().nullable().default(null),
  authEndTime: z.number().int().nullable().default(null),
})
export type ApplyAuthPerson = z.infer<typeof applyAuthPerson>

/**
 * What the applicant types and uploads, step by step. Passwords are sent when step 2 is saved and never
 * come back: the server keeps only their hashes (`legalPasswordSet`, `sealManagerPasswordSet`).
 */
export const unitApplicationForm = z.object({
  /** Absent for a new draft. */
  id: z.string().max(64).optional(),
  businessType: z.enum(businessTypes),
  applyType: z.enum(applicantKinds),
  step: z.enum(wizardSteps).default('1'),
  /** For change, renewal, cancellation: the seal the wizard was opened for. */
  sealId: z.string().max(64).default(''),

  // Operator (operator applications only)
  operatorRealName: text(50),
  operatorIdCardNo: text(100),
  operatorTel: text(11),
  operatorFrontFileId: fileId,
  operatorBackFileId: fileId,

  // Unit
  businessLicense: fileId,
  unitName: text(50),
  socialCreditCode: text(18),
  /** Province, city, district codes of the registration region. */
  addr: z.array(z.string().max(12)).max(3).default([]),
  unitTypeCode: text(4),
  /** The unit type the credit code's prefix gives (shown when it differs from the chosen one). */
  autoUnitTypeCode: text(4),

  // Legal representative
  legalPersonName: text(50),
  legalPersonIdentityType: z.string().max(4).default('111'),
  legalPersonIdentityNo: text(100),
  legalTel: text(11),
  legalPersonIdFrontFileId: fileId,
  legalPersonIdBackFileId: fileId,

  // Seal manager
  setSealManager: z.boolean().default(false),
  sealManagerName: text(50),
  sealManagerTel: text(11),
  sealManagerIdentityType: z.string().max(4).default('111'),
  sealManagerIdentityNo: text(100),
  sealManagerIdFrontFileId: fileId,
  sealManagerIdBackFileId: fileId,
  /** 经办人即管理员: the operator's name and ID were copied to the manager. */
  operatorIsManager: z.boolean().default(false),

  reservedAuth: z.boolean().default(true),
  sealInfo: z.array(applySealItem).max(40).default([]),
  authPersons: z.array(applyAuthPerson).max(200).default([]),

  // Step 2 passwords (write-only)
  legalPassword: z.string().max(32).optional(),
  legalPasswordConfirm: z.string().max(32).optional(),
  sealManagerPassword: z.string().max(32).optional(),
  sealManagerPasswordConfirm: z.string().max(32).optional(),

  // Step 3-1
  /** The signed application form: images or PDFs, at most 5 (spec 001 §5). */
  applicationFiles: z.array(z.string().max(64)).max(5).default([]),
  /** 本人承诺所提交材料真实有效: checked to submit. */
  truthful: z.boolean().default(false),
})
export type UnitApplicationForm = z.infer<typeof unitApplicationForm>
export type UnitApplicationFormInput = z.input<typeof unitApplicationForm>

/** A seal item's outcome after review (failSealItems / successSealItems). */
export const sealItemOutcome = z.object({
  /** The seal item (`_id`) this outcome is for. */
  itemId: z.string().optional(),
  sealTypeCode: z.string(),
  sealName: z.string(),
  /** The made seal (success). */
  sealId: z.string().nullable(),
  failReason: z.string().nullable(),
})

/** A signed document of the application (the legal representative's PAdES signature on it). */
export const applySignedFile = z.object({ key: z.string(), title: z.string(), fileId: z.string() })

/**
 * The application as stored (GET /seal-apply/apply/detail): the form without passwords, plus what the
 * server decided. `companyVerifyPass` is null until the unit verification ran.
 */
export const unitApplicationDetail = unitApplicationForm
  .omit({ legalPassword: true, legalPasswordConfirm: true, sealManagerPassword: true, sealManagerPasswordConfirm: true })
  .extend({
    id: z.string(),
    applyStatus: z.enum(applyStatuses),
    legalPasswordSet: z.boolean(),
    sealManagerPasswordSet: z.boolean(),
    companyVerifyPass: z.boolean().nullable(),
    companyVerifyReason: z.string().nullable(),
    /** The verification's serial (ranId). */
    serialNo: z.string().nullable(),
    /** The legal representative's successful face check for this application. */
    faceSerialNo: z.string().nullable(),
    /** Signed by the legal representative (form, confirmation, authorisation document). */
    signedFiles: z.array(applySignedFile),
    failReason: z.string().nullable(),
    failSealItems: z.array(sealItemOutcome),
    successSealItems: z.array(sealItemOutcome),
    /**
     * A change's type (001 §4: '3' unit name or region changed, '1' legal person changed with the name seal
     * 05, '2' legal person changed, '0' nothing), decided by the server against the unit on record; null
     * for the other business types. Says which seals need a new picture at step 2.
     */
    changeType: changeTypeSchema.nullable().optional(),
    /** What the legal representative does with his PIN when he signs (rules/unit-apply legalPinAtSigning). */
    legalPinAtSigning: z.enum(['set', 'confirm']).nullable().optional(),
    /** He also sets the seal manager's password when he signs (the operator is not the manager). */
    managerPinAtSigning: z.boolean().optional(),
    /** The caller is this application's applicant (may edit, withdraw, delete). */
    mine: z.boolean(),
    createTime: z.number().int(),
    updateTime: z.number().int(),
    submitTime: z.number().int().nullable(),
  })
export type UnitApplicationDetail = z.infer<typeof unitApplicationDetail>

/**
 * POST /seal-apply/apply/temporary (暂存) and POST /seal-apply/apply/save: both store the form and answer
 * its id. `temporary` keeps anything; `save` moves to `step` and first checks every step before it.
 */
export const saveApplicationAnswer = z.object({ id: z.string(), step: z.enum(wizardSteps), changeType: changeTypeSchema.nullable().optional() })

/** POST /seal-apply/apply/findDraft †: the caller's open draft of this kind, if any. */
export const findDraftBody = z.object({
  businessType: z.enum(businessTypes),
  applyType: z.enum(applicantKinds),
  sealId: z.string().max(64).optional(),
})
export const findDraftAnswer = z.object({ id: z.string(), step: z.enum(wizardSteps), updateTime: z.number().int() }).nullable()

/** POST /seal-apply/apply/page: the caller's applications of one tab. */
export const applyPageBody = z.object({
  applyType: z.enum(applicantKinds),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  /** The spec sends it; the server answers for the caller only. */
  identityNo: z.string().max(100).optional(),
})
export const applyRecordItem = z.object({
  id: z.string(),
  unitName: z.string(),
  /** Comma-separated seal type codes. */
  sealType: z.string(),
  applyStatus: z.enum(applyStatuses),
  failReason: z.string().nullable(),
  createTime: z.number().int(),
  businessType: z.enum(businessTypes),
  applyType: z.enum(applicantKinds),
  /**
   * The door it came through (issue #21): null for the new wizard, OFFLINE for the operator's offline
   * materials (its pages are /seal-apply/operator/*), OLDER for the older step wizard, change and renewal.
   */
  door: z.enum(['OFFLINE', 'OLDER']).nullish(),
})
export type ApplyRecordItem = z.infer<typeof applyRecordItem>
export const applyPageAnswer = z.object({
  records: z.array(applyRecordItem),
  pages: z.number().int(),
  total: z.number().int(),
  pageNo: z.number().int(),
})

/** POST /seal-apply/seal/queryCanApply. */
export const queryCanApplyBody = z.object({
  socialCreditCode: z.string().max(18),
  businessTypeEnum: z.enum(businessTypes).default('APPLY'),
  identityNo: z.string().max(100).optional(),
})
export const canApplySealType = z.object({
  sealTypeCode: z.string(),
  sealTypeName: z.string(),
  /** The unit already holds or is applying for this type: disabled, marked （已申请）. */
  applied: z.boolean(),
  /** Must be chosen (unit seal 01 for a new application): marked （必选）. */
  required: z.boolean(),
  /** Shown without 更多 (01 and 05). */
  shownByDefault: z.boolean(),
})
export const queryCanApplyAnswer = z.object({ canApply: z.array(canApplySealType), hasSeal: z.boolean() })

/**
 * POST /seal-apply/seal/detail: the seal a change, renewal or cancellation is opened for (its unit and legal
 * representative prefill step 1), as /seal/detail gives it. `businessType` by name or by number (000 §3:
 * 2 cancel, 3 change, 4 renewal); the identity fields are not read (the session says who asks).
 */
export const sealApplyDetailBody = z.object({
  sealId: z.string().min(1, '缺少参数：sealId').max(64),
  businessType: z.union([z.enum(businessTypes), z.number().int().min(1).max(4), z.enum(['1', '2', '3', '4'])]).nullish(),
  personIdentityType: z.string().max(8).nullish(),
  personIdentityNo: z.string().max(32).nullish(),
})

/**
 * GET /seal-apply/unit/definition: the unit types the credit code's first characters decide — the built-in
 * rule the wizard and the registry apply (defaultUnitTypeDefinitions, unitTypeOfCreditCode: these prefixes
 * are administrative or public institutions, 06; anything else 02).
 */
export const unitDefinitionAnswer = z.array(z.object({ code: z.string(), value: z.array(z.string()) }))

/** POST /seal-apply/seal/filingInfo: filing numbers on record for the unit's seals of a type. */
/** POST /seal-apply/seal/auths: the authorisations of the seals a change or renewal names (failure: an empty list). */
export const sealAuthsBody = z.object({ sealIds: z.array(z.string().max(64)).max(50) })
export const sealAuthsAnswer = z.array(applyAuthPerson)

export const filingInfoBody = z.object({ socialCreditCode: z.string().max(18), sealTypeCode: z.string().max(8) })
export const filingInfoAnswer = z.array(z.object({ sealName: z.string(), sealCode: z.string() }))

/**
 * POST /apply/fourElementsOfEnterpriseVerification: the unit verification of step 1 (four-element check
 * or business-licence check by configuration, with the legal representative's face check when the legal
 * representative applies). The outcome is recorded on the application (companyVerifyPass).
 * `resultStatus` '00' passed; '40075' opens the manual-review dialog; others are failures.
 */
export const fourElementsBody = z.object({
  /** The application being verified (ours: the spec sends the fields only). */
  applyId: z.string().max(64),
  legal: z.string().max(50),
  legalIdentity: z.string().max(100),
  name: z.string().max(120),
  socialCode: z.string().max(18),
  unitTypeCode: z.string().max(4).optional(),
  unitAdminNum: z.string().max(12).optional(),
  /** The legal representative's face check (its serialNo) when the legal representative applies. */
  faceSerialNo: z.string().max(64).optional(),
  authCode: z.string().max(64).optional(),
  limitDuplicateApplication: z.array(z.string().max(8)).max(10).optional(),
  /** After 40075, the applicant chose to continue to manual review. */
  continueToManualReview: z.boolean().optional(),
})
export const fourElementsAnswer = z.object({
  resultStatus: z.string(),
  responseInfo: z.string(),
  data: z.object({
    ranId: z.string().nullable(),
    passed: z.boolean(),
    nextStep: z.enum(wizardSteps),
    /** What the check found wrong (单位名称不一致…), or the vendor's reason for 40075; null when passed. */
    reason: z.string().nullable().optional(),
  }),
})

/** POST /seal-apply/apply/signDocuments †: the documents the legal representative signs, unsigned. */
export const signDocumentsAnswer = z.array(applySignedFile)

/** POST /seal-apply/apply/signCode †: an SMS code to the legal representative's phone to confirm signing. */
export const signCodeBody = z.object({ applyId: z.string().max(64) })

/**
 * POST /seal-apply/apply/submitSign: the legal representative signs every document by hand (a handwriting
 * sample of theirs), confirmed by an SMS code to their phone; the signed PDFs go on the application.
 */
export const submitSignBody = z.object({
  applyId: z.string().max(64),
  signatureId: z.string().max(64),
  smsCode: z.string().max(8),
  /**
   * An operator's application: the legal representative's own PIN, set for the seals (with its
   * confirmation) or confirming the one they keep (detail `legalPinAtSigning`); the manager's password
   * when the operator is not the manager (`managerPinAtSigning`). Checked, hashed, never stored or logged.
   */
  legalPassword: z.string().max(32).optional(),
  legalPasswordConfirm: z.string().max(32).optional(),
  sealManagerPassword: z.string().max(32).optional(),
  sealManagerPasswordConfirm: z.string().max(32).optional(),
})

/** POST /seal-apply/apply/submit. */
export const submitApplicationBody = z.object({ id: z.string().max(64) })
export const submitApplicationAnswer = z.object({ id: z.string(), applyStatus: z.enum(applyStatuses) })

export const applyIdQuery = z.object({ id: z.string().max(64) })

/** The keys of the signed application documents (001 §3 "Signing files"); legalDownload's `key` picks one. */
export const signedFileKeys = ['applyFormId', 'applyConfirmDocumentId', 'authDocumentId'] as const

/**
 * GET /seal-apply/apply/legalDownload: one signed document of an application for anyone who may read the
 * application (the agency centre's preview), else the form.
 */
export const legalDownloadPath = (id: string, key?: (typeof signedFileKeys)[number]) =>
  `/seal-apply/apply/legalDownload?id=${encodeURIComponent(id)}${key ? `&key=${key}` : ''}`

/**
 * POST /paas-seal-offline-sdk/v1/offlineApply/getRenewalDocuments (001 §7): the renewal application form
 * to sign, filled with the unit on record and its seals that can be renewed, stored as the caller's file.
 * `personName`/`personIdentity` name the legal representative, `sealOperator…` who applies (the legal
 * representative themself, or an operator).
 */
export const renewalDocumentsBody = z.object({
  unitName: z.string().trim().max(120).default(''),
  socialCreditCode: creditCodeSchemaWith(messages.invalidCreditCodeWizard),
  personName: personNameSchemaWith(messages.invalidLegalName),
  personIdentity: idCardSchemaWith(messages.invalidLegalIdNumber),
  sealOperator: personNameSchemaWith(messages.invalidOperatorName),
  sealOperatorIdentity: idCardSchemaWith(messages.invalidOperatorIdNumber),
  sealOperatorTel: mobilePhoneSchemaWith(messages.invalidOperatorPhone),
})
export type RenewalDocumentsBody = z.infer<typeof renewalDocumentsBody>

const signField = z.object({
  page: z.number(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  name: z.string(),
  kind: z.string(),
  signer: z.string(),
  label: z.string(),
  required: z.boolean(),
})
/** Where a document's signatures go (the signing SDK's localConfig; @seal/pdf LocalConfig). */
export const localConfigShape = z.object({
  pageCount: z.number(),
  pageSize: z.object({ width: z.number(), height: z.number() }),
  fields: z.array(signField),
})
export const renewalDocumentsAnswer = z.object({ fileId: z.string(), localConfig: localConfigShape })
/** GET /paas-seal-offline-sdk/v1/offlineApply/agreement: the 电子印章服务协议 for the caller, and where it is signed. */
export const offlineAgreementAnswer = z.object({ fileId: z.string(), localConfig: localConfigShape })
