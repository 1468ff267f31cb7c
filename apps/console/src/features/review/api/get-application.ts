import { useQuery } from '@tanstack/react-query'
import type { ReviewApplicationDetail } from '@seal/shared/api/unit-apply-admin'
import { api } from '../../../lib/request.ts'
import { applicationsKey } from './list-applications.ts'

export const applicationKey = (id: string) => [...applicationsKey, 'detail', id] as const

/** GET /admin/applications/:id: the application with every file (short-lived links) and what the checks read. */
export const useApplication = (id: string) =>
  useQuery({
    queryKey: applicationKey(id),
    queryFn: ({ signal }) =>
      api<ReviewApplicationDetail>('GET', `/admin/applications/${encodeURIComponent(id)}`, { signal }),
    // The file links expire; read them again rather than keep stale ones.
    staleTime: 60_000,
  })
