import { useQuery } from '@tanstack/react-query'
import type { ConsigneeAnswer } from '@seal/shared/api/offline-apply'
import { get } from '../../../lib/request/request.ts'
import { OFFLINE_SDK } from './paths.ts'

/**
 * GET /paas-seal-offline-sdk/v1/config/consignee: where the paper materials go, and the lists of what to
 * send for administrative or public institutions, ordinary enterprises and government units.
 */
export function useConsignee() {
  return useQuery({
    queryKey: ['offline-apply', 'consignee'],
    queryFn: () => get<ConsigneeAnswer>(`${OFFLINE_SDK}/config/consignee`, undefined, { silent: true }),
    staleTime: 5 * 60_000,
  })
}
