import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { operatorMe } from '@seal/shared/api/operators'
import { api } from '../../../lib/request.ts'
import { getToken } from '../../../lib/session.ts'

export type OperatorMe = z.infer<typeof operatorMe>

export const meKey = ['admin', 'me'] as const

/** GET /admin/me: who the session is, its roles and whether it is still enrolling. */
export const getMe = () => api<OperatorMe>('GET', '/admin/me')

/** The query of who the session is, for `useMe` and for asking early (app/warm-up.ts). */
export const meQuery = { queryKey: meKey, queryFn: getMe, staleTime: 60_000, retry: false } as const

export function useMe() {
  return useQuery({ ...meQuery, enabled: Boolean(getToken()) })
}
