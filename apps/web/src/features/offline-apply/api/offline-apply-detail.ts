import { useQuery } from '@tanstack/react-query'
import type { OfflineApplyDetail } from '@seal/shared/api/offline-apply'
import { get } from '../../../lib/request/request.ts'
import { OFFLINE_APPLY } from './paths.ts'

/** Every screen's copy of one offline application; actions refresh it. */
export const offlineDetailKey = (applyId: string) => ['offline-apply', 'detail', applyId] as const

/** GET …/offlineApply/applyDetail/{id}: the application, its offline status code, label and actions. */
export function getOfflineDetail(applyId: string) {
  return get<OfflineApplyDetail>(`${OFFLINE_APPLY}/applyDetail/${encodeURIComponent(applyId)}`, undefined, {
    silent: true,
  })
}

export function useOfflineDetail(applyId: string) {
  return useQuery({
    queryKey: offlineDetailKey(applyId),
    queryFn: () => getOfflineDetail(applyId),
    enabled: Boolean(applyId),
    staleTime: 0,
  })
}
