import type { OfflineDocument } from '@seal/shared/api/offline-apply'
import { APPLICATION_DOCUMENT_TYPE } from '@seal/shared/codes/upload'
import { post } from '../../../lib/request/request.ts'
import { OFFLINE_APPLY } from './paths.ts'

/**
 * POST …/offlineApply/uploadDocumentByApplyId {applyId, fileId, documentType 2}: a file stored through
 * POST /file/upload attached as a signed document; answers the application's documents. Silent.
 */
export function uploadDocument(applyId: string, fileId: string) {
  return post<OfflineDocument[]>(
    `${OFFLINE_APPLY}/uploadDocumentByApplyId`,
    { applyId, fileId, documentType: APPLICATION_DOCUMENT_TYPE },
    { silent: true },
  )
}
