import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/request/request.ts'

export type FilingOption = { sealName: string; sealCode: string }

/** POST /seal-apply/seal/filingInfo: filing numbers (备案号) on record for the unit's seals of a type. */
export function useFilingInfo(input: { socialCreditCode: string; sealTypeCode: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['seal-apply', 'filingInfo', input.socialCreditCode, input.sealTypeCode],
    queryFn: () => post<FilingOption[]>('/seal-apply/seal/filingInfo', input, { silent: true }),
    enabled: enabled && Boolean(input.socialCreditCode),
    staleTime: 5 * 60_000,
  })
}
