import { useQuery } from '@tanstack/react-query'
import type { ApplyAuthPerson } from '@seal/shared/api/unit-apply'
import { post } from '../../../lib/request/request.ts'

/** POST /seal-apply/seal/auths {sealIds}: the authorisations of the seals a change or renewal names (failure: none). */
export function useSealAuths(sealIds: string[], enabled: boolean) {
  return useQuery({
    queryKey: ['seal-apply', 'auths', sealIds],
    queryFn: () => post<ApplyAuthPerson[]>('/seal-apply/seal/auths', { sealIds }, { silent: true }).catch(() => []),
    enabled: enabled && sealIds.length > 0,
    staleTime: Infinity,
  })
}
