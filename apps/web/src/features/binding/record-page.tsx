import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, InfiniteScroll, NavBar, PullToRefresh } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { bindingMessages, type BindRecord } from '@seal/shared/api/binding'
import { bindState } from '@seal/shared/codes/binding'
import { beijingMinute } from '@seal/shared/text/beijing-time'
import { ListFooter } from '../../components/list-footer/list-footer.tsx'
import { Loaded } from '../../components/loaded.tsx'
import { cancelBinding } from './api/cancel-binding.ts'
import { bindingKey } from './api/keys.ts'
import { useBindRecords } from './api/bind-records.ts'
import { confirmMethodLabel } from './binding-flow.ts'
import { ConfirmUseSheet, type UseProof } from './confirm-use-sheet.tsx'
import './binding.css'

export const NO_BINDING_RECORDS = '暂无平台绑定记录'

/**
 * `/platform-binding-record?sealId` 平台绑定记录 (002 §2, §4): the seal's bindings (all the caller may see
 * without `sealId`), 10 a page, newest first; pull down to refresh, more as the list reaches its end. A
 * binding in effect offers 取消绑定, confirmed as the record says for this caller (cancelUseType): the
 * password, or a handwritten signature for a manager whose use method is handwriting only. One no longer
 * in effect offers 重新绑定.
 */
export function BindingRecordPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const sealId = useSearchParams()[0].get('sealId') ?? undefined
  const records = useBindRecords(sealId)
  const [cancelling, setCancelling] = useState<BindRecord | null>(null)
  const firstPage = { data: records.data?.pages, isPending: records.isPending, isError: records.isError && !records.data, refetch: records.refetch }
  const loadMore = async () => {
    const next = await records.fetchNextPage()
    if (next.isError) throw next.error
  }

  const cancel = async (proof: UseProof) => {
    if (!cancelling) return
    await cancelBinding({ id: cancelling.id, ...proof })
    setCancelling(null)
    void queryClient.invalidateQueries({ queryKey: bindingKey })
    // Said by the sheet, so it replaces a refusal of an earlier try instead of being cleared with it.
    return bindingMessages.cancelled
  }
  const rebind = (record: BindRecord) =>
    navigate(`/seal-bind/${encodeURIComponent(record.sealId)}/${record.bindState}/${encodeURIComponent(record.id)}?${new URLSearchParams({ platformId: record.platformId })}`)

  return (
    <div className="binding-page">
      <NavBar onBack={() => navigate(-1)}>平台绑定记录</NavBar>
      <PullToRefresh onRefresh={async () => void (await records.refetch())}>
        <Loaded query={firstPage} isEmpty={(pages) => pages.every((page) => page.list.length === 0)} emptyTitle={NO_BINDING_RECORDS}>
          {(pages) => (
            <>
              {pages
                .flatMap((page) => page.list)
                .map((record) => (
                  <RecordCard key={record.id} record={record} onCancel={() => setCancelling(record)} onRebind={() => rebind(record)} />
                ))}
              <InfiniteScroll loadMore={loadMore} hasMore={records.hasNextPage}>
                {(hasMore, failed, retry) => <ListFooter hasMore={hasMore} failed={failed} retry={retry} />}
              </InfiniteScroll>
            </>
          )}
        </Loaded>
      </PullToRefresh>
      {cancelling && (
        <ConfirmUseSheet
          open
          useType={cancelling.cancelUseType}
          subject={`取消「${cancelling.sealName}」与${cancelling.clientName}的绑定`}
          passwordLabel={cancelling.bindPassword}
          onClose={() => setCancelling(null)}
          onSubmit={cancel}
        />
      )}
    </div>
  )
}

function RecordCard({ record, onCancel, onRebind }: { record: BindRecord; onCancel: () => void; onRebind: () => void }) {
  const inEffect = record.bindState === bindState.IN_EFFECT
  return (
    <article className="binding-record" aria-label={`${record.clientName} ${record.sealName}`}>
      <header>
        <strong>{record.clientName}</strong>
        <span className={`binding-record-state binding-record-state-${record.bindState}`}>{inEffect ? '绑定中' : '已失效'}</span>
      </header>
      <dl>
        <div>
          <dt>印章</dt>
          <dd>{record.sealName}</dd>
        </div>
        <div>
          <dt>绑定人</dt>
          <dd>{record.personName}</dd>
        </div>
        <div>
          <dt>确认方式</dt>
          <dd>{confirmMethodLabel(record.useType)}</dd>
        </div>
        <div>
          <dt>绑定时间</dt>
          <dd>{beijingMinute(record.bindTime)}</dd>
        </div>
        {!inEffect && record.cancelTime !== null && (
          <div>
            <dt>失效时间</dt>
            <dd>{beijingMinute(record.cancelTime)}</dd>
          </div>
        )}
      </dl>
      <footer>
        {inEffect ? (
          <Button size="small" color="danger" fill="outline" onClick={onCancel}>
            取消绑定
          </Button>
        ) : record.canRebind ? (
          <Button size="small" color="primary" fill="outline" onClick={onRebind}>
            重新绑定
          </Button>
        ) : null}
      </footer>
    </article>
  )
}
