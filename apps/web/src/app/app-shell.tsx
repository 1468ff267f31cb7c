import { useEffect } from 'react'
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import { SESSION_LOST_EVENT, runtimeConfig } from '../lib/request/request.ts'
import { useToastsStayWithTheirScreen } from '../lib/toast/toast-stays-with-screen.ts'

/**
 * Around every screen: the sandbox badge (DESIGN "providers": visible whenever sandbox providers answer),
 * the way back to login when the request module reports a lost session and no logout address exists,
 * scrolling (a new screen opens at its top, going back returns to where the person was), and toasts
 * (one up when the person leaves the screen does not follow them onto the next).
 */
export function AppShell() {
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()
  useToastsStayWithTheirScreen()

  useEffect(() => {
    const backToLogin = () => {
      queryClient.clear()
      if (location.pathname === '/login') return
      navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`, { replace: true })
    }
    window.addEventListener(SESSION_LOST_EVENT, backToLogin)
    return () => window.removeEventListener(SESSION_LOST_EVENT, backToLogin)
  }, [navigate, location, queryClient])

  return (
    <>
      <Outlet />
      <ScrollRestoration />
      {runtimeConfig().sandbox && (
        <div className="sandbox-badge" role="note">
          沙箱环境
        </div>
      )}
    </>
  )
}
