import type { z } from 'zod'
import type { offlineAgreementAnswer, renewalDocumentsAnswer, RenewalDocumentsBody } from '@seal/shared/api/unit-apply'
import { get, post } from '../../../lib/request/request.ts'

/** GET /paas-seal-offline-sdk/v1/offlineApply/agreement: the 电子印章服务协议 for the caller, as their file. */
export function offlineAgreement() {
  return get<z.infer<typeof offlineAgreementAnswer>>('/paas-seal-offline-sdk/v1/offlineApply/agreement')
}

/** POST /paas-seal-offline-sdk/v1/offlineApply/getRenewalDocuments: the renewal form printed from the unit on record. */
export function renewalDocuments(body: RenewalDocumentsBody) {
  return post<z.infer<typeof renewalDocumentsAnswer>>('/paas-seal-offline-sdk/v1/offlineApply/getRenewalDocuments', body)
}
