import { useQuery } from '@tanstack/react-query'
import type { SealGroup, SealItem } from '@seal/shared/api/seals'
import type { BusinessType } from '@seal/shared/codes/business-type'
import { post } from '../../../lib/request/request.ts'

/**
 * POST /seal-apply/seal/detail (001 §7): the seal a change, renewal or cancellation was opened for (query
 * sealId), whose unit and legal representative prefill step 1 (the holder's number masked). The server
 * refuses a seal user (role 3) for the business type, who may see the seal but not change it.
 */
export function useSealDetail(sealId: string | undefined, kind: BusinessType) {
  return useQuery({
    queryKey: ['seals', 'detail', sealId, kind],
    queryFn: () => post<SealItem>('/seal-apply/seal/detail', { sealId, businessType: kind }),
    enabled: Boolean(sealId),
    staleTime: 60_000,
  })
}

/** POST /seal/queryGroupByBusiness: the unit's seals in effect, for a cancellation to choose from. */
export function useUnitSeals(socialCreditCode: string, enabled: boolean) {
  return useQuery({
    queryKey: ['seals', 'groups', 'available', socialCreditCode],
    queryFn: () => post<SealGroup[]>('/seal/queryGroupByBusiness', { socialCreditCode, queryAvailable: true, needPic: true }),
    enabled: enabled && Boolean(socialCreditCode),
    select: (groups) => groups.find((g) => g.socialCreditCode === socialCreditCode)?.list ?? groups.flatMap((g) => g.list),
  })
}

/**
 * POST /seal/canRenewal: the unit's seals the caller may renew (roles 1 and 2, by the server's renewal rule:
 * in effect, not an administrative or public institution's), the seals a renewal may name.
 */
export function useRenewableSeals(socialCreditCode: string, enabled: boolean) {
  return useQuery({
    queryKey: ['seals', 'renewable', socialCreditCode],
    queryFn: () => post<SealItem[]>('/seal/canRenewal', { socialCreditCode, needPic: false }),
    enabled: enabled && Boolean(socialCreditCode),
  })
}
