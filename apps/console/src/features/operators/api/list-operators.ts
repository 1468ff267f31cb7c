import { useQuery } from '@tanstack/react-query'
import type { OperatorSummary } from '@seal/shared/api/operators'
import { api } from '../../../lib/request.ts'

export const operatorsKey = ['admin', 'operators'] as const

/** GET /admin/operators: every operator account. */
export const useOperators = () =>
  useQuery({
    queryKey: operatorsKey,
    queryFn: () => api<{ list: OperatorSummary[] }>('GET', '/admin/operators'),
  })
