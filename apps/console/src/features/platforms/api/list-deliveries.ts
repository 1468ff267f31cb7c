import { useInfiniteQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { webhookDeliveryList } from '@seal/shared/api/platforms-admin'
import { api } from '../../../lib/request.ts'

export const deliveriesKey = (platformId: string) => ['admin', 'platforms', platformId, 'deliveries'] as const

/** GET /admin/platforms/:platformId/webhook-deliveries: newest first, each with its attempts. */
export const useDeliveries = (platformId: string, status: string | undefined) =>
  useInfiniteQuery({
    queryKey: [...deliveriesKey(platformId), status ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      api<z.infer<typeof webhookDeliveryList>>(
        'GET',
        `/admin/platforms/${encodeURIComponent(platformId)}/webhook-deliveries`,
        { query: { after: pageParam, limit: 20, status }, signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextAfter ?? undefined,
  })
