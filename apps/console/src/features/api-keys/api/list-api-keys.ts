import { useQuery } from '@tanstack/react-query'
import type { ApiKeySummary } from '@seal/shared/api/operators'
import { api } from '../../../lib/request.ts'

export const apiKeysKey = ['admin', 'api-keys'] as const

/** GET /admin/api-keys: every key, revoked ones included (revokedAt). */
export const useApiKeys = () =>
  useQuery({ queryKey: apiKeysKey, queryFn: () => api<{ list: ApiKeySummary[] }>('GET', '/admin/api-keys') })
