import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { InfiniteScroll, NavBar, PullToRefresh, Tabs } from 'antd-mobile'
import type { BacklogItem } from '@seal/shared/api/backlog'
import { acceptancePath } from '@seal/shared/api/seal-auth'
import { backlogListType, backlogListTypeLabels, backlogStatusLabel, type BacklogListType } from '@seal/shared/codes/backlog'
import { BEIJING_TIME, beijingMinute } from '@seal/shared/text/beijing-time'
import { ListFooter } from '../../components/list-footer/list-footer.tsx'
import { Loaded } from '../../components/loaded.tsx'
import { useBacklog } from './api/backlog.ts'
import { agencyLinks } from './links.ts'
import { AuthorisationCard } from './authorisation-card.tsx'
import './agency-center.css'

export const NO_BACKLOG = '暂无待办事项'
export const NO_HANDLED = '暂无已处理事项'
const TAB_KEY = 'agency-center-tab'

/**
 * `/agency-center` 待办中心 (spec 002 §2, §4): tabs 待办列表 (list type 1) and 已处理 (4); pull down to
 * refresh, more pages as the list scrolls to its end. The tab is kept for the session so 返回 from a detail
 * lands where it was.
 */
export function AgencyCenterPage() {
  const navigate = useNavigate()
  const [tab, setTab] = useState<BacklogListType>(() => (sessionStorage.getItem(TAB_KEY) === '4' ? backlogListType.HANDLED : backlogListType.TODO))
  const choose = (key: string) => {
    const next = key === '4' ? backlogListType.HANDLED : backlogListType.TODO
    sessionStorage.setItem(TAB_KEY, String(next))
    setTab(next)
  }
  return (
    <div className="agency-center-page">
      <NavBar onBack={() => navigate('/home')}>待办中心</NavBar>
      <Tabs activeKey={String(tab)} onChange={choose}>
        {[backlogListType.TODO, backlogListType.HANDLED].map((type) => (
          <Tabs.Tab key={String(type)} title={backlogListTypeLabels[type]} />
        ))}
      </Tabs>
      <BacklogList key={tab} listType={tab} />
    </div>
  )
}

function BacklogList({ listType }: { listType: BacklogListType }) {
  const navigate = useNavigate()
  const backlog = useBacklog(listType)
  const firstPage = { data: backlog.data?.pages, isPending: backlog.isPending, isError: backlog.isError && !backlog.data, refetch: backlog.refetch }
  const loadMore = async () => {
    const next = await backlog.fetchNextPage()
    if (next.isError) throw next.error
  }
  return (
    <PullToRefresh onRefresh={async () => void (await backlog.refetch())}>
      <Loaded
        query={firstPage}
        isEmpty={(pages) => pages.every((page) => page.records.length === 0)}
        emptyTitle={listType === backlogListType.TODO ? NO_BACKLOG : NO_HANDLED}
      >
        {(pages) => (
          <>
            <p className="agency-center-note">提交时间为{BEIJING_TIME}</p>
            {pages
              .flatMap((page) => page.records)
              .map((item) =>
                item.authorization ? (
                  <AuthorisationCard key={item.id} item={item} authorization={item.authorization} onOpen={() => navigate(acceptancePath(item.authorization!.authId))} />
                ) : (
                  <BacklogCard key={item.id} item={item} onOpen={() => navigate(agencyLinks.detail(item.id))} />
                ),
              )}
            <InfiniteScroll loadMore={loadMore} hasMore={backlog.hasNextPage}>
              {(hasMore, failed, retry) => <ListFooter hasMore={hasMore} failed={failed} retry={retry} />}
            </InfiniteScroll>
          </>
        )}
      </Loaded>
    </PullToRefresh>
  )
}

function BacklogCard({ item, onOpen }: { item: BacklogItem; onOpen: () => void }) {
  return (
    <article className="agency-card" aria-label={item.sealUseCompany}>
      <button type="button" className="agency-card-open" onClick={onOpen}>
        <header>
          <strong>{item.sealUseCompany}</strong>
          <span className={`agency-status agency-status-${item.status}`}>{backlogStatusLabel(item.status)}</span>
        </header>
        <dl>
          <div>
            <dt>事项</dt>
            <dd>电子印章申请签署授权</dd>
          </div>
          <div>
            <dt>印章类型</dt>
            <dd>{item.sealTypeNames || '—'}</dd>
          </div>
          <div>
            <dt>经办人</dt>
            <dd>{item.operationName || '—'}</dd>
          </div>
          <div>
            <dt>提交时间</dt>
            <dd>{beijingMinute(item.createdAt)}</dd>
          </div>
        </dl>
      </button>
    </article>
  )
}
