import { useQuery } from '@tanstack/react-query'
import type { BindableGroup } from '@seal/shared/api/binding'
import { post } from '../../../lib/request/request.ts'
import { bindingKey } from './keys.ts'

/**
 * POST /sealBind/queryCanBind (002 §7): the seals the caller may bind, grouped by company, each saying
 * whether it is bound to the chosen platform already (selection 1) or may be bound (2).
 */
export function queryCanBind(platformId: string) {
  return post<BindableGroup[]>('/sealBind/queryCanBind', { queryAvailable: true, identityType: '111', id: platformId })
}

export function useBindableSeals(platformId: string) {
  return useQuery({ queryKey: [...bindingKey, 'can-bind', platformId], queryFn: () => queryCanBind(platformId), enabled: Boolean(platformId), staleTime: 0 })
}
