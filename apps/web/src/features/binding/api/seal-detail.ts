import { useQuery } from '@tanstack/react-query'
import type { SealItem } from '@seal/shared/api/seals'
import { post } from '../../../lib/request/request.ts'

/** POST /seal/detail †: the seal a personal binding (/seal-bind/:id) is about. */
export function useSealToBind(sealId: string | undefined) {
  return useQuery({ queryKey: ['seals', 'detail', sealId], queryFn: () => post<SealItem>('/seal/detail', { sealId }), enabled: Boolean(sealId) })
}
