import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/request/request.ts'

/** POST /seal/getSealPicById: the seal's picture as a data URL. */
export function getSealPic(sealId: string) {
  return post<{ sealPic: string }>('/seal/getSealPicById', { sealId }, { silent: true })
}

export function useSealPic(sealId: string | undefined) {
  return useQuery({
    queryKey: ['seals', 'pic', sealId],
    queryFn: () => getSealPic(sealId!),
    enabled: Boolean(sealId),
    staleTime: Infinity,
  })
}
