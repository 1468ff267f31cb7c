import type { OfflineSaved } from './save-offline-apply.ts'
import { post } from '../../../lib/request/request.ts'
import { OFFLINE_APPLY } from './paths.ts'

/**
 * POST …/offlineApply/reApply/{id}: 重新申请 of a failed, withdrawn or refused application: a new draft
 * copied from it (the original stays as it was). Silent.
 */
export function reapplyOffline(applyId: string) {
  return post<OfflineSaved>(`${OFFLINE_APPLY}/reApply/${encodeURIComponent(applyId)}`, undefined, {
    silent: true,
  })
}
