import { z } from 'zod'
import { applyStatus } from '../codes/apply-status.ts'
import { offlineDeliveryRecord } from './offline-apply.ts'
import { applicantKinds, applyStatuses, businessTypes, sealItemOutcome, unitApplicationDetail } from './unit-apply.ts'

/**
 * The operator's review of enterprise applications (issue #10 item 5): `/api/admin/applications`, called
 * with the admin token until the back-office console exists. A reviewer lists what waits, reads an
 * application with every document, and approves or rejects each seal item; approval makes the seals.
 */

/** Statuses a reviewer can list: every one after submission (drafts are the applicant's alone). */
export const reviewListStatuses = applyStatuses.filter((s) => s !== applyStatus.TEMPORARY_SAVE) as [string, ...string[]]

/** GET /admin/applications: oldest submission first, keyset-paged by the last id seen. */
export const reviewListQuery = z.object({
  status: z.enum(reviewListStatuses).default(applyStatus.PENDING_REVIEW),
  businessType: z.enum(businessTypes).optional(),
  /** Exact credit code. */
  socialCreditCode: z.string().trim().max(18).optional(),
  /** Part of the unit name. */
  unitName: z.string().trim().max(50).optional(),
  /** The last application of the previous page. */
  lastId: z.string().max(64).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export type ReviewListQuery = z.infer<typeof reviewListQuery>

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
  /** The door it came through (issue #21): null the new wizard, OFFLINE the offline materials, OLDER the older pages. */
  door: z.string().nullable().optional(),
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
  /** Every file the application names that exists, each with its link. */
  files: z.array(reviewFileLink),
  /** What the impression check read on each seal's photo, for the seals whose photo was checked. */
  impressionReadings: z.array(sealImpressionReading),
  /** The door it came through (issue #21): null the new wizard, OFFLINE the offline materials, OLDER the older pages. */
  door: z.string().nullable(),
  /** The offline door's courier record of the paper materials (recheckByApplyId); null when none was given. */
  deliveryRecord: offlineDeliveryRecord.nullable(),
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
  /** Who reviews (recorded as reviewedBy); the admin token names no one. */
  reviewer: z.string().trim().min(1).max(50).default('运营审核员'),
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
