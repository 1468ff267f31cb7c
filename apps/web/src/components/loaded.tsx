import type { ReactNode } from 'react'
import { Button, DotLoading, ErrorBlock } from 'antd-mobile'
import { messages } from '@seal/shared/messages'

type QueryLike<T> = { data: T | undefined; isPending: boolean; isError: boolean; refetch: () => unknown }

/**
 * A query's states as a list screen shows them: loading, a failure with 重试, the empty message, or the
 * content.
 *
 * @example
 * <Loaded query={records} isEmpty={(list) => list.length === 0} emptyTitle="暂无用章记录">{(list) => …}</Loaded>
 */
export function Loaded<T>({
  query,
  isEmpty,
  emptyTitle,
  children,
}: {
  query: QueryLike<T>
  isEmpty: (data: T) => boolean
  emptyTitle: string
  children: (data: T) => ReactNode
}) {
  if (query.isError) {
    return (
      <ErrorBlock status="disconnected" title={messages.loadingRetry} description="">
        <Button color="primary" onClick={() => void query.refetch()}>
          重试
        </Button>
      </ErrorBlock>
    )
  }
  if (query.isPending || query.data === undefined) {
    return (
      <div className="page-loading">
        <DotLoading color="primary" />
        <span>加载中</span>
      </div>
    )
  }
  if (isEmpty(query.data)) return <ErrorBlock status="empty" title={emptyTitle} description="" />
  return <>{children(query.data)}</>
}
