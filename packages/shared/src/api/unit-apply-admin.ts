import { z } from 'zod'
import { applyStatus, WAITING } from '../codes/apply-status.ts'
import { offlineDeliveryRecord } from './offline-apply.ts'
import { applicantKinds, applyStatuses, businessTypes, sealItemOutcome, unitApplicationDetail } from './unit-apply.ts'

/**
 * The operator's review of enterprise applications (issue #10 item 5): `/api/admin/applications`, called
 * with the admin token until the back-office console exists. A reviewer lists what waits, reads an
 * application with every document, and approves or rejects each seal item; approval makes the seals.
 */

/** Statuses a reviewer can list: every one after submission (drafts are the applicant's alone). */
export const reviewListStatuses = applyStatuses.filter((s) => s !== applyStatus.TEMPORARY_SAVE) as [string, ...string[]]

/**
 * `status=WAITING` (the default; the constant lives in codes/apply-status.ts): every application waiting for
 * a person. They are all PENDING_REVIEW: automatic review (REVIEW_MODE=auto) decides at once what it may, so
 * what stays there waits for a reviewer — in manual mode everything, else a failed unit check, a photo left
 * for manual review, the offline door, an application no verified legal representative stands behind (an
 * administrative unit's operator, a RETRIEVE or CANCEL by someone unverified). `reviewReasons` says which.
 */
export const reviewQueueStatuses = [WAITING, ...reviewListStatuses] as [string, ...string[]]

/** The door an application came through (issue #21): the new wizard, the offline materials, the older pages. */
export const reviewDoors = ['ONLINE', 'OFFLINE', 'OLDER'] as const
export type ReviewDoor = (typeof reviewDoors)[number]

/** GET /admin/applications: oldest submission first, keyset-paged by the last id seen. */
export const reviewListQuery = z.object({
  status: z.enum(reviewQueueStatuses).default(WAITING),
  businessType: z.enum(businessTypes).optional(),
  door: z.enum(reviewDoors).optional(),
  /** Part of the unit name, the credit code, or the applicant's, legal representative's or operator's name. */
  q: z.string().trim().max(50).optional(),
  /** Exact credit code. */
  socialCreditCode: z.string().trim().max(18).optional(),
  /** Part of the unit name. */
  unitName: z.string().trim().max(50).optional(),
  /** The last application of the previous page. */
  lastId: z.string().max(64).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export type ReviewListQuery = z.infer<typeof reviewListQuery>

/**
 * Why an application waits for a person, as a code the console can filter or badge on and the Chinese
 * text it shows. UNIT_VERIFY_FAILED the unit check failed (the licence and signed form went on to a
 * person); IMPRESSION_MANUAL a seal photo could not be cut out; OFFLINE_DOOR, OFFLINE_DOCUMENTS,
 * OFFLINE_MAILED, OFFLINE_RECEIVED the offline door and its materials; NO_ONLINE_SIGNATURE an
 * administrative unit's operator applied and the legal representative signed nothing online;
 * LEGAL_NOT_VERIFIED no verified legal representative stands behind it (RETRIEVE, CANCEL…);
 * PENDING_ACTIVATION approval leaves the seals for the legal representative to activate (a note);
 * MANUAL_MODE nothing else: the service reviews everything by hand (REVIEW_MODE=manual).
 */
export const reviewReasonCodes = [
  'UNIT_VERIFY_FAILED',
  'IMPRESSION_MANUAL',
  'OFFLINE_DOOR',
  'OFFLINE_DOCUMENTS',
  'OFFLINE_MAILED',
  'OFFLINE_RECEIVED',
  'NO_ONLINE_SIGNATURE',
  'LEGAL_NOT_VERIFIED',
  'PENDING_ACTIVATION',
  'MANUAL_MODE',
] as const
export type ReviewReasonCode = (typeof reviewReasonCodes)[number]
export const reviewReason = z.object({ code: z.enum(reviewReasonCodes), text: z.string() })
export type ReviewReason = z.infer<typeof reviewReason>

/**
 * A reviewer's hold on an application (15 minutes, renewed by claiming again): while it lives, no other
 * reviewer can claim or decide it. `mine`: the caller holds it.
 */
export const REVIEW_CLAIM_MINUTES = 15
export const reviewClaim = z.object({
  operatorName: z.string(),
  /** Epoch ms. */
  expiresAt: z.number().int(),
  mine: z.boolean(),
})
export type ReviewClaim = z.infer<typeof reviewClaim>

export const reviewListItem = z.object({
  id: z.string(),
  unitName: z.string(),
  socialCreditCode: z.string(),
  businessType: z.enum(businessTypes),
  applyType: z.enum(applicantKinds),
  applyStatus: z.enum(applyStatuses),
  sealTypes: z.array(z.string()),
  companyVerifyPass: z.boolean().nullable(),
  /** Some seal photo could not be cut out and waits for the reviewer. */
  manualReview: z.boolean(),
  submittedAt: z.number().int().nullable(),
  /** The door it came through (issue #21). */
  door: z.enum(reviewDoors),
  /** Why it waits for a person (empty once decided, or when nothing but a decision is missing). */
  reviewReasons: z.array(reviewReason),
  /** Since when it waits for a person (the submission, epoch ms); null for a draft. */
  waitingSince: z.number().int().nullable(),
  /** The applicant (legal representative or operator) as recorded on the application. */
  applicantName: z.string(),
  /** Who holds it now; null when no live claim exists. */
  claim: reviewClaim.nullable(),
})
export type ReviewListItem = z.infer<typeof reviewListItem>

export const reviewListAnswer = z.object({
  records: z.array(reviewListItem),
  /** Pass as `lastId` for the next page; null when this page is the last. */
  lastId: z.string().nullable(),
  hasMore: z.boolean(),
})

/** One file of an application with a short-lived link (the preview link of /file/previewLink). */
export const reviewFileLink = z.object({
  fileId: z.string(),
  /** What it is: businessLicense, legalPersonIdFront, seal:<itemId>:sealPic, applicationFile:1, signed:<key>… */
  purpose: z.string(),
  title: z.string(),
  mediaType: z.string(),
  url: z.string(),
  expiresAt: z.number().int(),
})
export type ReviewFileLink = z.infer<typeof reviewFileLink>

/**
 * What the impression check read on one seal's photo (the ring and the text across under the star), kept
 * with the application so the reviewer sees it: verdict match, wrongName, wrongType or unread.
 */
export const sealImpressionReading = z.object({
  /** The seal item's `_id`. */
  itemId: z.string(),
  verdict: z.enum(['match', 'wrongName', 'wrongType', 'unread']),
  ringText: z.string(),
  centreText: z.string(),
  /** The unit name and seal name the photo was checked against. */
  unitName: z.string(),
  sealName: z.string(),
  checkedAt: z.number().int(),
})
export type SealImpressionReading = z.infer<typeof sealImpressionReading>

/** GET /admin/applications/:id: the application as the applicant sees it, with what the reviewer needs. */
/**
 * What OCR read from a picture of the application (the licence, an ID side), found by the picture's
 * SHA-256 among the applicant's OCR uploads: the fields as recognised, or why recognition failed.
 */
export const reviewOcrReading = z.object({
  /** The file's purpose, as in `files` (businessLicense, legalPersonIdFront…). */
  purpose: z.string(),
  fileId: z.string(),
  /** 10 ID front, 11 ID back, 20 business licence. */
  imgType: z.string(),
  status: z.enum(['recognized', 'failed']),
  /** The recognised fields (name, idNumber, unitName, creditCode… as the OCR module names them). */
  fields: z.record(z.string(), z.unknown()).nullable(),
  failure: z.string().nullable(),
  readAt: z.number().int(),
})
export type ReviewOcrReading = z.infer<typeof reviewOcrReading>

/** One seal item beside its pictures, for the side-by-side view: the photo as uploaded and the cut-out. */
export const reviewSealPictures = z.object({
  itemId: z.string(),
  sealTypeCode: z.string(),
  sealName: z.string(),
  manualReview: z.boolean(),
  /** The photo as the applicant took it (null when none was kept). */
  photo: reviewFileLink.nullable(),
  /** The cut-out impression (for a manual-review item, the photo itself until the reviewer cuts it out). */
  cutOut: reviewFileLink.nullable(),
  /** What the impression check read (null when the photo was not checked). */
  reading: sealImpressionReading.nullable(),
})
export type ReviewSealPictures = z.infer<typeof reviewSealPictures>

/** A reviewer's record that the offline door's paper materials arrived, and what the package held. */
export const offlineMaterialsReceipt = z.object({
  receivedAt: z.number().int(),
  /** The operator who recorded it. */
  receivedBy: z.string(),
  /** Materials of the consignee's list found in the package. */
  checked: z.array(z.string()),
  /** Materials of the list missing from it. */
  missing: z.array(z.string()),
  note: z.string().nullable(),
})
export type OfflineMaterialsReceipt = z.infer<typeof offlineMaterialsReceipt>

/** The courier record as the reviewer reads it: what the applicant typed, and the receipt once recorded. */
export const reviewDeliveryRecord = offlineDeliveryRecord.extend({ receipt: offlineMaterialsReceipt.nullable() })

export const reviewApplicationDetail = unitApplicationDetail.omit({ mine: true }).extend({
  unitId: z.string().nullable(),
  applicant: z.object({ name: z.string(), identityNo: z.string(), phone: z.string() }),
  reviewedBy: z.string().nullable(),
  reviewNote: z.string().nullable(),
  reviewTime: z.number().int().nullable(),
  /**
   * Why a person has to decide (empty when automatic review could): the failed unit verification with its
   * reason, the seal photos left for manual review.
   */
  reviewReasons: z.array(z.string()),
  /** The same reasons with their codes (reviewReasonCodes). */
  reviewReasonItems: z.array(reviewReason),
  /** Since when it waits for a person (the submission, epoch ms). */
  waitingSince: z.number().int().nullable(),
  /** Every file the application names that exists, each with its link. */
  files: z.array(reviewFileLink),
  /** Each seal item's photo beside its cut-out, with what the impression check read. */
  sealPictures: z.array(reviewSealPictures),
  /** What OCR read from the licence and ID pictures, where the applicant's OCR upload is found. */
  ocrReadings: z.array(reviewOcrReading),
  /** Who holds it now; null when no live claim exists. */
  claim: reviewClaim.nullable(),
  /** The caller may not review it: he made it or is named in it (reviewMessages.ownApplication). */
  ownApplication: z.boolean(),
  /** What the impression check read on each seal's photo, for the seals whose photo was checked. */
  impressionReadings: z.array(sealImpressionReading),
  /** The door it came through (issue #21): null the new wizard, OFFLINE the offline materials, OLDER the older pages. */
  door: z.string().nullable(),
  /**
   * The offline door's courier record of the paper materials (recheckByApplyId) with the reviewer's
   * receipt; null when neither was given (a receipt without a waybill reads an empty company and number).
   */
  deliveryRecord: reviewDeliveryRecord.nullable(),
  /**
   * Approval makes the seals pending activation (status 4, no PIN): the legal representative did not sign
   * online (the offline door, or an administrative or public institution's operator application) and
   * activates them himself.
   */
  makesPendingActivation: z.boolean(),
})
export type ReviewApplicationDetail = z.infer<typeof reviewApplicationDetail>

/** Bytes of a reviewer's cut-out impression: a seal picture is small. */
export const MAX_REVIEW_SEAL_PIC_BYTES = 2 * 1024 * 1024

export const reviewMessages = {
  reasonRequired: '驳回印章须填写原因',
  decisionMissing: '请对每一枚印章给出审核意见',
  itemUnknown: '审核意见对应的印章不存在',
  notPendingReview: '该申请不在待审核状态，不能审核',
  cutOutRequired: '该印章的印模需人工处理，请上传抠图后的印章图片（PNG）',
  cutOutNotPng: '印章图片须为PNG格式',
  cutOutTooLarge: `印章图片不能超过${MAX_REVIEW_SEAL_PIC_BYTES / 1024 / 1024}M`,
  businessTypeUnsupported: '暂不支持该业务类型的审核',
  legalPersonDiffers: '申请的法定代表人与该单位登记的法定代表人不一致，请办理变更业务',
  legalPinMissing: '法定代表人尚未设置印章密码（签署申请时由本人设置），不能制作印章',
  sealPicUnusable: '印章图片不可用，请重新上传印章照片',
  sealNotOfUnit: '印章不存在或不属于该单位',
  makingFailed: '印章制作失败，请联系客服',
  cancelledReason: '印章注销',
  renewedReason: '印章续期',
  changedReason: '印章变更',
  retrieveUnitRenamed: '单位名称与登记信息不一致，请先办理印章变更',
  retrieveLegalSealOfAnother: '该法定代表人名章属于原法定代表人，不能找回，请办理印章变更',
  renameAllOrNone: '单位名称变更需同时变更本单位全部有效印章，请全部通过或全部驳回',
  ownApplication: '不能审核本人提交或涉及本人的申请',
  claimedByOther: (name: string) => `该申请正由${name}审核中，请选择其他申请`,
  claimNotPending: '该申请不在待审核状态，无需领取',
  receiptNotOffline: '该申请不是线下材料申请',
  receiptMaterialTwice: '同一材料不能既已收到又缺少',
  receiptMaterialUnknown: (names: string[]) => `材料「${names.join('」「')}」不在该申请的材料清单中，请刷新后按当前清单签收`,
} as const

/** One seal item's decision. `sealPicBase64`: the reviewer's cut-out (PNG, used as it is) for a manual-review item. */
export const reviewDecision = z.object({
  itemId: z.string().min(1).max(64),
  approve: z.boolean(),
  reason: z.string().trim().max(200).optional(),
  sealPicBase64: z
    .string()
    .max(Math.ceil((MAX_REVIEW_SEAL_PIC_BYTES * 4) / 3) + 64, reviewMessages.cutOutTooLarge)
    .optional(),
})
export type ReviewDecision = z.infer<typeof reviewDecision>

/** POST /admin/applications/:id/review. */
export const reviewBody = z.object({
  decisions: z.array(reviewDecision).min(1, reviewMessages.decisionMissing).max(40),
  note: z.string().trim().max(500).optional(),
  /** Ignored: the reviewer recorded is the operator calling (or the API key's name). Kept for older callers. */
  reviewer: z.string().trim().max(50).optional(),
})
export type ReviewBody = z.infer<typeof reviewBody>

export const reviewAnswer = z.object({
  id: z.string(),
  applyStatus: z.enum(applyStatuses),
  failReason: z.string().nullable(),
  successSealItems: z.array(sealItemOutcome),
  failSealItems: z.array(sealItemOutcome),
  reviewedBy: z.string().nullable(),
  reviewTime: z.number().int().nullable(),
})
export type ReviewAnswer = z.infer<typeof reviewAnswer>

/**
 * POST /admin/applications/:id/claim answers the claim; a live claim of another operator is refused
 * (reviewMessages.claimedByOther) with { operatorName, expiresAt } as data. DELETE releases one's own.
 */
export const claimAnswer = z.object({ id: z.string(), claim: reviewClaim })
export const releaseAnswer = z.object({ id: z.string(), released: z.boolean() })
export const claimRefusal = z.object({ operatorName: z.string(), expiresAt: z.number().int() })

/** GET /admin/offline-materials: offline applications whose paper was mailed or received, oldest submission first. */
export const offlineMaterialsQuery = z.object({
  /** true: recorded as received; false: mailed and waiting. */
  received: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** Part of the waybill number or of the unit name. */
  q: z.string().trim().max(50).optional(),
  lastId: z.string().max(64).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export type OfflineMaterialsQuery = z.infer<typeof offlineMaterialsQuery>

export const offlineMaterialsItem = z.object({
  id: z.string(),
  unitName: z.string(),
  socialCreditCode: z.string(),
  unitTypeCode: z.string(),
  businessType: z.enum(businessTypes),
  applyStatus: z.enum(applyStatuses),
  applicantName: z.string(),
  submittedAt: z.number().int().nullable(),
  /** The courier record as typed by the applicant; null when a receipt came without one. */
  delivery: offlineDeliveryRecord.nullable(),
  receipt: offlineMaterialsReceipt.nullable(),
  /** The channel the application came through (null: saved before channels were recorded). */
  channel: z.string().nullable(),
  /**
   * The materials the consignee configuration asks of this unit (the government list for the government-app
   * channel, else its administrative or enterprise list, as configured for the application's channel, unit
   * and applicant scopes): the console's checkboxes, and the only names a receipt accepts.
   */
  materials: z.array(z.string()),
})
export type OfflineMaterialsItem = z.infer<typeof offlineMaterialsItem>

export const offlineMaterialsAnswer = z.object({
  records: z.array(offlineMaterialsItem),
  lastId: z.string().nullable(),
  hasMore: z.boolean(),
})

/** POST /admin/offline-materials/:id/receipt: the package arrived; what it held. Recorded again, it replaces. */
export const offlineReceiptBody = z.object({
  checked: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  missing: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  note: z.string().trim().max(500).optional(),
})
export type OfflineReceiptBody = z.infer<typeof offlineReceiptBody>
export const offlineReceiptAnswer = offlineMaterialsItem
