import { lazy, Suspense, useEffect } from 'react'
import { createBrowserRouter, Outlet, useNavigate, type RouteObject } from 'react-router-dom'
import { SESSION_LOST_EVENT } from '../lib/request.ts'
import { pages } from './pages.ts'

// Only the router and the session's plumbing are in the entry chunk; every screen, the layout included, comes when first shown.
const Shell = lazy(() => import('./shell.tsx'))
const LoginPage = lazy(() => import('../features/session/login-page.tsx'))
const EnrolPage = lazy(() => import('../features/session/enrol-page.tsx'))
const PageGate = lazy(() => import('./page-gate.tsx').then((module) => ({ default: module.PageGate })))
const Landing = lazy(() => import('./page-gate.tsx').then((module) => ({ default: module.Landing })))
const NotFound = lazy(() => import('./page-gate.tsx').then((module) => ({ default: module.NotFound })))

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
          ...pages.map((page) => ({
            path: page.path,
            element: <PageGate reads={page.reads} page={page.component} />,
          })),
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
]

export const createConsoleRouter = () => createBrowserRouter(routes, { basename: '/console' })
