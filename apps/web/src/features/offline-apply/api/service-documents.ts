import type { RenewalDocumentsBody } from '@seal/shared/api/unit-apply'
import { get, getBlob, post } from '../../../lib/request/request.ts'
import { OFFLINE_APPLY, OFFLINE_SDK } from './paths.ts'

type StoredDocument = { fileId: string }

/** Silent, as every call here: the 下载 row says what failed. GET …/offlineApply/agreement: the 电子印章服务协议 made out to the caller, stored as their file. */
export function serviceAgreement() {
  return get<StoredDocument>(`${OFFLINE_APPLY}/agreement`, undefined, { silent: true })
}

/** POST …/offlineApply/getRenewalDocuments: the renewal application form of the unit on record (renewal, 4). */
export function renewalDocuments(body: RenewalDocumentsBody) {
  return post<StoredDocument>(`${OFFLINE_APPLY}/getRenewalDocuments`, body, { silent: true })
}

/** GET /paas-seal-offline-sdk/v1/file/download/{fileId}: one of the caller's files, as bytes. */
export function downloadOfflineFile(fileId: string) {
  return getBlob(`${OFFLINE_SDK}/file/download/${encodeURIComponent(fileId)}`, undefined, {
    timeout: 60_000,
    silent: true,
  })
}
