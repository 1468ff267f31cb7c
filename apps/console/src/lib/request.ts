import { clearToken, getToken, setLoginNotice } from './session.ts'

/**
 * The console's one request module: every call of every page goes through `api`. The bearer token, the
 * envelope `{ resultStatus, responseInfo, data }`, the 401 that ends the session and the Chinese message of
 * every failure are handled here and nowhere else.
 */
export type RequestErrorKind = 'business' | 'unauthorized' | 'http' | 'network'

export class RequestError extends Error {
  readonly kind: RequestErrorKind
  readonly code: string

  constructor(options: { kind: RequestErrorKind; code: string; message: string }) {
    super(options.message)
    this.name = 'RequestError'
    this.kind = options.kind
    this.code = options.code
  }
}

export const requestMessages = {
  network: '网络异常，请检查网络后重试',
  server: '服务器异常，请稍后再试',
  duplicate: '请求重复，请勿重复提交',
  /** operatorMessages.sessionEnded, quoted here so the entry chunk needs no contract (and no zod). */
  sessionEnded: '登录已过期，请重新登录',
} as const

/** Sent on window when a call answered 401: the shell goes back to the login screen. */
export const SESSION_LOST_EVENT = 'seal-console:session-lost'

type Query = Record<string, string | number | boolean | null | undefined>

export type CallOptions = {
  query?: Query
  body?: unknown
  /** The login itself: a 401 there is a wrong password, not a lost session. */
  anonymous?: boolean
  signal?: AbortSignal
}

const API_BASE = '/api'

function urlOf(path: string, query?: Query): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue
    params.set(key, String(value))
  }
  const search = params.toString()
  return `${API_BASE}${path}${search ? `?${search}` : ''}`
}

/**
 * Calls the operator API and answers `data` of a `'00'` envelope; anything else throws a RequestError
 * carrying the message to show.
 *
 * @example
 * const { list } = await api<{ list: OperatorSummary[] }>('GET', '/admin/operators')
 */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' }
  const token = getToken()
  if (token && !options.anonymous) headers.authorization = `Bearer ${token}`
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(urlOf(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new RequestError({ kind: 'network', code: 'network', message: requestMessages.network })
  }
  const envelope = (await response.json().catch(() => null)) as {
    resultStatus?: string
    responseInfo?: string
    data?: unknown
  } | null
  if (response.status === 401 && !options.anonymous) {
    clearToken()
    setLoginNotice('sessionEnded')
    window.dispatchEvent(new Event(SESSION_LOST_EVENT))
    throw new RequestError({
      kind: 'unauthorized',
      code: '401',
      message: envelope?.responseInfo || requestMessages.sessionEnded,
    })
  }
  if (response.status === 409)
    throw new RequestError({
      kind: 'http',
      code: '409',
      message: envelope?.responseInfo || requestMessages.duplicate,
    })
  if (!envelope || typeof envelope.resultStatus !== 'string') {
    throw new RequestError({ kind: 'http', code: String(response.status), message: requestMessages.server })
  }
  if (envelope.resultStatus !== '00') {
    const kind = response.status === 401 ? 'unauthorized' : response.ok ? 'business' : 'http'
    throw new RequestError({
      kind,
      code: envelope.resultStatus,
      message: envelope.responseInfo || requestMessages.server,
    })
  }
  return envelope.data as T
}

/** The message of a failed call, for a toast or an alert. */
export function messageOf(error: unknown): string {
  if (error instanceof RequestError) return error.message
  return requestMessages.server
}
