import { z } from 'zod'
import { offlineStatusCodes, type OfflineAction, type OfflineStatus } from '../codes/offline-status.ts'
import {
  APPLICATION_DOCUMENT_TYPE,
  BYTES_PER_MB,
  MAX_APPLICATION_FORM_FILES,
  uploadLimitMb,
} from '../codes/upload.ts'

/**
 * Contracts of the operator's offline-materials door (spec 001 §2 "Operator offline flow", §3 "Operator
 * application (offline)", "Offline apply detail", "Delivery record", "Consignee configuration", §7 "Offline
 * and older flow"; issue #21 §1, §2), all under `/paas-seal-offline-sdk/v1/offlineApply/` unless said.
 * Field names are the spec's. Calls marked † are ours (the spec: "path not shown").
 *
 * An offline application is the same enterprise application as the new wizard's (`unit_applications`,
 * statuses TEMPORARY_SAVE … LEGAL_REFUSED) entered through another door: the server keeps it in the one
 * model and answers its offline status code (@seal/shared/codes/offline-status) computed from its state.
 * Drafts take anything the inputs allow; `submitTodo` checks the whole form with the new wizard's rules
 * (@seal/shared/rules/unit-apply) and answers the first problem as the spec words it.
 */

const text = (max: number) => z.string().trim().max(max).default('')
const fileId = z.string().trim().max(64).default('')
// prefault: a missing applyId is refused in the spec's words (参数缺少申请编号), as an empty one.
const applyId = z.string().trim().min(1, '参数缺少申请编号').max(64).prefault('')
const statusCode = z
  .number()
  .int()
  .refine((code) => offlineStatusCodes.includes(code as OfflineStatus))
const actions = z.array(
  z.enum(['continue', 'cancel', 'withdraw', 'mail', 'reapply'] satisfies [OfflineAction, ...OfflineAction[]]),
)

/** Seal pattern of the offline flow: 10 MB (001 §9 "seal pattern 4 MB (10 MB offline)"). */
export const OFFLINE_SEAL_PATTERN_MAX_BYTES = uploadLimitMb.sealPatternOffline * BYTES_PER_MB
/** Each uploaded document (images or PDF), at most MAX_APPLICATION_FORM_FILES of them. */
export const OFFLINE_DOCUMENT_MAX_BYTES = uploadLimitMb.applicationForm * BYTES_PER_MB
export const OFFLINE_MAX_DOCUMENTS = MAX_APPLICATION_FORM_FILES
/** Other-type (99) seals per application (001 §5 限制20枚). */
export const OFFLINE_MAX_OTHER_SEALS = 20

/** The offline door's own messages (the spec's where it quotes one). */
export const offlineMessages = {
  queryFailed: '查询失败',
  missingApplyId: '参数缺少申请编号',
  withdrawn: '撤回成功',
  withdrawFailed: '撤回失败',
  done: '操作成功',
  submitFailed: '提交失败',
  sealPatternTooLarge: `印章图样不能超过${uploadLimitMb.sealPatternOffline}M`,
  documentTooLarge: `文件大小不能超过${uploadLimitMb.applicationForm}M`,
  documentKind: '请上传图片或PDF格式的文件',
  documentsFull: `最多上传${MAX_APPLICATION_FORM_FILES}个文件`,
  deliverCompanyRequired: '请输入快递公司',
  deliverNoRequired: '请输入快递单号',
  legalPasswordByLegal: '法定代表人的印章密码由法定代表人激活印章时本人设置，经办人无需填写',
  managerMustBeOperator: '线下申请的印章管理员须为经办人本人（经办人即管理员），或不设置管理员',
  notDraft: '申请已提交，不能修改',
  notAllowed: '当前状态不能进行该操作',
  sealItemNotFound: '印章不存在',
  impressionFailed: '印模提取失败',
  savedForLater: '已保存，可稍后上传',
} as const

/**
 * One seal of the offline application (gaSealTypeInfos: sealType and sealId; the detail adds id, sealName
 * and sealPicFileId). `sealId` names the existing seal for a change or renewal.
 */
export const offlineSealTypeInfo = z.object({
  /** The seal item (absent for a new one: the server gives it). */
  id: z.string().max(64).optional(),
  sealType: z.string().trim().min(1).max(8),
  sealId: z.string().trim().max(64).default(''),
  /** Other-type (99) seals: the name, unique within the application, ≤ 20 of them. */
  sealName: text(40),
  /** The filing number (备案号), '' for 无备案号. */
  sealCode: text(64),
})
export type OfflineSealTypeInfo = z.infer<typeof offlineSealTypeInfo>

/**
 * POST create and POST updateByApplyId (with `applyId`): the operator's form (001 §3 "Operator application
 * (offline)"), step-1. `businessType` 1 new, 3 change, 4 renewal (the offline form's numbers). The legal
 * representative's password is never the operator's to set (he sets it when he activates the seals):
 * `legalPassword` is refused when given. The manager's password only when the operator is the manager.
 */
export const offlineApplyForm = z.object({
  applyId: z.string().trim().max(64).optional(),
  businessType: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(3), z.literal(4)]))
    .default(1),

  operatorRealName: text(50),
  operatorIdCardNo: text(100),
  operatorTel: text(11),
  operatorPersonIdentityType: z.string().trim().max(4).default('111'),
  operatorIdentityFrontFileId: fileId,
  operatorIdentityBackFileId: fileId,

  licenseFileId: fileId,
  sealUseCompany: text(120),
  socialCode: text(18),
  unitTypeCode: text(4),
  /** Province, city, district codes (三级注册地). */
  registrationPlaceCode: z.array(z.string().trim().max(12)).max(3).default([]),
  /** The same place as people read it (shown only). */
  registrationPlace: text(120),

  reservedAuth: z.boolean().default(true),
  setSealManager: z.boolean().default(false),
  operatorIsManager: z.boolean().default(false),

  legalPersonName: text(50),
  legalPersonIdentityNo: text(100),
  legalPersonIdentityType: z.string().trim().max(4).default('111'),
  legalTel: text(11),
  legalPersonIdFrontFileId: fileId,
  legalPersonIdBackFileId: fileId,
  /** Refused when not empty (offlineMessages.legalPasswordByLegal). */
  legalPassword: z.string().max(32).optional(),
  legalConfirmPassword: z.string().max(32).optional(),

  sealManagerName: text(50),
  sealManagerIdentityNo: text(100),
  sealManagerIdentityType: z.string().trim().max(4).default('111'),
  sealManagerTel: text(11),
  sealManagerIdFrontFileId: fileId,
  sealManagerIdBackFileId: fileId,
  /** Write-only: only when `operatorIsManager` (hashed at once, never answered). */
  sealManagerPassword: z.string().max(32).optional(),
  sealManagerPasswordConfirm: z.string().max(32).optional(),

  gaSealTypeInfos: z.array(offlineSealTypeInfo).max(40).default([]),
})
export type OfflineApplyForm = z.infer<typeof offlineApplyForm>
export type OfflineApplyFormInput = z.input<typeof offlineApplyForm>

/** updateByApplyId: the same form, `applyId` required. */
export const offlineUpdateBody = offlineApplyForm.extend({ applyId })

/** create / updateByApplyId / reApply answer: the draft. */
export const offlineSavedAnswer = z.object({ applyId: z.string(), applyStatus: statusCode })

/** A link with an access token (the application form, the 授权委托书), good for 30 minutes. */
export const offlineFileInfo = z.object({
  fileName: z.string(),
  url: z.string(),
  expiresAt: z.number().int(),
})

/** An uploaded signed document (documentType 2). */
export const offlineDocument = z.object({
  fileId: z.string(),
  documentType: z.literal(APPLICATION_DOCUMENT_TYPE),
  fileName: z.string(),
  mediaType: z.string(),
  size: z.number().int(),
})
export type OfflineDocument = z.infer<typeof offlineDocument>

/** The delivery record (001 §3): the paper materials' courier. */
export const offlineDeliveryRecord = z.object({
  deliverCompany: z.string(),
  deliverNo: z.string(),
  authType: z.string(),
  /** When it was recorded (epoch ms). */
  deliverTime: z.number().int(),
})

/** A seal of the detail (gaSealTypeInfos of "Offline apply detail"). */
export const offlineSealDetail = z.object({
  id: z.string(),
  sealType: z.string(),
  sealName: z.string(),
  sealId: z.string(),
  sealCode: z.string(),
  /** The cut-out impression (or, for manual review, the photo as uploaded); '' until uploaded. */
  sealPicFileId: z.string(),
  /** The impression could not be cut out twice: the photo goes to the reviewer as it is. */
  manualReview: z.boolean(),
  errorCount: z.number().int(),
})

/** failSealItems / successSealItems: per seal, with the reviewer's reason the applicant reads. */
export const offlineSealOutcome = z.object({
  sealType: z.string(),
  sealName: z.string(),
  sealId: z.string().nullable(),
  failReason: z.string().nullable(),
})

/**
 * GET applyDetail/{id} (001 §3 "Offline apply detail"): the form as saved (never a password), the offline
 * status code with its label and actions, what was decided per seal, the documents and the courier record.
 */
export const offlineApplyDetail = offlineApplyForm
  .omit({
    applyId: true,
    legalPassword: true,
    legalConfirmPassword: true,
    sealManagerPassword: true,
    sealManagerPasswordConfirm: true,
    gaSealTypeInfos: true,
  })
  .extend({
    applyId: z.string(),
    applyStatus: statusCode,
    statusLabel: z.string(),
    actions,
    gaSealTypeInfos: z.array(offlineSealDetail),
    sealManagerPasswordSet: z.boolean(),
    applicationFormFileInfo: offlineFileInfo.nullable(),
    attorneyDocFileInfo: offlineFileInfo.nullable(),
    documents: z.array(offlineDocument),
    deliveryRecord: offlineDeliveryRecord.nullable(),
    successSealItems: z.array(offlineSealOutcome),
    failSealItems: z.array(offlineSealOutcome),
    failReason: z.string().nullable(),
    /** The reviewer's note. */
    checkRemark: z.string().nullable(),
    /** The unit verification's outcome, when one ran (null: none ran; the offline door needs none). */
    companyVerifyPass: z.boolean().nullable(),
    /** The applicant chose 稍后上传 at step-2-2 (pendingUpload). */
    pendingUpload: z.boolean(),
    /** The caller is the operator who made it (may edit, withdraw, reapply). */
    mine: z.boolean(),
    /** The channel it was saved through (null: before channels were recorded): its list of paper materials applies. */
    channel: z.string().nullable(),
    createTime: z.number().int(),
    updateTime: z.number().int(),
    submitTime: z.number().int().nullable(),
  })
export type OfflineApplyDetail = z.infer<typeof offlineApplyDetail>

export const offlineIdParams = z.object({ id: z.string().trim().min(1, '参数缺少申请编号').max(64) })

/** POST firstApplyDetail: the caller's latest offline application for the unit (identity from the session). */
export const firstApplyDetailBody = z.object({
  identityType: z.string().max(8).optional(),
  personIdentity: z.string().max(100).optional(),
  socialCode: z.string().trim().max(18).default(''),
})
export const firstApplyDetailAnswer = offlineApplyDetail.nullable()

/** POST seal/info: the seal types the unit may apply for (1), or its seals a change (3) or renewal (4) takes. */
export const offlineSealInfoBody = z.object({
  socialCreditCode: z.string().trim().max(18),
  businessType: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(3), z.literal(4)]))
    .default(1),
})
export const offlineSealOption = z.object({
  sealTypeCode: z.string(),
  sealTypeName: z.string(),
  /** May be chosen. */
  canMake: z.boolean(),
  /** Must be chosen (the unit seal 01 of a new application). */
  required: z.boolean(),
  /** Already applied for or held (new application): disabled, （已申请）. */
  applied: z.boolean(),
  /** The existing seal (change, renewal); '' for a new application. */
  sealId: z.string(),
  sealName: z.string(),
  sealCode: z.string(),
  /** Its status (wide reading, @seal/shared/codes/seal-status); '' for a new application. */
  status: z.string(),
})
export const offlineSealInfoAnswer = z.array(offlineSealOption)

/** POST sealInfoBySocial: the unit's seals, for its own verified people only (anyone else: an empty list). */
export const sealInfoBySocialBody = z.object({ socialCreditCode: z.string().trim().max(18) })
export const sealInfoBySocialAnswer = z.array(
  z.object({
    sealId: z.string(),
    sealTypeCode: z.string(),
    sealName: z.string(),
    sealCode: z.string(),
    status: z.string(),
  }),
)

export const offlineApplyIdBody = z.object({ applyId })

/** POST submitTodo: the whole form checked, then one move out of 暂存. */
export const submitTodoAnswer = z.object({ applyId: z.string(), applyStatus: statusCode })

/** POST deleteDocumentByApplyId. */
export const deleteDocumentBody = z.object({ applyId, fileId: z.string().trim().min(1).max(64) })

/** POST uploadDocumentByApplyId: a file uploaded through /file/upload, attached as a signed document. */
export const uploadDocumentBody = z.object({
  applyId,
  fileId: z.string().trim().min(1).max(64),
  documentType: z.coerce
    .number()
    .int()
    .pipe(z.literal(APPLICATION_DOCUMENT_TYPE))
    .default(APPLICATION_DOCUMENT_TYPE),
})
export const offlineDocumentsAnswer = z.array(offlineDocument)

/** POST recheckByApplyId: the courier of the paper materials (both required). */
export const recheckBody = z.object({
  applyId,
  // prefault: a missing field is checked as an empty one, and says what is missing in the same words.
  deliverCompany: z
    .string()
    .trim()
    .min(1, offlineMessages.deliverCompanyRequired)
    .max(50, offlineMessages.deliverCompanyRequired)
    .prefault(''),
  deliverNo: z
    .string()
    .trim()
    .min(1, offlineMessages.deliverNoRequired)
    .max(50, offlineMessages.deliverNoRequired)
    .prefault(''),
  authType: z.string().trim().max(20).default(''),
})

/** POST updateSealName: other-type seals' names (unique, ≤ 20 other-type seals). */
export const updateSealNameBody = z.object({
  applyId,
  sealInfos: z
    .array(z.object({ id: z.string().trim().min(1).max(64), name: z.string().trim().max(40) }))
    .min(1)
    .max(40),
})
export const updateSealNameAnswer = z.array(offlineSealDetail)

/**
 * POST uploadSealBase64Pic: a seal pattern (≤ 10 MB) for one seal item (`id`, or a new item of
 * `sealTypeCode`), cut out by the impression extraction. A first failure answers 印模提取失败 with the
 * reason; from the second the photo is kept as it is for manual review (`manualReview` true).
 */
export const uploadSealPicBody = z.object({
  applyId,
  id: z.string().trim().max(64).optional(),
  sealName: z.string().trim().max(40).default(''),
  sealTypeCode: z.string().trim().min(1).max(8),
  sealId: z.string().trim().max(64).default(''),
  base64File: z
    .string()
    .min(1, '请上传印章图样')
    .max(Math.ceil((OFFLINE_SEAL_PATTERN_MAX_BYTES * 4) / 3) + 100, offlineMessages.sealPatternTooLarge),
})
export const uploadSealPicAnswer = z.object({
  id: z.string(),
  /** The cut-out impression (PNG), or the photo itself when it goes to manual review. */
  picBase64: z.string(),
  manualReview: z.boolean(),
  errorCount: z.number().int(),
})

/** GET deleteSealPic?id=: the seal item's picture removed (the item stays). */
export const deleteSealPicQuery = z.object({
  id: z.string().trim().min(1).max(64),
  applyId: z.string().trim().max(64).optional(),
})

/** The generated documents a link may name: 1 电子印章申请表, 2 授权委托书 (the operator's). */
export const offlineDocumentKinds = ['applicationForm', 'attorneyDoc'] as const
export type OfflineDocumentKind = (typeof offlineDocumentKinds)[number]

/** POST documentLink †: a link to a generated document, carrying a 30-minute access token. */
export const documentLinkBody = z.object({
  applyId,
  type: z.enum(offlineDocumentKinds).default('applicationForm'),
})
/** GET downloadDocument?applyId=&type=&access_token= †: the PDF (the token is the authorisation). */
export const downloadDocumentQuery = z.object({
  applyId: z.string().trim().max(64),
  type: z.enum(offlineDocumentKinds).default('applicationForm'),
  access_token: z.string().max(200).optional(),
})

/**
 * GET /paas-seal-offline-sdk/v1/config/consignee: where the paper goes and what to send, for
 * administrative or public institutions (admin, 06), ordinary enterprises (nonAdmin, 02) and
 * government units (government: the government-app channel).
 */
export const consigneeAnswer = z.object({
  recipientName: z.string(),
  recipientPhone: z.string(),
  recipientAddress: z.string(),
  adminMaterials: z.array(z.string()),
  nonAdminMaterials: z.array(z.string()),
  governmentMaterials: z.array(z.string()),
})
export type ConsigneeAnswer = z.infer<typeof consigneeAnswer>
