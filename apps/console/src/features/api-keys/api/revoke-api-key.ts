import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/request.ts'
import { queryClient } from '../../../app/query-client.ts'
import { apiKeysKey } from './list-api-keys.ts'

/** DELETE /admin/api-keys/:id: the key stops working at once. */
export const useRevokeApiKey = () =>
  useMutation({
    mutationFn: (id: string) => api<unknown>('DELETE', `/admin/api-keys/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  })
