import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from './request.ts'

export type KeysetPage<T> = { records: T[]; lastId: string | null; hasMore: boolean }
type Filters = Record<string, string | number | boolean | undefined>

/**
 * A console list read a page at a time (`lastId` of the previous page, the server's keyset paging): the
 * records so far, and whether there are more.
 *
 * @example
 * const seals = useKeysetList<ConsoleSealItem>(['admin', 'seals'], '/admin/seals', { unitName: '示例' })
 */
export function useKeysetList<T>(
  key: readonly unknown[],
  path: string,
  filters: Filters,
  options: { enabled?: boolean } = {},
) {
  const query = useInfiniteQuery({
    queryKey: [...key, filters],
    queryFn: ({ pageParam, signal }) =>
      api<KeysetPage<T>>('GET', path, { query: { ...filters, lastId: pageParam, pageSize: 20 }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.hasMore && page.lastId ? page.lastId : undefined),
    enabled: options.enabled ?? true,
  })
  return { ...query, records: query.data?.pages.flatMap((page) => page.records) ?? [] }
}
