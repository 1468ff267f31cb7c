import { Button, Result } from 'antd'
import { lazy, Suspense, useEffect, type ComponentType } from 'react'
import { createBrowserRouter, Navigate, Outlet, useNavigate, type RouteObject } from 'react-router-dom'
import { useMe } from '../features/session/api/me.ts'
import { SESSION_LOST_EVENT } from '../lib/request.ts'
import { mayOpen, type RouteRoleKey } from '../lib/roles.ts'
import { pages } from './pages.ts'

const Shell = lazy(() => import('./shell.tsx'))
const LoginPage = lazy(() => import('../features/session/login-page.tsx'))
const EnrolPage = lazy(() => import('../features/session/enrol-page.tsx'))

/** A 401 from any call, on any page, goes back to the login screen (which shows 登录已过期，请重新登录). */
function SessionWatcher() {
  const navigate = useNavigate()
  useEffect(() => {
    const back = () => navigate('/login', { replace: true })
    window.addEventListener(SESSION_LOST_EVENT, back)
    return () => window.removeEventListener(SESSION_LOST_EVENT, back)
  }, [navigate])
  return (
    <Suspense fallback={null}>
      <Outlet />
    </Suspense>
  )
}

/** A page opened by address by someone whose roles may not read it says so, rather than failing call by call. */
function PageGate({ reads, page: Page }: { reads: RouteRoleKey | 'anyone'; page: ComponentType }) {
  const me = useMe()
  if (!me.data || !mayOpen(me.data.roles, reads)) {
    return <Result status="403" title="无权访问" subTitle="当前账号无权查看此页面" extra={<Button href="/console/">返回首页</Button>} />
  }
  return <Page />
}

/** The first page the caller may read: the landing page after login. */
function Landing() {
  const me = useMe()
  const first = pages.find((page) => page.group && me.data && mayOpen(me.data.roles, page.reads))
  return <Navigate to={first?.path ?? '/account'} replace />
}

export const routes: RouteObject[] = [
  {
    element: <SessionWatcher />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/enrol', element: <EnrolPage /> },
      {
        path: '/',
        element: <Shell />,
        children: [
          { index: true, element: <Landing /> },
          ...pages.map((page) => ({ path: page.path, element: <PageGate reads={page.reads} page={page.component} /> })),
          { path: '*', element: <Result status="404" title="页面不存在" /> },
        ],
      },
    ],
  },
]

export const createConsoleRouter = () => createBrowserRouter(routes, { basename: '/console' })
