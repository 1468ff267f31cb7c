import { post } from '../../../lib/request/request.ts'
import { OFFLINE_APPLY } from './paths.ts'

/**
 * POST …/offlineApply/recheckByApplyId {deliverCompany, deliverNo, applyId, authType}: the courier that
 * carries the paper materials (both required). Silent.
 */
export function recheckByApplyId(input: {
  applyId: string
  deliverCompany: string
  deliverNo: string
  authType?: string
}) {
  return post<unknown>(`${OFFLINE_APPLY}/recheckByApplyId`, { authType: '', ...input }, { silent: true })
}
