import { Button, Result } from 'antd'
import type { ComponentType } from 'react'
import { Navigate } from 'react-router-dom'
import { useMe } from '../features/session/api/me.ts'
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

/** The first page the caller may read: the landing page after login. */
export function Landing() {
  const me = useMe()
  const first = pages.find((page) => page.group && me.data && mayOpen(me.data.roles, page.reads))
  return <Navigate to={first?.path ?? '/account'} replace />
}

export function NotFound() {
  return <Result status="404" title="页面不存在" extra={<Button href="/console/">返回首页</Button>} />
}
