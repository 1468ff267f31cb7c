import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { offlineSealOption } from '@seal/shared/api/offline-apply'
import type { OfflineBusinessType } from '@seal/shared/codes/offline-status'
import { isCreditCode } from '@seal/shared/rules/credit-code'
import { post } from '../../../lib/request/request.ts'
import { OFFLINE_APPLY } from './paths.ts'

export type OfflineSealOption = z.infer<typeof offlineSealOption>

/**
 * POST …/offlineApply/seal/info {socialCreditCode, businessType}: the seal types the unit may apply for (1),
 * or the unit's seals a change (3) or renewal (4) takes. Asked once the credit code is valid.
 */
export function useOfflineSealOptions(socialCreditCode: string, businessType: OfflineBusinessType) {
  const code = socialCreditCode.trim().toUpperCase()
  return useQuery({
    queryKey: ['offline-apply', 'seal-info', code, businessType],
    queryFn: () =>
      post<OfflineSealOption[]>(
        `${OFFLINE_APPLY}/seal/info`,
        { socialCreditCode: code, businessType },
        { silent: true },
      ),
    enabled: isCreditCode(code),
    staleTime: 30_000,
  })
}
