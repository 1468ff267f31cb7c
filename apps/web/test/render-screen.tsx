import { render } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { ConfigProvider } from 'antd-mobile'
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom'
import { NavBackIcon } from '../src/components/nav-back/nav-back.tsx'

/** Where the screen went: every other route renders its path and query. */
function Elsewhere() {
  const location = useLocation()
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>
}

/**
 * Renders `route` at `path` (a logged-in session) as app.tsx does: the title bar's 返回, the query defaults,
 * a real router. `path` may carry router state, as a screen that navigates with state opens the next one.
 */
export function renderScreen(path: string | { pathname: string; state: unknown }, route: RouteObject) {
  localStorage.setItem('seal.token', 'test-token')
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } })
  const router = createMemoryRouter([route, { path: '*', element: <Elsewhere /> }], { initialEntries: [path] })
  render(
    <ConfigProvider navBar={{ backIcon: <NavBackIcon /> }}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} future={{ v7_startTransition: true }} />
      </QueryClientProvider>
    </ConfigProvider>,
  )
  return { router, client }
}
