import { useQuery } from '@tanstack/react-query'
import type { SealItem } from '@seal/shared/api/seals'
import { post } from '../../../lib/request/request.ts'

/**
 * POST /seal/queryByPersonManage {filterAuth: true}: the seals the caller holds (role 1: the unit's verified
 * legal representative, or its enterprise login). The older pages change and renew only these.
 */
export function useHeldSeals(enabled = true) {
  return useQuery({
    queryKey: ['older-change', 'held-seals'],
    queryFn: () => post<SealItem[]>('/seal/queryByPersonManage', { filterAuth: true, needPic: false }),
    enabled,
  })
}
