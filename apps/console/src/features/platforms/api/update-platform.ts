import { useMutation } from '@tanstack/react-query'
import type { PlatformUpdateBody, PlatformView } from '@seal/shared/api/platforms-admin'
import { api } from '../../../lib/request.ts'
import { queryClient } from '../../../app/query-client.ts'
import { platformsKey } from './list-platforms.ts'

/** PUT /admin/platforms/:platformId: its fields, rate limit, or status (disable / enable). */
export const useUpdatePlatform = () =>
  useMutation({
    mutationFn: ({ id, ...body }: PlatformUpdateBody & { id: string }) =>
      api<PlatformView>('PUT', `/admin/platforms/${encodeURIComponent(id)}`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformsKey }),
  })
