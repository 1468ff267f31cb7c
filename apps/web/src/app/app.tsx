import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router-dom'
import { ConfigProvider } from 'antd-mobile'
import { NavBackIcon } from '../components/nav-back/nav-back.tsx'
import { getToken } from '../lib/session/session.ts'
import { identityConfigQuery } from '../lib/session/use-identity-config.ts'
import { loginInfoQuery } from '../lib/session/use-login-info.ts'
import { RouteLoading } from './route-loading.tsx'
import { router } from './router.tsx'

const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already shows failures; a failed call is retried by the user, not silently.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
})

/**
 * Starts the start-up reads (configuration, who is logged in) with the app's first script rather than
 * after the first screen's chunk: the router renders nothing until that lazy chunk has arrived. Called
 * once the launch parameters (which may carry the token) are stored.
 */
export function prefetchStartupReads() {
  void queryClient.prefetchQuery(identityConfigQuery)
  if (getToken()) void queryClient.prefetchQuery(loginInfoQuery())
}

export function App() {
  return (
    <ConfigProvider navBar={{ backIcon: <NavBackIcon /> }}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} fallbackElement={<RouteLoading />} />
      </QueryClientProvider>
    </ConfigProvider>
  )
}
