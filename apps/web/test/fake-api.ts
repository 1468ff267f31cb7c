import { vi } from 'vitest'
import { configDefaults, type AppConfig } from '@seal/shared/api/config'
import type { LoginInfo } from '@seal/shared/api/auth'

/**
 * Screen tests stop at the browser's boundary: `fetch` is answered the way the server answers (the
 * envelope {resultStatus, responseInfo, data} of the shared contracts), and every call is recorded.
 */
export type ApiCall = { method: string; path: string; query: Record<string, string>; body: any }
/** The answer's data, or a whole Response (a failure, a file). */
export type ApiHandler = (call: ApiCall) => unknown

export function ok(data: unknown): Response {
  return new Response(JSON.stringify({ resultStatus: '00', responseInfo: '操作成功', data: data ?? null }), {
    headers: { 'content-type': 'application/json' },
  })
}

/** A business failure: HTTP 200, a non-'00' code and the Chinese message. */
export function refused(message: string, code = '10000'): Response {
  return new Response(JSON.stringify({ resultStatus: code, responseInfo: message, data: null }), {
    headers: { 'content-type': 'application/json' },
  })
}

/**
 * Answers `fetch` by "METHOD /path" (after /api); a key ending in * matches any path it starts with.
 * An unknown path answers 404 in the envelope, so a screen that asks for something unexpected shows it.
 */
export function fakeApi(routes: Record<string, ApiHandler>) {
  const calls: ApiCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const address = new URL(url, 'http://localhost')
      const method = (init.method ?? 'GET').toUpperCase()
      const path = address.pathname.replace(/^\/api/, '')
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body
      const call: ApiCall = { method, path, query: Object.fromEntries(address.searchParams), body }
      calls.push(call)
      const key = `${method} ${path}`
      const handler =
        routes[key] ?? Object.entries(routes).find(([pattern]) => pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1)))?.[1]
      if (!handler) return new Response(JSON.stringify({ resultStatus: '404', responseInfo: `未知接口 ${key}`, data: null }), { status: 404, headers: { 'content-type': 'application/json' } })
      const answer = await handler(call)
      return answer instanceof Response ? answer : ok(answer)
    }),
  )
  return {
    calls,
    /** The calls to one "METHOD /path". */
    to: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  }
}

export const legalRepresentative: LoginInfo = {
  kind: 'enterprise',
  personName: '张三',
  personCard: '110101199003077777',
  cardKind: '111',
  phone: '138****8000',
  socialCreditCode: '91110000100000000A',
  companyName: '北京示例科技有限公司',
  unitTypeCode: '02',
  verified: true,
}

export function appConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...(structuredClone(configDefaults) as unknown as AppConfig), ...overrides }
}
