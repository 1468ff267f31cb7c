import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AppConfig } from '@seal/shared/api/config'
import { post } from '../request/request.ts'

export const identityConfigKey = ['config', 'by-identity'] as const

/**
 * POST /config/queryByIdentity (spec 002 §4 step 2): the configuration for whoever is logged in; the
 * server takes the identity from the session, so nothing is sent.
 */
export const identityConfigQuery = queryOptions({
  queryKey: identityConfigKey,
  queryFn: () => post<AppConfig>('/config/queryByIdentity', {}, { silent: true }),
  staleTime: 5 * 60_000,
})

export function useIdentityConfig() {
  return useQuery(identityConfigQuery)
}
