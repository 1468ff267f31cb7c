import { mkdtempSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'

type Route = { method: string; path: string }
const webAppPage = '<!doctype html><title>web app</title>'
type Answer = { status: number; body: string }

/**
 * Authorisation follows the matched route, whatever spelling of the path reached it: percent-encoded
 * letters, double encoding, dot segments, other letter case, an absolute-form request line. Every route of
 * the OpenAPI document that refuses a caller without credentials refuses every odd spelling too.
 * Requests go over a real socket, since app.inject normalises some of these spellings away.
 */
describe('authorisation by the matched route', () => {
  let t: TestApp
  let port: number
  let protectedRoutes: Route[]
  let adminRoutes: Route[]

  beforeAll(async () => {
    // With a web app to serve, so an unknown path could be answered with its index.html.
    const webDist = mkdtempSync(join(tmpdir(), 'route-auth-web-'))
    writeFileSync(join(webDist, 'index.html'), webAppPage)
    t = await startTestApp({ webDist })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as AddressInfo).port
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> }
    const routes = Object.entries(docs.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000') }))
        .filter((route) => ['GET', 'POST', 'PUT', 'DELETE'].includes(route.method))
        // Fastify answers HEAD on every GET route: the same rule must hold there.
        .flatMap((route) => (route.method === 'GET' ? [route, { ...route, method: 'HEAD' }] : [route])),
    )
    protectedRoutes = []
    for (const route of routes) {
      if ((await send(route.method, route.path)).status === 401) protectedRoutes.push(route)
    }
    // Every operator route but the operators' login, which anyone may try (its own counters stop guessing).
    adminRoutes = routes.filter((route) => route.path.startsWith('/api/admin/') && !(route.method === 'POST' && route.path === '/api/admin/session'))
  })
  afterAll(() => t.close())

  const send = (method: string, target: string, token?: string) =>
    rawRequest(port, { method, target, token, body: method === 'GET' || method === 'HEAD' ? undefined : '{"scope":"global","key":"enable","value":false}' })

  /** The same path as a router might decode it, spelt the ways a guard testing the URL string misses. */
  const spellings = (path: string) => {
    const [, ...segments] = path.split('/') // ['api', 'admin', 'config']
    const encodeFirst = (index: number, double = false) =>
      '/' + segments.map((segment, i) => (i === index ? `%${double ? '25' : ''}${segment.charCodeAt(0).toString(16)}${segment.slice(1)}` : segment)).join('/')
    const rest = segments.slice(1).join('/')
    return [
      encodeFirst(0), // /%61pi/admin/config
      encodeFirst(1), // /api/%61dmin/config
      encodeFirst(segments.length - 1),
      encodeFirst(1, true), // /api/%2561dmin/config
      `/api/x/../${rest}`,
      `/api/./${rest}`,
      `/api/docs/../${rest}`,
      `/api/docs/%2e%2e/${rest}`,
      `/API/${rest}`,
      `/api/${rest.toUpperCase()}`,
      `/api//${rest}`,
      `/api/${rest}/`,
      `http://127.0.0.1:${port}${path}`, // absolute-form request line
      `http://127.0.0.1:${port}/api/%61${rest.slice(1)}`,
    ]
  }

  it('finds the protected routes to try (a sanity check of the sweep)', () => {
    expect(protectedRoutes.length).toBeGreaterThan(30)
    expect(protectedRoutes).toContainEqual({ method: 'PUT', path: '/api/admin/config' })
    expect(protectedRoutes).toContainEqual({ method: 'POST', path: '/api/seal/detail' })
  })

  it('says in the OpenAPI document how each route is called, as the guard decides it', async () => {
    type Operation = { security?: Record<string, string[]>[]; description?: string }
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> }
    const mismatches: string[] = []
    for (const [path, operations] of Object.entries(docs.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!['get', 'post', 'put', 'delete'].includes(method)) continue
        const route = { method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000') }
        const refusedWithout = protectedRoutes.some((p) => p.method === route.method && p.path === route.path)
        const expected = !refusedWithout ? undefined : path.startsWith('/api/admin/') ? 'operatorToken' : path.startsWith('/api/open/') ? 'platformAccessToken' : 'appSession'
        const declared = operation.security?.flatMap((requirement) => Object.keys(requirement)).join(',') || undefined
        if (declared !== expected) mismatches.push(`${route.method} ${path}: declares ${declared}, the server wants ${expected}`)
        if (expected === 'operatorToken' && !/运营角色：/.test(operation.description ?? '')) mismatches.push(`${route.method} ${path}: no roles said`)
      }
    }
    expect(mismatches).toEqual([])
  })

  it('refuses every odd spelling of every protected route without credentials', async () => {
    const failures: string[] = []
    for (const route of protectedRoutes) {
      for (const target of spellings(route.path)) {
        const answer = await send(route.method, target)
        if (!isRefusal(answer)) failures.push(`${route.method} ${target}: ${answer.status} ${answer.body.slice(0, 100)}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('refuses the operator API to an ordinary user session, however the path is spelt', async () => {
    const token = await t.loginPersonal(demo.person.phone)
    const failures: string[] = []
    for (const route of adminRoutes) {
      for (const target of [route.path, ...spellings(route.path)]) {
        const answer = await send(route.method, target, token)
        if (!isRefusal(answer)) failures.push(`${route.method} ${target}: ${answer.status} ${answer.body.slice(0, 100)}`)
      }
    }
    expect(failures).toEqual([])
    const config = await t.app.inject({ method: 'GET', url: '/api/admin/config', headers: { authorization: `Bearer ${t.secrets.adminToken}` } })
    expect(config.json().data.enable).toBe(true)
  })

  it('still lets the operator in with the admin token, on any spelling the router accepts', async () => {
    const answer = await send('GET', '/api/%61dmin/config', t.secrets.adminToken)
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ resultStatus: '00' })
  })

  it('answers unknown API paths, however spelt, with the 404 envelope rather than the web app', async () => {
    expect((await send('GET', '/some/screen')).body).toBe(webAppPage)
    for (const target of ['/api/nothing-here', '/%61pi/nothing-here', `http://127.0.0.1:${port}/api/nothing-here`, '/api/x/../nothing-here']) {
      const answer = await send('GET', target)
      expect(answer.status, target).toBe(404)
      expect(JSON.parse(answer.body), target).toMatchObject({ resultStatus: '404' })
    }
  })
})

/**
 * A refusal: the session is missing (401) or no route answers that spelling (404), in the envelope; or a
 * spelling no API route matches went to the web app's index.html, which holds no data.
 */
function isRefusal(answer: Answer): boolean {
  if (answer.status === 200 && answer.body === webAppPage) return true
  if (answer.body === '') return answer.status === 401 || answer.status === 404 // HEAD: no body to read
  if (answer.status !== 401 && answer.status !== 404 && answer.status !== 400) return false
  try {
    return JSON.parse(answer.body).resultStatus !== '00'
  } catch {
    return answer.status === 400 // Node's own parser refusing a malformed request line
  }
}

/** One HTTP/1.1 request written byte for byte, so the request line reaches the server unchanged. */
function rawRequest(port: number, request: { method: string; target: string; token?: string; body?: string }): Promise<Answer> {
  const headers = ['Host: 127.0.0.1', 'Connection: close']
  if (request.token) headers.push(`Authorization: Bearer ${request.token}`)
  if (request.body !== undefined) headers.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(request.body)}`)
  const text = `${request.method} ${request.target} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${request.body ?? ''}`
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${request.method} ${request.target}`)))
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      const response = Buffer.concat(chunks).toString('utf8')
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0)
      resolve({ status, body: response.slice(response.indexOf('\r\n\r\n') + 4) })
    })
    socket.write(text)
  })
}
