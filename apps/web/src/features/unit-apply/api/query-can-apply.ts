import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { queryCanApplyAnswer } from '@seal/shared/api/unit-apply'
import { isCreditCode } from '@seal/shared/rules/credit-code'
import { post } from '../../../lib/request/request.ts'

export type CanApply = z.infer<typeof queryCanApplyAnswer>

/**
 * POST /seal-apply/seal/queryCanApply: the seal types the unit may apply for (applied ones marked, the
 * required one named), once the credit code is a valid one.
 */
export function useCanApply(input: { socialCreditCode: string; businessType: string; identityNo?: string }) {
  const code = input.socialCreditCode.trim().toUpperCase()
  return useQuery({
    queryKey: ['seal-apply', 'queryCanApply', code, input.businessType, input.identityNo ?? ''],
    queryFn: () =>
      post<CanApply>('/seal-apply/seal/queryCanApply', {
        socialCreditCode: code,
        businessTypeEnum: input.businessType,
        identityNo: input.identityNo || undefined,
      }),
    enabled: isCreditCode(code),
    staleTime: 60_000,
  })
}
