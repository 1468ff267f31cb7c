/**
 * What the client keeps between requests and screens (spec 000 §7, 002 §2 "Home", §4 "Start-up").
 * The bearer token survives a reload (localStorage); launch context lives in sessionStorage, so a
 * host app that opens the H5 in a new web view starts clean.
 */
const TOKEN_KEY = 'seal.token'

/** sessionStorage keys, named once so every screen reads the same thing. */
export const sessionKeys = {
  /** Where a 401 or a back action sends the user when the host gave one (config `logoutLink`). */
  logoutLink: 'seal.logoutLink',
  /** Where back on home goes when the host passed one. */
  backUrl: 'seal.backUrl',
  enterpriseId: 'seal.enterpriseId',
  expand: 'seal.expand',
  /** Launch type: '1' enterprise, otherwise personal (spec 002 §4 step 1). */
  launchType: 'seal.launchType',
  /** Extra headers every request carries (JSON object), set by a host at launch. */
  extraHeaders: 'seal.extraHeaders',
  /** Common parameters every request carries (JSON object): query for GET, body otherwise. */
  commonParams: 'seal.commonParams',
  /** A redirect target from the launch `params`, followed once start-up is done. */
  redirect: 'seal.redirect',
  /** Set once the login face check passed in this session. */
  loginFaceSerial: 'seal.loginFaceSerial',
  /** A host channel's login assertion from the launch, until start-up exchanges it for a session. */
  hostAssertion: 'seal.hostAssertion',
} as const

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY)
}

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token)
}

export function clearToken() {
  localStorage.removeItem(TOKEN_KEY)
}

export function getSessionValue(key: string): string | null {
  return sessionStorage.getItem(key)
}

export function setSessionValue(key: string, value: string | null | undefined) {
  if (value === null || value === undefined || value === '') sessionStorage.removeItem(key)
  else sessionStorage.setItem(key, value)
}

/**
 * A JSON value kept in sessionStorage (a flow's state between its screens): null when absent or unreadable.
 * The caller checks its shape; what another version of the app wrote may be anything.
 */
export function readSessionJson(key: string): unknown {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? 'null')
  } catch {
    return null
  }
}

export function writeSessionJson(key: string, value: unknown) {
  sessionStorage.setItem(key, JSON.stringify(value))
}

/** A JSON object kept in sessionStorage; anything unreadable counts as empty. */
export function getSessionObject(key: string): Record<string, string> {
  const value = readSessionJson(key)
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
  return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string' || typeof v === 'number').map(([k, v]) => [k, String(v)]))
}

/**
 * Home clears what earlier journeys cached (spec 000 §2 "Home": "many cached keys are cleared"): every
 * sessionStorage key that is not launch context, so a half-finished flow does not leak into the next one.
 * Drafts the server keeps are not touched.
 */
export function clearJourneyCache() {
  const keep = new Set<string>(Object.values(sessionKeys))
  for (const key of Object.keys(sessionStorage)) if (!keep.has(key)) sessionStorage.removeItem(key)
}
