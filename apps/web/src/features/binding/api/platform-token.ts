import { useQuery } from '@tanstack/react-query'
import { BINDING_TOKEN_TTL_MS, type PlatformTokenAnswer } from '@seal/shared/api/binding'
import { post } from '../../../lib/request/request.ts'
import { bindingKey } from './keys.ts'

/**
 * POST /paas-composite-seal/sealBind/platform/token (002 §7): the binding service's token for the chosen
 * platform, for this session, good for 30 minutes. Every binding call carries it (docs/api.md). The
 * screen shows a refusal itself (an unknown platform: 未找到指定平台配置项，请确认).
 */
export function platformToken(platformId: string) {
  return post<PlatformTokenAnswer>('/paas-composite-seal/sealBind/platform/token', { id: platformId, identityType: '111' }, { base: 'bind', silent: true })
}

/** The token for one platform, fetched again well before it ends. */
export function useBindingToken(platformId: string) {
  return useQuery({
    queryKey: [...bindingKey, 'token', platformId],
    queryFn: () => platformToken(platformId),
    enabled: Boolean(platformId),
    staleTime: BINDING_TOKEN_TTL_MS / 2,
    refetchInterval: BINDING_TOKEN_TTL_MS / 2,
    retry: false,
  })
}
