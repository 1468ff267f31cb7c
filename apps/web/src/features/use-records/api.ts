import { useInfiniteQuery } from '@tanstack/react-query'
import { USE_RECORD_PAGE_SIZE, type UseRecordItem, type UseRecordQuery } from '@seal/shared/api/use-records'
import { getBlob, post } from '../../lib/request/request.ts'

type PageParam = { pageNum: number; lastId?: string }

/**
 * POST /signSealLog/queryByTypeAndSocialCreditCode: one seal's use records as filtered, a page at a time;
 * a page shorter than the page size is the last. Each next page names the last record shown (`lastId`),
 * so the server starts there and a deep page costs what the first does.
 */
export function useUseRecords(query: UseRecordQuery) {
  return useInfiniteQuery({
    queryKey: ['use-records', query],
    queryFn: ({ pageParam }) =>
      post<UseRecordItem[]>('/signSealLog/queryByTypeAndSocialCreditCode', { ...query, ...pageParam, pageSize: USE_RECORD_PAGE_SIZE }),
    initialPageParam: { pageNum: 1 } as PageParam,
    getNextPageParam: (lastPage, pages): PageParam | undefined =>
      lastPage.length < USE_RECORD_PAGE_SIZE ? undefined : { pageNum: pages.length + 1, lastId: lastPage.at(-1)!.id },
  })
}

/**
 * GET /file/download/{fileId}: a record's signed document, for whoever sees the record (the seal's holder
 * reads what a platform or an authorised user sealed with it; docs/api.md "Files").
 */
export function fetchUseRecordDocument(fileId: string): Promise<Blob> {
  return getBlob(`/file/download/${encodeURIComponent(fileId)}`, undefined, { timeout: 60_000 })
}
