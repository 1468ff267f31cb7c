/**
 * The offline-materials door's status codes (spec 001 §4 "Offline apply status"; issue #21 §1). The
 * server computes one code from the application's state (apply status, door, delivery record, documents,
 * who reviewed, whether it was ever submitted); the screen reads the code's label and its actions from
 * here. docs/decisions.md "Offline materials door (issue #21)" gives the mapping and why.
 */

export const offlineStatus = {
  /** 暂存: the operator is still filling it in (TEMPORARY_SAVE). */
  DRAFT: 7,
  /** Submitted, waiting for the stamped paper materials (PENDING_REVIEW, offline, nothing mailed or uploaded). */
  SUBMITTED: 0,
  /** The paper materials were mailed (a courier record), waiting for review. */
  MAILED: 1,
  /** Approved: the seals are being made (SEALING). */
  SEALING: 2,
  /** The applicant cancelled the draft (取消申请): closed, nothing to do. */
  CANCELLED: 3,
  /** Approved by a person: every seal made (APPLY_SUCCESS). */
  SUCCESS: 4,
  /** Rejected (APPLY_FAIL): reapply. */
  FAILURE: 5,
  /** Waiting for a person's review, an application of an online door (nothing to mail). */
  PENDING_REVIEW: 8,
  /** The signed documents were uploaded (step-2-2), waiting for review; the paper may still be mailed. */
  DOCUMENTS_UPLOADED: 9,
  /** Withdrawn after submission (CANCELED): reapply. */
  WITHDRAWN: 10,
  /** Approved in part: some seals made, the others rejected with a reason; reapply for the rejected ones. */
  PARTLY_SUCCESS: 11,
  /** Waiting for the legal representative's online signature (PENDING_SIGN). */
  PENDING_LEGAL_SIGN: 12,
  /** Approved by the system's automatic review (an online door; an offline application never gets it). */
  SUCCESS_AFTER_SYSTEM_REVIEW: 13,
  /** The legal representative refused to sign (LEGAL_REFUSED): reapply. */
  LEGAL_REFUSED: 14,
} as const
export type OfflineStatus = (typeof offlineStatus)[keyof typeof offlineStatus]

export const offlineStatusCodes = Object.values(offlineStatus) as OfflineStatus[]

/** Labels shown on the result pages and records. */
export const offlineStatusLabels: Record<OfflineStatus, string> = {
  7: '暂存',
  0: '已提交，待寄送纸质材料',
  1: '纸质材料已寄送，待审核',
  2: '审核通过，印章制作中',
  3: '已取消',
  4: '申请通过',
  5: '申请失败',
  8: '待审核',
  9: '材料已上传，待审核',
  10: '已撤回',
  11: '部分申请通过',
  12: '待法定代表人签署',
  13: '系统审核通过',
  14: '未签署，法人拒绝',
}

/**
 * What an offline application allows:
 * - `continue`: edit the draft (updateByApplyId, seal patterns, documents, submitTodo, pendingUpload);
 * - `cancel`: 取消申请 of a draft (POST cancel/{id} on a draft → 3);
 * - `withdraw`: 撤回 a submitted application not yet decided (POST cancel/{id} → 10);
 * - `mail`: record or correct the courier company and waybill number (recheckByApplyId → 1);
 * - `reapply`: 重新申请, a new draft from this one (POST reApply/{id}).
 */
export type OfflineAction = 'continue' | 'cancel' | 'withdraw' | 'mail' | 'reapply'

export const offlineStatusActions: Record<OfflineStatus, readonly OfflineAction[]> = {
  7: ['continue', 'cancel'],
  0: ['withdraw', 'mail'],
  1: ['withdraw', 'mail'],
  9: ['withdraw', 'mail'],
  8: ['withdraw'],
  12: ['withdraw'],
  2: [],
  3: [],
  4: [],
  13: [],
  11: ['reapply'],
  5: ['reapply'],
  10: ['reapply'],
  14: ['reapply'],
}

const isOfflineStatus = (code: number): code is OfflineStatus => Object.hasOwn(offlineStatusLabels, code)

/**
 * The actions of a code; an unknown code allows nothing.
 *
 * @example
 * offlineActionsOf(0) // ['withdraw', 'mail']
 * offlineActionsOf(42) // []
 */
export function offlineActionsOf(code: number): readonly OfflineAction[] {
  return isOfflineStatus(code) ? offlineStatusActions[code] : []
}

/**
 * Whether a code allows an action.
 *
 * @example
 * offlineAllows(5, 'reapply') // true
 */
export const offlineAllows = (code: number, action: OfflineAction) => offlineActionsOf(code).includes(action)

/**
 * A code's label; an unknown code reads as submitted (001 §4 "0 or other: submitted").
 *
 * @example
 * offlineStatusLabel(14) // '未签署，法人拒绝'
 */
export const offlineStatusLabel = (code: number) =>
  isOfflineStatus(code) ? offlineStatusLabels[code] : offlineStatusLabels[0]

/** The offline form's business types (001 §1: the offline form uses 3 for change and 4 for renewal; 1 new). */
export const offlineBusinessType = {
  APPLY: 1,
  CHANGE: 3,
  RENEWAL: 4,
} as const
export type OfflineBusinessType = (typeof offlineBusinessType)[keyof typeof offlineBusinessType]

/** The operator offline flow's pages after step-1 (001 §2, §4). */
export type OfflineFlowPage = 'step-2' | 'step-2-1' | 'step-2-2' | 'step-3-1' | 'step-4'

/**
 * Where step-1 leads (001 §4 "Operator flow"): new applications (1) and changes (3) upload seal patterns
 * (step-2-1); a renewal keeps its seals' patterns and goes to the materials (step-2). From step-2-1 an
 * administrative or public institution (06) applying new seals uploads its signed documents (step-2-2);
 * everyone else submits and lands on step-3-1.
 *
 * @example
 * offlineFlowAfter('step-1', { businessType: 1, unitTypeCode: '06' }) // 'step-2-1'
 * offlineFlowAfter('step-2-1', { businessType: 1, unitTypeCode: '06' }) // 'step-2-2'
 */
export function offlineFlowAfter(
  page: 'step-1' | 'step-2' | 'step-2-1' | 'step-2-2',
  application: { businessType: number; unitTypeCode: string },
): OfflineFlowPage {
  const government = application.unitTypeCode === '06'
  switch (page) {
    case 'step-1':
      return application.businessType === offlineBusinessType.RENEWAL ? 'step-2' : 'step-2-1'
    case 'step-2-1':
      return government && application.businessType === offlineBusinessType.APPLY ? 'step-2-2' : 'step-3-1'
    default:
      return 'step-3-1'
  }
}
