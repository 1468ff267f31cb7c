/**
 * The operator's session token, kept for this browser tab only (sessionStorage): closing the tab ends what
 * the browser remembers, and the server ends the session itself when idle.
 */
const TOKEN_KEY = 'seal-console.token'
/** A message to show on the login screen once (the session ended elsewhere). */
const NOTICE_KEY = 'seal-console.notice'

export function getToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY)
}

export function setToken(token: string) {
  sessionStorage.setItem(TOKEN_KEY, token)
}

export function clearToken() {
  sessionStorage.removeItem(TOKEN_KEY)
}

export type LoginNotice = 'sessionEnded'

export function setLoginNotice(notice: LoginNotice) {
  sessionStorage.setItem(NOTICE_KEY, notice)
}

/** The notice left for the login screen, read once. */
export function takeLoginNotice(): LoginNotice | null {
  const notice = sessionStorage.getItem(NOTICE_KEY)
  sessionStorage.removeItem(NOTICE_KEY)
  return notice === 'sessionEnded' ? notice : null
}
