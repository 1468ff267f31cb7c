import { useQuery } from '@tanstack/react-query'
import type { UnitApplicationDetail } from '@seal/shared/api/unit-apply'
import { get } from '../../../lib/request/request.ts'

/** GET /seal-apply/apply/detail?id: the application being signed (who signs, to which phone, the way back). */
export function useApplication(id: string) {
  return useQuery({
    queryKey: ['apply-detail', id],
    queryFn: () => get<UnitApplicationDetail>('/seal-apply/apply/detail', { id }),
    enabled: Boolean(id),
  })
}
