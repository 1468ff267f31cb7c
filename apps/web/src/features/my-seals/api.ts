import { useQuery } from '@tanstack/react-query'
import type { SealGroup, SealItem, WillExpires } from '@seal/shared/api/seals'
import { post } from '../../lib/request/request.ts'

/** The seal fields every call about one seal (PIN, cancellation) repeats beside sealId. */
export function sealReference(seal: SealItem) {
  return { sealId: seal.id, sealCode: seal.sealCode, sealTypeCode: seal.sealTypeCode }
}

/** POST /seal/queryPersonSeals †: the person's own name seals, with pictures. */
export function usePersonalSeals(enabled: boolean) {
  return useQuery({
    queryKey: ['seals', 'personal'],
    queryFn: () => post<SealItem[]>('/seal/queryPersonSeals', { needPic: true }),
    enabled,
  })
}

/** POST /seal/queryGroupByBusiness: unit seals by unit, narrowed by part of the unit name. */
export function useUnitSealGroups(businessName: string, enabled: boolean) {
  return useQuery({
    queryKey: ['seals', 'groups', businessName],
    queryFn: () => post<SealGroup[]>('/seal/queryGroupByBusiness', { needPic: true, businessName }),
    enabled,
  })
}

/** POST /seal/detail †: one seal the caller may see. */
export function useSealDetail(sealId: string | undefined) {
  return useQuery({
    queryKey: ['seals', 'detail', sealId],
    queryFn: () => post<SealItem>('/seal/detail', { sealId }),
    enabled: Boolean(sealId),
  })
}

/** POST /seal/v4/queryWillExpires (payload ours): the seals and the caller's authorisations ending soon. */
export function useWillExpires() {
  return useQuery({
    queryKey: ['seals', 'will-expire'],
    queryFn: () => post<WillExpires>('/seal/v4/queryWillExpires', { needPic: false }, { silent: true }),
  })
}
