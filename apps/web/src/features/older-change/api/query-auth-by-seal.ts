import { useQueries } from '@tanstack/react-query'
import type { SealAuthorisation } from '@seal/shared/api/older-change'
import { post } from '../../../lib/request/request.ts'

/** POST /paas-composite-seal/seal/authorize/queryBySealId {sealId, sealPlatType 0}: one seal's authorisations, with ids. */
export function queryAuthBySealId(sealId: string) {
  return post<SealAuthorisation[]>('/paas-composite-seal/seal/authorize/queryBySealId', { sealId, sealPlatType: 0 })
}

/** The authorisations of each seal, one call per seal as the spec makes them; `all` once every answer is in. */
export function useAuthorisationsOfSeals(sealIds: string[]) {
  return useQueries({
    queries: sealIds.map((sealId) => ({ queryKey: ['older-change', 'auths', sealId], queryFn: () => queryAuthBySealId(sealId) })),
    combine: (results) => ({
      all: results.every((result) => result.data) ? results.flatMap((result) => result.data!) : undefined,
      isPending: results.some((result) => result.isPending),
      isError: results.some((result) => result.isError),
      refetch: () => Promise.all(results.map((result) => result.refetch())),
    }),
  })
}
