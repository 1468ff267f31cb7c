import { useInfiniteQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { platformList } from '@seal/shared/api/platforms-admin'
import { api } from '../../../lib/request.ts'

export const platformsKey = ['admin', 'platforms'] as const

/** GET /admin/platforms: in order of registration, a page at a time (after: the last platform's id). */
export const usePlatforms = () =>
  useInfiniteQuery({
    queryKey: platformsKey,
    queryFn: ({ pageParam, signal }) =>
      api<z.infer<typeof platformList>>('GET', '/admin/platforms', {
        query: { after: pageParam, limit: 50 },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextAfter ?? undefined,
  })
