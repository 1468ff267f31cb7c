import { useMutation } from '@tanstack/react-query'
import type { PlatformFields, PlatformWithSecret } from '@seal/shared/api/platforms-admin'
import { api } from '../../../lib/request.ts'
import { queryClient } from '../../../app/query-client.ts'
import { platformsKey } from './list-platforms.ts'

/** POST /admin/platforms: registers a platform; its clientSecret is answered here once. */
export const useRegisterPlatform = () =>
  useMutation({
    mutationFn: (body: PlatformFields) => api<PlatformWithSecret>('POST', '/admin/platforms', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformsKey }),
  })
