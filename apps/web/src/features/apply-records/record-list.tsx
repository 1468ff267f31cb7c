import { DotLoading, InfiniteScroll, PullToRefresh } from 'antd-mobile'
import type { ApplicantKind } from '@seal/shared/codes/business-type'
import { messages } from '@seal/shared/messages'
import { BEIJING_TIME } from '@seal/shared/text/beijing-time'
import { Loaded } from '../../components/loaded.tsx'
import { useApplyRecords } from './api/apply-page.ts'
import { RecordCard } from './record-card.tsx'
import { useRecordActions } from './use-record-actions.ts'

export const NO_APPLY_RECORDS = '暂无申请记录'

/**
 * One tab's applications: pull down to refresh, more pages as the list scrolls to its end, 已经到底了
 * after the last (spec 001 §2 "Records", §8).
 */
export function RecordList({ applyType }: { applyType: ApplicantKind }) {
  const records = useApplyRecords(applyType)
  const { act, busy } = useRecordActions()
  // A later page that fails keeps the list on screen; InfiniteScroll offers 重新加载.
  const firstPage = { data: records.data?.pages, isPending: records.isPending, isError: records.isError && !records.data, refetch: records.refetch }
  const loadMore = async () => {
    const next = await records.fetchNextPage()
    if (next.isError) throw next.error
  }
  return (
    <PullToRefresh onRefresh={async () => void (await records.refetch())}>
      <Loaded query={firstPage} isEmpty={(pages) => pages.every((page) => page.records.length === 0)} emptyTitle={NO_APPLY_RECORDS}>
        {(pages) => (
          <>
            <p className="apply-records-note">申请时间为{BEIJING_TIME}</p>
            {pages.flatMap((page) => page.records).map((record) => (
              <RecordCard key={record.id} record={record} busy={busy === record.id} onAction={(action, item) => void act(action, item)} />
            ))}
            <InfiniteScroll loadMore={loadMore} hasMore={records.hasNextPage}>
              {(hasMore, failed, retry) => <ListEnd hasMore={hasMore} failed={failed} retry={retry} />}
            </InfiniteScroll>
          </>
        )}
      </Loaded>
    </PullToRefresh>
  )
}

function ListEnd({ hasMore, failed, retry }: { hasMore: boolean; failed: boolean; retry: () => void }) {
  if (!hasMore) return <span className="apply-record-end">{messages.noMorePages}</span>
  if (failed) {
    return (
      <span>
        加载失败，
        <button type="button" className="apply-record-retry" onClick={retry}>
          重新加载
        </button>
      </span>
    )
  }
  return (
    <span>
      加载中
      <DotLoading />
    </span>
  )
}
