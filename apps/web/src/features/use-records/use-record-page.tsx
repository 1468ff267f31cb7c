import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { Button, DatePicker, InfiniteScroll, PullToRefresh, SearchBar, Toast } from 'antd-mobile'
import type { UseRecordQuery } from '@seal/shared/api/use-records'
import { dayEndMs, dayOf, dayStartMs, USE_RECORD_EARLIEST, useRecordRangeProblem, type Day } from '@seal/shared/rules/use-record-range'
import { ListFooter } from '../../components/list-footer/list-footer.tsx'
import { Loaded } from '../../components/loaded.tsx'
import { SealFrame } from '../my-seals/seal-frame.tsx'
import { useUseRecords } from './api.ts'
import { mergePages } from './use-record-logic.ts'
import { UseRecordList } from './use-record-list.tsx'
import './use-records.css'

export const NO_USE_RECORDS = '暂无用章记录'

type Filter = { start: Day | null; end: Day | null; userName: string }

/**
 * `/seal-use-record/:type/:sealId` 用章记录 (spec 000 §2): the seal's uses by month, newest first, filtered
 * by a period (at most 12 months, from 1949-02-01 to today) and the user's name; the magnifier opens the
 * keyword search. Pull down to refresh.
 */
export function UseRecordPage() {
  const { type = 'personal', sealId } = useParams()
  const navigate = useNavigate()
  const [applied, setApplied] = useState<Filter>({ start: null, end: null, userName: '' })

  return (
    <SealFrame
      title="用章记录"
      sealId={sealId}
      right={
        <button type="button" className="use-record-search-link" onClick={() => navigate(`/seal-searchbar-list/${type}?sealId=${sealId}`)}>
          搜索
        </button>
      }
    >
      {(seal) => (
        <>
          <RecordFilter onApply={setApplied} />
          <Records query={{ sealId: seal.id, sealTypeCode: seal.sealTypeCode, ...toQuery(applied) }} />
        </>
      )}
    </SealFrame>
  )
}

function toQuery(filter: Filter): Partial<UseRecordQuery> {
  return {
    ...(filter.start && filter.end ? { startTime: dayStartMs(filter.start), endTime: dayEndMs(filter.end) } : {}),
    ...(filter.userName ? { userName: filter.userName } : {}),
  }
}

/** The period and the user's name; 查询 checks the period with the shared rule before asking. */
function RecordFilter({ onApply }: { onApply: (filter: Filter) => void }) {
  const [draft, setDraft] = useState<Filter>({ start: null, end: null, userName: '' })
  const [picking, setPicking] = useState<'start' | 'end' | null>(null)
  const today = dayOf(Date.now())

  const apply = () => {
    if (draft.start || draft.end) {
      const problem = draft.start && draft.end ? useRecordRangeProblem(draft.start, draft.end, today) : '请选择开始日期和结束日期'
      if (problem) {
        Toast.show({ content: problem, duration: 3000 })
        return
      }
    }
    onApply({ ...draft, userName: draft.userName.trim() })
  }

  return (
    <div className="use-record-filter">
      <div className="use-record-dates">
        <button type="button" data-empty={!draft.start} onClick={() => setPicking('start')}>
          {draft.start ?? '开始日期'}
        </button>
        <span>至</span>
        <button type="button" data-empty={!draft.end} onClick={() => setPicking('end')}>
          {draft.end ?? '结束日期'}
        </button>
      </div>
      <div className="use-record-filter-row">
        <SearchBar placeholder="使用人姓名" value={draft.userName} maxLength={32} onChange={(userName) => setDraft((d) => ({ ...d, userName }))} onSearch={apply} />
        <Button size="small" color="primary" onClick={apply}>
          查询
        </Button>
        <Button
          size="small"
          onClick={() => {
            const cleared = { start: null, end: null, userName: '' }
            setDraft(cleared)
            onApply(cleared)
          }}
        >
          重置
        </Button>
      </div>
      <DatePicker
        visible={picking !== null}
        title={picking === 'start' ? '开始日期' : '结束日期'}
        min={new Date(`${USE_RECORD_EARLIEST}T00:00:00`)}
        max={new Date()}
        value={(picking && draft[picking] && new Date(`${draft[picking]}T00:00:00`)) || new Date()}
        onClose={() => setPicking(null)}
        onConfirm={(date) => {
          const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
          if (picking) setDraft((d) => ({ ...d, [picking]: day }))
        }}
      />
    </div>
  )
}

/**
 * The records of a query, a page at a time: more load as the list scrolls to its end, and the last page
 * ends on 已经到底了 as every paged list does (000 §8). Pull down to refresh.
 */
export function Records({ query }: { query: UseRecordQuery }) {
  const records = useUseRecords(query)
  // A page that fails after the first keeps the list on screen; its foot offers 重新加载.
  const firstPage = { data: records.data?.pages, isPending: records.isPending, isError: records.isError && !records.data, refetch: records.refetch }
  const loadMore = async () => {
    const next = await records.fetchNextPage()
    if (next.isError) throw next.error
  }
  return (
    <PullToRefresh onRefresh={async () => void (await records.refetch())}>
      <Loaded query={firstPage} isEmpty={(pages) => pages.every((page) => page.length === 0)} emptyTitle={NO_USE_RECORDS}>
        {(pages) => (
          <>
            <UseRecordList records={mergePages(pages)} />
            {pages.length > 1 || records.hasNextPage ? (
              <InfiniteScroll loadMore={loadMore} hasMore={records.hasNextPage}>
                {(hasMore, failed, retry) => <ListFooter hasMore={hasMore} failed={failed} retry={retry} />}
              </InfiniteScroll>
            ) : null}
          </>
        )}
      </Loaded>
    </PullToRefresh>
  )
}
