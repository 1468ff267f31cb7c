import { useInfiniteQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { reviewListAnswer, ReviewListQuery } from '@seal/shared/api/unit-apply-admin'
import { api } from '../../../lib/request.ts'

export type ReviewListAnswer = z.infer<typeof reviewListAnswer>
export type ReviewFilters = Partial<Omit<ReviewListQuery, 'lastId' | 'pageSize'>>

export const applicationsKey = ['admin', 'applications'] as const

/** GET /admin/applications: the queue, oldest submission first, a page at a time (keyset: lastId). */
export const useApplications = (filters: ReviewFilters) =>
  useInfiniteQuery({
    queryKey: [...applicationsKey, filters],
    queryFn: ({ pageParam, signal }) =>
      api<ReviewListAnswer>('GET', '/admin/applications', {
        query: { ...filters, lastId: pageParam, pageSize: 20 },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.hasMore && page.lastId ? page.lastId : undefined),
  })
