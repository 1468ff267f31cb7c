import { useQuery } from '@tanstack/react-query'
import type { LoginInfo } from '@seal/shared/api/auth'
import type { AuthorizationItem } from '@seal/shared/api/seal-auth'
import { post } from '../../../lib/request/request.ts'

/**
 * POST /sealAuth/waitingForMe †: the authorisations sent to me and not yet accepted (personal logins only;
 * a unit accepts nothing). Quiet on failure: home works without it.
 */
export function useWaitingAuthorisations(me: LoginInfo | undefined) {
  return useQuery({
    queryKey: ['seal-auth', 'waiting-for-me'],
    queryFn: () => post<AuthorizationItem[]>('/sealAuth/waitingForMe', {}, { silent: true }),
    enabled: me?.kind === 'personal',
    staleTime: 0,
  })
}
