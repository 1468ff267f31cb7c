import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import { Button, InfiniteScroll, NavBar, PullToRefresh, Tabs } from 'antd-mobile'
import type { AuthorizationItem } from '@seal/shared/api/seal-auth'
import type { LoginInfo } from '@seal/shared/api/auth'
import { authStatus, authStatusLabels, type AuthStatus } from '@seal/shared/codes/authorization'
import { messages } from '@seal/shared/messages'
import { ListFooter } from '../../components/list-footer/list-footer.tsx'
import { Loaded } from '../../components/loaded.tsx'
import { confirmDialog } from '../../lib/dialog/confirm-dialog.ts'
import { RequestError } from '../../lib/request/request.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { showToast } from '../../lib/toast/show-toast.ts'
import { authorizationListKey, availableSeals, revokeAuthorization, sealAuthListsKey, useAuthorizationPages } from './api.ts'
import {
  addAuthorizerTarget,
  applySealTarget,
  authorizationTabs,
  authorizationTarget,
  canRevoke,
  periodText,
  readAuthorizationTab,
  sealTypeName,
  storeAuthorizationTab,
} from './list-logic.ts'
import './seal-auth-lists.css'

/** The empty message of each tab (ours). */
export const emptyTitles: Record<AuthStatus, string> = {
  [authStatus.AUTHORIZING]: '暂无授权中的记录',
  [authStatus.AUTHORIZED]: '暂无已授权的记录',
  [authStatus.INVALID]: '暂无已失效的记录',
}

/**
 * `/authorization/{type}` 印章授权 (spec 000 §2, §4): the authorisations made to the caller and those of the
 * seals they manage, in three tabs — 授权中, 已授权, 已失效 — kept for the session; tapping a tab (the open one
 * too) reloads it; pull down to refresh, more as the list scrolls to its end. An item opens its acceptance
 * or its letter; 撤销授权 ends someone else's authorisation still waiting. 新增授权 starts a grant when the
 * caller has a seal they may authorise.
 */
export function AuthorizationListPage() {
  const navigate = useNavigate()
  const location = useLocation()
  const client = useQueryClient()
  const login = useLoginInfo()
  const [tab, setTab] = useState<AuthStatus>(readAuthorizationTab)
  const [checking, setChecking] = useState(false)

  const choose = (key: string) => {
    const next = authorizationTabs.find((item) => String(item.status) === key)?.status ?? authStatus.AUTHORIZING
    storeAuthorizationTab(next)
    setTab(next)
  }
  // Switching tabs mounts the other list, which loads afresh; tapping the open tab reloads it in place.
  const reloadIfOpen = (status: AuthStatus) => {
    if (status === tab) void client.refetchQueries({ queryKey: authorizationListKey(status) })
  }

  const addAuthorizer = async () => {
    const me = login.data
    setChecking(true)
    let seals: Awaited<ReturnType<typeof availableSeals>>
    try {
      seals = await availableSeals(me?.kind === 'enterprise' ? me.socialCreditCode : null)
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
      return
    } finally {
      setChecking(false)
    }
    if (seals.length > 0) {
      navigate(addAuthorizerTarget)
      return
    }
    const apply = await confirmDialog({ title: messages.cannotAuthorize, content: messages.noAuthorizableSeal, confirmText: '申请印章', cancelText: '取消' })
    if (apply) navigate(applySealTarget)
  }

  return (
    <div className="auth-lists-page">
      <div className="auth-lists-top">
        <NavBar onBack={() => (location.key === 'default' ? navigate('/home') : navigate(-1))}>印章授权</NavBar>
        <Tabs activeKey={String(tab)} onChange={choose}>
          {authorizationTabs.map((item) => (
            <Tabs.Tab
              key={String(item.status)}
              title={
                <span className="auth-lists-tab" onClick={() => reloadIfOpen(item.status)}>
                  {item.title}
                </span>
              }
            />
          ))}
        </Tabs>
      </div>
      <main className="auth-lists-main">
        <AuthorizationList key={tab} status={tab} login={login.data} />
      </main>
      <footer className="auth-lists-footer">
        <Button block color="primary" size="large" loading={checking} onClick={() => void addAuthorizer()}>
          新增授权
        </Button>
      </footer>
    </div>
  )
}

function AuthorizationList({ status, login }: { status: AuthStatus; login: LoginInfo | undefined }) {
  const navigate = useNavigate()
  const client = useQueryClient()
  const pages = useAuthorizationPages(status)
  const [busy, setBusy] = useState<string | null>(null)
  const firstPage = { data: pages.data?.pages, isPending: pages.isPending, isError: pages.isError && !pages.data, refetch: pages.refetch }

  const refresh = async () => {
    const answer = await pages.refetch()
    if (!answer.isError) showToast({ content: messages.refreshed })
  }
  const loadMore = async () => {
    const next = await pages.fetchNextPage()
    if (next.isError) throw next.error
  }
  const revoke = async (item: AuthorizationItem) => {
    const confirmed = await confirmDialog({ title: '撤销授权', content: `确定撤销${item.name}对“${item.sealName}”的授权吗？撤销后该授权失效。` })
    if (!confirmed) return
    setBusy(item.authId)
    try {
      await revokeAuthorization(item.authId)
      showToast({ content: messages.authorizationRemoved, icon: 'success' })
      await client.invalidateQueries({ queryKey: sealAuthListsKey })
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
    } finally {
      setBusy(null)
    }
  }

  return (
    <PullToRefresh onRefresh={refresh}>
      <Loaded query={firstPage} isEmpty={(loaded) => loaded.every((page) => page.list.length === 0)} emptyTitle={emptyTitles[status]}>
        {(loaded) => (
          <>
            {loaded
              .flatMap((page) => page.list)
              .map((item) => {
                const target = login ? authorizationTarget(item, login) : null
                return (
                  <AuthorizationCard
                    key={item.authId}
                    item={item}
                    onOpen={target ? () => navigate(target) : undefined}
                    onRevoke={canRevoke(item, status) ? () => void revoke(item) : undefined}
                    busy={busy === item.authId}
                  />
                )
              })}
            <InfiniteScroll loadMore={loadMore} hasMore={pages.hasNextPage}>
              {(hasMore, failed, retry) => <ListFooter hasMore={hasMore} failed={failed} retry={retry} />}
            </InfiniteScroll>
          </>
        )}
      </Loaded>
    </PullToRefresh>
  )
}

function AuthorizationCard({ item, onOpen, onRevoke, busy }: { item: AuthorizationItem; onOpen: (() => void) | undefined; onRevoke: (() => void) | undefined; busy: boolean }) {
  const body = (
    <>
      <header>
        <strong>{item.businessName}</strong>
        <span className="auth-status" data-status={item.authStatus}>
          {item.mine && item.authStatus === authStatus.AUTHORIZING ? '待我确认' : authStatusLabels[item.authStatus as AuthStatus]}
        </span>
      </header>
      <dl>
        <div>
          <dt>印章</dt>
          <dd>
            {item.sealName}
            <small>{sealTypeName(item.sealTypeCode)}</small>
          </dd>
        </div>
        <div>
          <dt>用章人</dt>
          <dd>{item.name}</dd>
        </div>
        <div>
          <dt>授权期限</dt>
          <dd>{periodText(item.startTime, item.endTime)}</dd>
        </div>
      </dl>
    </>
  )
  return (
    <article className="auth-card" aria-label={`${item.name} ${item.sealName}`}>
      {onOpen ? (
        <button type="button" className="auth-card-open" onClick={onOpen}>
          {body}
        </button>
      ) : (
        <div className="auth-card-open">{body}</div>
      )}
      {onRevoke && (
        <div className="auth-card-actions">
          <Button size="small" color="danger" fill="outline" loading={busy} onClick={onRevoke}>
            撤销授权
          </Button>
        </div>
      )}
    </article>
  )
}
