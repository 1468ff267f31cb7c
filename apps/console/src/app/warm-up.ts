import { matchPath } from 'react-router-dom'
import { meQuery } from '../features/session/api/me.ts'
import { getToken } from '../lib/session.ts'
import { pages } from './pages.ts'
import { queryClient } from './query-client.ts'

/**
 * A signed-in tab opening a console page (a reload, a link, the reviewer's queue first thing in the morning):
 * the layout, the page's chunk, who the operator is and what the page shows first (its `prefetch`) are asked
 * for at once, side by side, rather than each when the one before it has rendered (the layout, then
 * /admin/me, then the page, then its list: a waterfall on the first load).
 * `pathname` is under the router's basename (/console). Nothing is asked for without a session.
 */
export function warmUp(pathname: string) {
  if (!getToken() || pathname === '/login' || pathname === '/enrol') return
  void import('./shell.tsx')
  void import('./page-gate.tsx')
  const page = pages.find((candidate) => matchPath(candidate.path, pathname))
  void page?.load()
  void page?.prefetch?.(queryClient)
  void queryClient.prefetchQuery(meQuery)
}
