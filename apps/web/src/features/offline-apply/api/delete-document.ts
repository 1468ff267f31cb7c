import type { OfflineDocument } from '@seal/shared/api/offline-apply'
import { post } from '../../../lib/request/request.ts'
import { OFFLINE_APPLY } from './paths.ts'

/** POST …/offlineApply/deleteDocumentByApplyId {applyId, fileId}: a signed document removed. Silent. */
export function deleteDocument(applyId: string, fileId: string) {
  return post<OfflineDocument[] | null>(
    `${OFFLINE_APPLY}/deleteDocumentByApplyId`,
    { applyId, fileId },
    { silent: true },
  )
}
