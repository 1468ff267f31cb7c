import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { createApiKeyAnswer, createApiKeyBody } from '@seal/shared/api/operators'
import { api } from '../../../lib/request.ts'
import { queryClient } from '../../../app/query-client.ts'
import { apiKeysKey } from './list-api-keys.ts'

export type CreateApiKeyBody = z.input<typeof createApiKeyBody>
export type CreateApiKeyAnswer = z.infer<typeof createApiKeyAnswer>

/** POST /admin/api-keys: a key for automation limited to roles; the key itself is answered here only. */
export const useCreateApiKey = () =>
  useMutation({
    mutationFn: (body: CreateApiKeyBody) => api<CreateApiKeyAnswer>('POST', '/admin/api-keys', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  })
