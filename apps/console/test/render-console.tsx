import { render } from '@testing-library/react'
import { ConfigProvider } from 'antd'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { Providers } from '../src/app/app.tsx'
import { queryClient } from '../src/app/query-client.ts'
import { routes } from '../src/app/router.tsx'
import { setToken } from '../src/lib/session.ts'

/**
 * The whole console (its router, providers and lazy pages) at `path`, signed in when a token is given; on an
 * empty query cache unless `keepCache` (what the tab's warm-up asked for already).
 */
export function renderConsole(path: string, options: { token?: string; keepCache?: boolean } = {}) {
  if (!options.keepCache) queryClient.clear()
  if (options.token) setToken(options.token)
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const view = render(
    <Providers>
      {/* jsdom runs no CSS transitions: without motion, what closes and opens again is shown at once. */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </Providers>,
  )
  return { ...view, router }
}
