/** Agency centre (待办中心) codes (spec 002 §2, §4). */

export const backlogStatus = {
  /** Pending: 签署授权 and 取消申请 are available. */
  PENDING: 1,
  HANDLED: 4,
  REJECTED: 16,
  WITHDRAWN: 32,
} as const
export type BacklogStatus = (typeof backlogStatus)[keyof typeof backlogStatus]

/** Labels; 已处理, 已拒绝, 已撤回 are quoted in the spec, 待处理 is our wording. */
export const backlogStatusLabels: Record<BacklogStatus, string> = {
  1: '待处理',
  4: '已处理',
  16: '已拒绝',
  32: '已撤回',
}

/**
 * The label of a backlog status; any value not in the table is shown as pending (002 §4).
 *
 * @example
 * backlogStatusLabel(16) // '已拒绝'
 * backlogStatusLabel(2) // '待处理'
 */
export function backlogStatusLabel(status: number): string {
  return backlogStatusLabels[status as BacklogStatus] ?? backlogStatusLabels[backlogStatus.PENDING]
}

/** businessType of a backlog item that is an authorisation waiting for the caller to accept it (ours). */
export const SEAL_AUTH_BACKLOG = 'SEAL_AUTH'

/** listType of POST /seal-apply/backlog/list: the two tabs. */
export const backlogListType = {
  TODO: 1,
  HANDLED: 4,
} as const
export type BacklogListType = (typeof backlogListType)[keyof typeof backlogListType]

export const backlogListTypeLabels: Record<BacklogListType, string> = {
  1: '待办列表',
  4: '已处理',
}

/** Page size of the backlog list and of the binding records (002 §9). */
export const BACKLOG_PAGE_SIZE = 10
