import { sessionKeys, setSessionValue, setToken } from '../../lib/session/session.ts'

/**
 * Launch parameters a host app passes in the query (spec 000 §2 "Home", 002 §4 "Start-up" step 1):
 * `params` (encoded JSON with `token` and `redirect`), `type` (1 enterprise, otherwise personal),
 * `enterpriseId` and `expand` (kept in the session and sent as common parameters), `backUrl`.
 */
export type LaunchParams = {
  token?: string
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
        const { token, redirect } = parsed as Record<string, unknown>
        if (typeof token === 'string' && token) launch.token = token
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

/** Keeps what the launch carried: the token, and the context later requests and screens read. */
export function storeLaunchParams(launch: LaunchParams) {
  if (launch.token) setToken(launch.token)
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
