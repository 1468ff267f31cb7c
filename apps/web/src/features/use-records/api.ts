import { useInfiniteQuery } from '@tanstack/react-query'
import { USE_RECORD_PAGE_SIZE, type UseRecordItem, type UseRecordQuery } from '@seal/shared/api/use-records'
import { post } from '../../lib/request/request.ts'

/**
 * POST /signSealLog/queryByTypeAndSocialCreditCode: one seal's use records as filtered, a page at a time;
 * a page shorter than the page size is the last.
 */
export function useUseRecords(query: UseRecordQuery) {
  return useInfiniteQuery({
    queryKey: ['use-records', query],
    queryFn: ({ pageParam }) =>
      post<UseRecordItem[]>('/signSealLog/queryByTypeAndSocialCreditCode', { ...query, pageNum: pageParam, pageSize: USE_RECORD_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.length < USE_RECORD_PAGE_SIZE ? undefined : pages.length + 1),
  })
}
