import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/request/request.ts'
import { bindingKey } from './keys.ts'

/** POST /role/queryIsCorporation (002 §6): role 1 when the caller is a legal representative. */
export function useIsCorporation() {
  return useQuery({
    queryKey: [...bindingKey, 'is-corporation'],
    queryFn: () => post<{ role: number }>('/role/queryIsCorporation', {}, { silent: true }),
    staleTime: 5 * 60_000,
  })
}
