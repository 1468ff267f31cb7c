import { useMutation, useQuery } from '@tanstack/react-query'
import type { AppConfig, ConfigKey } from '@seal/shared/api/config'
import { api } from '../../../lib/request.ts'
import { queryClient } from '../../../app/query-client.ts'

export const configKey = (scope: string) => ['admin', 'config', scope] as const

/** GET /admin/config?scope=: the configuration in effect for that scope (its own values over the wider ones and the defaults). */
export const useConfig = (scope: string) =>
  useQuery({
    queryKey: configKey(scope),
    queryFn: () => api<AppConfig>('GET', '/admin/config', { query: { scope } }),
  })

/** PUT /admin/config: one key's value at one scope. */
export const useSetConfig = () =>
  useMutation({
    mutationFn: (body: { scope: string; key: ConfigKey; value: unknown }) =>
      api<null>('PUT', '/admin/config', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'config'] }),
  })

/** DELETE /admin/config: the key's value at that scope removed, so the wider one (or the default) applies. */
export const useRemoveConfig = () =>
  useMutation({
    mutationFn: (body: { scope: string; key: ConfigKey }) => api<null>('DELETE', '/admin/config', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'config'] }),
  })
