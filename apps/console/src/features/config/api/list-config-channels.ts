import { useQuery } from '@tanstack/react-query'
import type { ConfigChannel } from '@seal/shared/api/config-admin'
import { api } from '../../../lib/request.ts'

/**
 * GET /admin/config/channels: the channels configuration can be set for (the plain H5 and the host
 * channels of HOST_CHANNELS), named for people. They change only with the server's settings.
 */
export const useConfigChannels = (enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'config-channels'],
    queryFn: () => api<ConfigChannel[]>('GET', '/admin/config/channels'),
    enabled,
    staleTime: Infinity,
  })
