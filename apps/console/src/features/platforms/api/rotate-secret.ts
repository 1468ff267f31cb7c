import { useMutation } from '@tanstack/react-query'
import type { PlatformWithSecret } from '@seal/shared/api/platforms-admin'
import { api } from '../../../lib/request.ts'

/** POST /admin/platforms/:platformId/rotate-secret: a new clientSecret (answered once); the old one and its tokens stop at once. */
export const useRotateSecret = () =>
  useMutation({
    mutationFn: (id: string) =>
      api<PlatformWithSecret>('POST', `/admin/platforms/${encodeURIComponent(id)}/rotate-secret`),
  })
