/** Application statuses (spec 001 §3, §4). */

/** Status keys of the new wizard's applications. */
export const applyStatus = {
  TEMPORARY_SAVE: 'TEMPORARY_SAVE',
  CANCELED: 'CANCELED',
  APPLY_FAIL: 'APPLY_FAIL',
  APPLY_SUCCESS: 'APPLY_SUCCESS',
  PENDING_SIGN: 'PENDING_SIGN',
  SEALING: 'SEALING',
  PENDING_REVIEW: 'PENDING_REVIEW',
  LEGAL_REFUSED: 'LEGAL_REFUSED',
} as const
export type ApplyStatus = (typeof applyStatus)[keyof typeof applyStatus]

/** Applications under way: their seal types count as applied for (（已申请）) and the seals they name are taken. */
export const openApplyStatuses: readonly ApplyStatus[] = [applyStatus.PENDING_SIGN, applyStatus.PENDING_REVIEW, applyStatus.SEALING]

/**
 * The review queue's status filter for what waits for a person (`status=WAITING`, the default of
 * GET /admin/applications: see api/unit-apply-admin.ts). Kept apart from the contract's schemas so that the
 * console's queue, where reviewers land, loads no zod.
 */
export const WAITING = 'WAITING'

/** The record list's labels, as the spec quotes them. */
export const applyStatusLabels: Record<ApplyStatus, string> = {
  TEMPORARY_SAVE: '暂存',
  PENDING_REVIEW: '待审核',
  PENDING_SIGN: '待签署',
  SEALING: '处理中',
  APPLY_SUCCESS: '申请通过',
  APPLY_FAIL: '申请失败',
  CANCELED: '已撤回',
  LEGAL_REFUSED: '未签署，法人拒绝',
}

/** Record-list actions by status (001 §4). */
export type ApplyRecordAction = 'view' | 'continue' | 'delete' | 'reapply' | 'withdraw'

/**
 * What a record in the application list offers: 查看, 继续申请 and 删除, 重新申请, or 撤销申请.
 *
 * @example
 * applyRecordActions('TEMPORARY_SAVE') // ['continue', 'delete']
 */
export function applyRecordActions(status: string): ApplyRecordAction[] {
  switch (status) {
    case applyStatus.APPLY_SUCCESS:
      return ['view']
    case applyStatus.TEMPORARY_SAVE:
      return ['continue', 'delete']
    case applyStatus.APPLY_FAIL:
    case applyStatus.CANCELED:
    case applyStatus.LEGAL_REFUSED:
      return ['reapply']
    // Ours beside the spec's 撤销申请: a submitted application can be looked at while it waits (issue #19 §4).
    case applyStatus.PENDING_REVIEW:
    case applyStatus.PENDING_SIGN:
      return ['view', 'withdraw']
    case applyStatus.SEALING:
      return ['view']
    default:
      return []
  }
}

/** applyStatus of the older flow's apply-log result. */
export const applyLogStatus = {
  /** Waiting for processing: the result page refreshes every 5 seconds. */
  WAITING: 0,
  SUCCESS: 1,
  FAILURE: 2,
} as const
export type ApplyLogStatus = (typeof applyLogStatus)[keyof typeof applyLogStatus]

/** Result page flag of /seal-apply/step-5/{flag}/{logId}. */
export const applyResultFlag = {
  /** With status=1 loads the seal info directly, otherwise loads the log. */
  LOAD: 1,
  POLL: 2,
  LOAD_ONCE: 3,
} as const

/** Offline apply status codes (001 §4). Several codes share one outcome. */
export const offlineApplyStatus = {
  INITIAL: 7,
  SUBMITTED: 0,
  SUCCESS: 4,
  SUCCESS_ALT: 11,
  FAILURE: 5,
  FAILURE_ALT: 10,
  PENDING_LEGAL_SIGN: 12,
  SUCCESS_AFTER_SYSTEM_REVIEW: 13,
  LEGAL_REFUSED: 14,
  FAILED: 3,
} as const

export type OfflineApplyOutcome =
  'initial' | 'submitted' | 'success' | 'failure' | 'pendingLegalSign' | 'legalRefused' | 'pending'

/**
 * What an offline apply status means for the screen (001 §4): 0 and unknown codes are "submitted,
 * waiting for paper materials"; 5 and 10 may reapply; 14 may reapply too.
 *
 * @example
 * offlineApplyOutcome(11) // 'success'
 * offlineApplyOutcome(42) // 'submitted'
 */
export function offlineApplyOutcome(status: number): OfflineApplyOutcome {
  switch (status) {
    case 7:
      return 'initial'
    case 4:
    case 11:
    case 13:
      return 'success'
    case 3:
    case 5:
    case 10:
      return 'failure'
    case 12:
      return 'pendingLegalSign'
    case 14:
      return 'legalRefused'
    case 1:
    case 2:
    case 8:
    case 9:
      return 'pending'
    default:
      return 'submitted'
  }
}
