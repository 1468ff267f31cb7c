import { useQuery } from '@tanstack/react-query'
import type { PlatformConfigBody, PlatformItem } from '@seal/shared/api/binding'
import { post } from '../../../lib/request/request.ts'
import { bindingKey } from './keys.ts'

/**
 * POST /paas-composite-seal/sealBind/platform/config (002 §7): the platforms, with (alreadyBind/totality)
 * and usage notes; `clientName` narrows to names containing it, `platformType` to one type.
 */
export function platformConfig(body: PlatformConfigBody) {
  return post<PlatformItem[]>('/paas-composite-seal/sealBind/platform/config', { identityType: '111', ...body }, { base: 'bind' })
}

export function usePlatforms(filter: { clientName?: string; platformType?: string }) {
  return useQuery({
    queryKey: [...bindingKey, 'platforms', filter.clientName ?? '', filter.platformType ?? ''],
    queryFn: () => platformConfig({ clientName: filter.clientName || undefined, platformType: filter.platformType || undefined }),
    // A name typed again shows the earlier answer at once, refreshed behind it.
    placeholderData: (previous) => previous,
  })
}
