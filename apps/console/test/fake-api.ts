import { vi } from 'vitest'

/**
 * Screen tests stop at the browser's boundary: `fetch` is answered the way the server answers (the envelope
 * {resultStatus, responseInfo, data}), and every call is recorded.
 */
export type ApiCall = {
  method: string
  path: string
  query: Record<string, string>
  body: any
  authorization: string | null
}
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

/** The session is gone. */
export function unauthorized(): Response {
  return new Response(
    JSON.stringify({ resultStatus: '401', responseInfo: '登录已过期，请重新登录', data: null }),
    { status: 401, headers: { 'content-type': 'application/json' } },
  )
}

/** Answers `fetch` by "METHOD /path" (after /api); a key ending in * matches any path it starts with. */
export function fakeApi(routes: Record<string, ApiHandler>) {
  const calls: ApiCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const address = new URL(url, 'http://localhost')
      const method = (init.method ?? 'GET').toUpperCase()
      const path = address.pathname.replace(/^\/api/, '')
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body
      const headers = (init.headers ?? {}) as Record<string, string>
      const call: ApiCall = {
        method,
        path,
        query: Object.fromEntries(address.searchParams),
        body,
        authorization: headers.authorization ?? null,
      }
      calls.push(call)
      const key = `${method} ${path}`
      const handler =
        routes[key] ??
        Object.entries(routes).find(
          ([pattern]) => pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1)),
        )?.[1]
      if (!handler)
        return new Response(
          JSON.stringify({ resultStatus: '404', responseInfo: `未知接口 ${key}`, data: null }),
          { status: 404, headers: { 'content-type': 'application/json' } },
        )
      const answer = await handler(call)
      return answer instanceof Response ? answer : ok(answer)
    }),
  )
  return { calls, to: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key) }
}

export const operator = (roles: string[], stage: 'enrol' | 'full' = 'full') => ({
  kind: 'operator',
  id: 'op-1',
  name: '王审核',
  roles,
  stage,
  mustChangePassword: false,
})
