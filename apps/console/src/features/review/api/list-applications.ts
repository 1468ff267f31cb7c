import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { reviewListAnswer, ReviewListQuery } from '@seal/shared/api/unit-apply-admin'
import { WAITING } from '@seal/shared/codes/apply-status'
import { api } from '../../../lib/request.ts'

export type ReviewListAnswer = z.infer<typeof reviewListAnswer>
export type ReviewFilters = Partial<Omit<ReviewListQuery, 'lastId' | 'pageSize'>>

export const applicationsKey = ['admin', 'applications'] as const

/** The queue as it opens: what waits for a person. */
export const waitingFilters: ReviewFilters = { status: WAITING }

const applicationsQuery = (filters: ReviewFilters) =>
  infiniteQueryOptions({
    queryKey: [...applicationsKey, filters],
    queryFn: ({ pageParam, signal }) =>
      api<ReviewListAnswer>('GET', '/admin/applications', {
        query: { ...filters, lastId: pageParam, pageSize: 20 },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.hasMore && page.lastId ? page.lastId : undefined),
    // A list read in the last 10 s (asked for as the tab opened, warm-up.ts) is not read again as the page
    // mounts; a search, 重置, 刷新, a claim or a decision reads it again as before.
    refetchOnMount: (query) => query.isStaleByTime(10_000),
  })

/** GET /admin/applications: the queue, oldest submission first, a page at a time (keyset: lastId). */
export const useApplications = (filters: ReviewFilters) => useInfiniteQuery(applicationsQuery(filters))

/** Asks for the queue as it opens before its page has loaded (app/warm-up.ts). */
export const prefetchWaitingApplications = (client: QueryClient) =>
  client.prefetchInfiniteQuery(applicationsQuery(waitingFilters))
