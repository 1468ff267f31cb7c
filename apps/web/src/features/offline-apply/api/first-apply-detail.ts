import type { OfflineApplyDetail } from '@seal/shared/api/offline-apply'
import { post } from '../../../lib/request/request.ts'
import { OFFLINE_APPLY } from './paths.ts'

/**
 * POST …/offlineApply/firstApplyDetail {identityType, personIdentity, socialCode}: the caller's latest
 * offline application (for the unit, when a credit code is given), or null. The server reads who asks
 * from the session.
 */
export function firstApplyDetail(input: { personIdentity: string; socialCode?: string }) {
  return post<OfflineApplyDetail | null>(
    `${OFFLINE_APPLY}/firstApplyDetail`,
    { identityType: '111', personIdentity: input.personIdentity, socialCode: input.socialCode ?? '' },
    { silent: true },
  )
}
