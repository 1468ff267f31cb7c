import { queryOptions, useQuery } from '@tanstack/react-query'
import type { LoginInfo } from '@seal/shared/api/auth'
import { get } from '../request/request.ts'
import { getToken } from './session.ts'

export const loginInfoKey = ['auth', 'me'] as const

/** GET /auth/me: who is logged in (personal or enterprise), shared by every screen. */
export const loginInfoQuery = () =>
  queryOptions({
    queryKey: loginInfoKey,
    queryFn: () => get<LoginInfo>('/auth/me', undefined, { silent: true }),
    enabled: Boolean(getToken()),
    staleTime: 5 * 60_000,
  })

export function useLoginInfo() {
  return useQuery(loginInfoQuery())
}
