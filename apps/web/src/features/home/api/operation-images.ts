import { useQuery } from '@tanstack/react-query'
import type { OperationImage } from '@seal/shared/api/config'
import { get } from '../../../lib/request/request.ts'

/** The home banner's place among the operation images (001 §7, 002 §7). */
const HOME_BANNER_POSITION = 1

/**
 * GET /configs/operation/image?position=1: the home banner's images, each with where it leads. Quiet on
 * failure: home works without it.
 */
export function useHomeBanners() {
  return useQuery({
    queryKey: ['config', 'operation-image', HOME_BANNER_POSITION],
    queryFn: () => get<OperationImage[]>('/configs/operation/image', { position: HOME_BANNER_POSITION }, { silent: true }),
    staleTime: 60_000,
  })
}
