import { H5_APPLICATION_ID, apiHeaders } from '@seal/shared/api/headers'
import { upperCaseIdentifiers } from '@seal/shared/text/normalize'
import { showToast } from '../toast/show-toast.ts'
import { dismissToast, toastUpAtLastAct } from '../toast/toast-stays-with-screen.ts'
import { clearToken, getSessionObject, getSessionValue, getToken, sessionKeys } from '../session/session.ts'
import { normalizeAnswer } from './envelope.ts'

/**
 * The one request module (spec 000 §7 "Shared behaviour", §8 "Shared"). Every call of every screen goes
 * through `get`, `post` or `getBlob`: headers, common parameters, duplicate protection, envelope reading,
 * 401 handling, toasts and timeouts live here and nowhere else.
 */
export type RequestOptions = {
  /** Milliseconds; defaults per path (see `timeoutFor`). */
  timeout?: number
  /** No failure toast (the screen shows its own message). */
  silent?: boolean
  signal?: AbortSignal
  /** Which base address: the seal service (default) or the binding service. */
  base?: 'api' | 'bind'
}

export type RequestErrorKind = 'business' | 'unauthorized' | 'http' | 'server' | 'timeout' | 'network' | 'duplicate' | 'cancelled'

export class RequestError extends Error {
  readonly kind: RequestErrorKind
  readonly code: string
  readonly data: unknown

  constructor(options: { kind: RequestErrorKind; code: string; message: string; data?: unknown }) {
    super(options.message)
    this.name = 'RequestError'
    this.kind = options.kind
    this.code = options.code
    this.data = options.data ?? null
  }
}

export const requestMessages = {
  disconnected: '服务已断开，请退出后重新打开',
  serverError: '服务器异常，请稍后再试',
  timeout: '程序超时请重试',
  duplicate: '请求重复',
  cancelled: '请求已取消',
} as const

/** Read by the web shell: a 401 without a logout address sends the user to the login screen. */
export const SESSION_LOST_EVENT = 'seal:session-lost'

/** Paths that may legitimately be asked twice at once (spec 000 §7). */
const duplicateExemptPaths = new Set(['/seal/queryByBussiness', '/seal/getSealPicById', '/seal/queryGroupByBusiness', '/seal-apply/seal/config'])

const DEFAULT_TIMEOUT_MS = 30_000
const timeoutByPath: Record<string, number> = {
  '/seal/queryGroupByBusiness': 30_000,
  '/apply/fourElementsOfEnterpriseVerification': 60_000,
  '/ykb/token': 60_000,
  '/ykb/face/ticket': 60_000,
  '/ykb/face/result': 60_000,
}
const FAILURE_TOAST_MS = 3000

type RuntimeConfig = { api?: string; bindApi?: string; sandbox?: boolean; govFaceSandbox?: boolean }

export function runtimeConfig(): RuntimeConfig {
  return (globalThis as { SEAL_RUNTIME_CONFIG?: RuntimeConfig }).SEAL_RUNTIME_CONFIG ?? {}
}

function baseAddress(base: RequestOptions['base']) {
  const config = runtimeConfig()
  return (base === 'bind' ? config.bindApi || config.api : config.api) || '/api'
}

/**
 * A link the server handed out (`/api/…`, e.g. a seal picture) as the browser must open it: under the
 * configured API base, which may be another host or path than the server's own `/api`.
 */
export function apiLink(link: string): string {
  return link.startsWith('/api/') ? `${baseAddress('api')}${link.slice('/api'.length)}` : link
}

function timeoutFor(path: string, options: RequestOptions) {
  return options.timeout ?? timeoutByPath[path] ?? DEFAULT_TIMEOUT_MS
}

const inFlight = new Set<string>()

/** GET with the common parameters in the query; resolves with the answer's `data`. */
export function get<T>(path: string, params?: Record<string, unknown>, options: RequestOptions = {}): Promise<T> {
  return send<T>({ method: 'GET', path, params, options, expect: 'json' })
}

/** POST (JSON or FormData) with the common parameters in the body; resolves with the answer's `data`. */
export function post<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return send<T>({ method: 'POST', path, body, options, expect: 'json' })
}

/** GET of a file; an envelope answer instead of bytes is a failure handled like any other. */
export function getBlob(path: string, params?: Record<string, unknown>, options: RequestOptions = {}): Promise<Blob> {
  return send<Blob>({ method: 'GET', path, params, options, expect: 'blob' })
}

type SendInput = {
  method: 'GET' | 'POST'
  path: string
  params?: Record<string, unknown>
  body?: unknown
  options: RequestOptions
  expect: 'json' | 'blob'
}

async function send<T>(input: SendInput): Promise<T> {
  const { method, path, options } = input
  const common = getSessionObject(sessionKeys.commonParams)
  const query = method === 'GET' ? upperCaseIdentifiers({ ...common, ...input.params }) : undefined
  const body = method === 'GET' ? undefined : withCommonParams(input.body, common)

  const key = `${method} ${path} ${JSON.stringify(query ?? (body instanceof FormData ? formDataKey(body) : body) ?? null)}`
  if (!duplicateExemptPaths.has(path)) {
    if (inFlight.has(key)) return fail(new RequestError({ kind: 'duplicate', code: '409', message: requestMessages.duplicate }), options)
    inFlight.add(key)
  }

  const toastUpAtSend = options.silent ? null : toastUpAtLastAct()
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutFor(path, options))
  const abortFromCaller = () => controller.abort()
  options.signal?.addEventListener('abort', abortFromCaller)

  try {
    let response: Response
    try {
      response = await fetch(`${baseAddress(options.base)}${path}${queryString(query)}`, {
        method,
        headers: headersFor(body),
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      })
    } catch (error) {
      if (timedOut) return fail(new RequestError({ kind: 'timeout', code: 'TIMEOUT', message: requestMessages.timeout }), options)
      if (controller.signal.aborted) {
        // Reported, never toasted: the caller cancelled on purpose (spec 000 §7 "A cancelled request is reported").
        console.info(`[request] cancelled ${method} ${path}`)
        throw new RequestError({ kind: 'cancelled', code: 'CANCELLED', message: requestMessages.cancelled })
      }
      return fail(new RequestError({ kind: 'network', code: 'NETWORK', message: requestMessages.serverError, data: error }), options)
    }
    const answer = await readAnswer<T>(response, input)
    // The person tried again and it went through: the toast of the failed try goes (issue #19 §4).
    dismissToast(toastUpAtSend)
    return answer
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', abortFromCaller)
    inFlight.delete(key)
  }
}

async function readAnswer<T>(response: Response, input: SendInput): Promise<T> {
  const { options } = input
  const isJson = (response.headers.get('content-type') ?? '').includes('json')
  const payload: unknown = isJson ? await response.json().catch(() => null) : null

  if (response.status === 401) return sessionLost(payload)
  if (response.status >= 500) return fail(new RequestError({ kind: 'server', code: String(response.status), message: requestMessages.serverError, data: payload }), options)
  if (response.status === 400) {
    // HTTP 400 rejects with the answer's data as it is (spec 000 §8), without a toast.
    throw new RequestError({ kind: 'http', code: '400', message: normalizeAnswer(payload).message, data: payload })
  }
  if (input.expect === 'blob' && response.ok && !isJson) return (await response.blob()) as T
  if (!response.ok && !isJson) return fail(new RequestError({ kind: 'http', code: String(response.status), message: requestMessages.serverError }), options)

  const answer = normalizeAnswer(payload)
  if (answer.success) return answer.data as T
  if (answer.code === '401') return sessionLost(payload)
  return fail(new RequestError({ kind: 'business', code: answer.code, message: answer.message || requestMessages.serverError, data: answer.data }), options)
}

/** 401, as a business code or HTTP status: forget the token, say so, and leave for the logout address. */
function sessionLost(payload: unknown): never {
  clearToken()
  showToast({ content: requestMessages.disconnected, duration: FAILURE_TOAST_MS })
  const logoutLink = getSessionValue(sessionKeys.logoutLink)
  if (logoutLink) window.location.assign(logoutLink)
  else window.dispatchEvent(new CustomEvent(SESSION_LOST_EVENT))
  throw new RequestError({ kind: 'unauthorized', code: '401', message: requestMessages.disconnected, data: payload })
}

function fail(error: RequestError, options: RequestOptions): never {
  if (!options.silent) showToast({ content: error.message, duration: FAILURE_TOAST_MS })
  throw error
}

function headersFor(body: unknown): Record<string, string> {
  const headers: Record<string, string> = {
    ...getSessionObject(sessionKeys.extraHeaders),
    [apiHeaders.applicationId]: H5_APPLICATION_ID,
    [apiHeaders.origin]: window.location.origin,
  }
  const token = getToken()
  if (token) headers[apiHeaders.authorization] = `Bearer ${token}`
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json'
  return headers
}

/** Common parameters join the body; form data gets them as fields and is not upper-cased (spec 000 §5). */
function withCommonParams(body: unknown, common: Record<string, string>): unknown {
  if (body instanceof FormData) {
    for (const [name, value] of Object.entries(common)) if (!body.has(name)) body.append(name, value)
    return body
  }
  if (body === undefined && Object.keys(common).length === 0) return undefined
  if (body === undefined || (typeof body === 'object' && body !== null && !Array.isArray(body))) {
    return upperCaseIdentifiers({ ...common, ...(body as Record<string, unknown> | undefined) })
  }
  return upperCaseIdentifiers(body)
}

function formDataKey(form: FormData) {
  return [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `${value.name}:${value.size}`])
}

function queryString(query: Record<string, unknown> | undefined) {
  if (!query) return ''
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    search.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}
