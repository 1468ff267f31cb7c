import type { z } from 'zod'
import type { OfflineDocumentKind, offlineFileInfo } from '@seal/shared/api/offline-apply'
import { post } from '../../../lib/request/request.ts'
import { OFFLINE_APPLY } from './paths.ts'

/**
 * POST …/offlineApply/documentLink † {applyId, type}: a 30-minute link (access token) to a document made
 * for the application: the 电子印章申请表 or the operator's 授权委托书.
 */
export function documentLink(applyId: string, type: OfflineDocumentKind) {
  return post<z.infer<typeof offlineFileInfo>>(
    `${OFFLINE_APPLY}/documentLink`,
    { applyId, type },
    { silent: true },
  )
}
