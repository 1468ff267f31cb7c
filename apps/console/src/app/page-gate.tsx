import { Button, Result } from 'antd'
import type { ComponentType } from 'react'
import { Navigate } from 'react-router-dom'
import { useMe } from '../features/session/api/me.ts'
import type { OperatorRole } from '@seal/shared/api/operator-roles'
import { mayOpen, type RouteRoleKey } from '../lib/roles.ts'
import { pages } from './pages.ts'

/** A page opened by address by someone whose roles may not read it says so, rather than failing call by call. */
export function PageGate({ reads, page: Page }: { reads: RouteRoleKey | 'anyone'; page: ComponentType }) {
  const me = useMe()
  if (!me.data || !mayOpen(me.data.roles, reads)) {
    return (
      <Result
        status="403"
        title="无权访问"
        subTitle="当前账号无权查看此页面"
        extra={<Button href="/console/">返回首页</Button>}
      />
    )
  }
  return <Page />
}

/**
 * Where a role starts its day: a reviewer works the queue, so he lands there rather than on 首页 (whose
 * charts are the console's biggest chunk, and not what he came for).
 */
const firstPageOf: Partial<Record<OperatorRole, string>> = { reviewer: '/review' }

/** The landing page after login: the caller's role's first page, else the first page the caller may read. */
export function Landing() {
  const me = useMe()
  const roles = me.data?.roles ?? []
  const own = roles.map((role) => firstPageOf[role]).find(Boolean)
  const first = own ?? pages.find((page) => page.group && me.data && mayOpen(roles, page.reads))?.path
  return <Navigate to={first ?? '/account'} replace />
}

export function NotFound() {
  return <Result status="404" title="页面不存在" extra={<Button href="/console/">返回首页</Button>} />
}
