import { post } from '../../../lib/request/request.ts'
import { OFFLINE_APPLY } from './paths.ts'

/** POST …/offlineApply/pendingUpload {applyId}: 暂存, the signed documents to be uploaded later. Silent. */
export function pendingUpload(applyId: string) {
  return post<unknown>(`${OFFLINE_APPLY}/pendingUpload`, { applyId }, { silent: true })
}
