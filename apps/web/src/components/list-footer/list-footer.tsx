import { DotLoading } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import './list-footer.css'

/**
 * The foot of a paged list, as antd-mobile's InfiniteScroll hands it over: 加载中 while more comes, a retry
 * when a page failed, the end text when there is no more.
 *
 * @example
 * <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage}>{(hasMore, failed, retry) => <ListFooter hasMore={hasMore} failed={failed} retry={retry} />}</InfiniteScroll>
 */
export function ListFooter({ hasMore, failed, retry }: { hasMore: boolean; failed: boolean; retry: () => unknown }) {
  if (!hasMore) return <span className="list-footer-end">{messages.noMorePages}</span>
  if (failed)
    return (
      <button type="button" className="list-footer-retry" onClick={() => void retry()}>
        加载失败，重新加载
      </button>
    )
  return (
    <span>
      加载中
      <DotLoading />
    </span>
  )
}
