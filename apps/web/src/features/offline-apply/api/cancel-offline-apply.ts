import { post } from '../../../lib/request/request.ts'
import { OFFLINE_APPLY } from './paths.ts'

/**
 * POST …/offlineApply/cancel/{id}: 撤回 a submitted application not yet decided (→ 10), or 取消申请 of a
 * draft (→ 3). Silent: the screen says 撤回成功 / 撤回失败.
 */
export function cancelOfflineApply(applyId: string) {
  return post<unknown>(`${OFFLINE_APPLY}/cancel/${encodeURIComponent(applyId)}`, undefined, { silent: true })
}
