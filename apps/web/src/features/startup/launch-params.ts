import { clearToken, sessionKeys, setSessionValue, setToken } from '../../lib/session/session.ts'

/**
 * Launch parameters a host app passes in the query (spec 000 §2 "Home", 002 §4 "Start-up" step 1):
 * `params` (encoded JSON with `token` — our session — or `assertion` — a host channel's signed login
 * assertion, exchanged at start-up through POST /auth/login/host — and `redirect`), `type` (1 enterprise, otherwise personal),
 * `enterpriseId` and `expand` (kept in the session and sent as common parameters), `backUrl`.
 */
export type LaunchParams = {
  token?: string
  assertion?: string
  redirect?: string
  type?: string
  enterpriseId?: string
  expand?: string
  backUrl?: string
}

/** Reads the launch query; a malformed `params` is ignored rather than breaking the start. */
export function parseLaunchParams(search: string): LaunchParams {
  const query = new URLSearchParams(search)
  const launch: LaunchParams = {}
  const params = query.get('params')
  if (params) {
    try {
      const parsed: unknown = JSON.parse(params)
      if (parsed && typeof parsed === 'object') {
        const { token, assertion, redirect } = parsed as Record<string, unknown>
        if (typeof token === 'string' && token) launch.token = token
        if (typeof assertion === 'string' && assertion) launch.assertion = assertion
        if (typeof redirect === 'string' && isInAppPath(redirect)) launch.redirect = redirect
      }
    } catch {
      // A host that sends garbage gets the normal start, not a blank page.
    }
  }
  for (const name of ['type', 'enterpriseId', 'expand', 'backUrl'] as const) {
    const value = query.get(name)
    if (value) launch[name] = value
  }
  return launch
}

/** Only paths inside this app are followed, so a crafted link cannot send the user elsewhere. */
function isInAppPath(target: string) {
  return target.startsWith('/') && !target.startsWith('//')
}

/**
 * The address without the launch `params`: an assertion is single-use, so a reload must not offer it again
 * (what else `params` carried is kept in the session by then).
 */
export function addressWithoutAssertion(href: string): string {
  const url = new URL(href)
  url.searchParams.delete('params')
  return url.pathname + url.search + url.hash
}

/** Keeps what the launch carried: the token or the assertion to exchange, and the context later requests and screens read. */
export function storeLaunchParams(launch: LaunchParams) {
  if (launch.token) setToken(launch.token)
  if (launch.assertion) {
    // The host launches someone now: an earlier session in this browser is not theirs to continue.
    clearToken()
    setSessionValue(sessionKeys.hostAssertion, launch.assertion)
  }
  if (launch.redirect) setSessionValue(sessionKeys.redirect, launch.redirect)
  if (launch.type) setSessionValue(sessionKeys.launchType, launch.type)
  if (launch.backUrl) setSessionValue(sessionKeys.backUrl, launch.backUrl)
  if (launch.enterpriseId) setSessionValue(sessionKeys.enterpriseId, launch.enterpriseId)
  if (launch.expand) setSessionValue(sessionKeys.expand, launch.expand)
  const common: Record<string, string> = {}
  if (launch.enterpriseId) common.enterpriseId = launch.enterpriseId
  if (launch.expand) common.expand = launch.expand
  if (Object.keys(common).length) setSessionValue(sessionKeys.commonParams, JSON.stringify(common))
}
