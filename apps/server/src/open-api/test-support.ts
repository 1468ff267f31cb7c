import { createHash, createHmac, randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { findCaller } from '../auth/sessions.ts'
import { bindSealForTest } from '../bindings/test-support.ts'
import { registerTestPlatform } from '../platforms/test-support.ts'
import type { TestApp } from '../test/harness.ts'
import { personalSealFor } from '../test/seals.ts'

/**
 * Test support for the open API: a platform's signed calls made the way docs/platforms.md tells a platform
 * to make them (an implementation of its own, so the tests check the documented scheme, not the server's
 * code against itself).
 */

export type OpenCall = {
  method?: 'GET' | 'POST'
  /** The path as signed (the canonical spelling), with its query. */
  path: string
  body?: unknown
  /** A body sent as these bytes (a raw PDF, `application/pdf` unless headers say otherwise) instead of JSON. */
  rawBody?: Uint8Array
  /** Sent instead of `path` (another spelling of the same route). */
  sendPath?: string
  token?: string | null
  timestamp?: number
  nonce?: string
  /** Replaces the computed signature. */
  signature?: string
  /** Sent instead of the signed body bytes. */
  sendBody?: string | Uint8Array
  unsigned?: boolean
  /** More headers (e.g. Idempotency-Key), sent as they are. */
  headers?: Record<string, string>
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely; their assertions say what matters
export type OpenResult = { status: number; body: any; headers: Record<string, unknown> }

/** A platform's client of the open API, through app.inject. */
export function platformClient(t: TestApp, credentials: { clientId: string; clientSecret: string }) {
  let token: string | undefined

  async function getToken(): Promise<string> {
    if (token) return token
    const response = await t.app.inject({ method: 'POST', url: '/api/open/v1/token', payload: credentials })
    expect(response.statusCode, response.body).toBe(200)
    token = response.json().accessToken as string
    return token
  }

  /** The signature headers docs/platforms.md describes, for a request to `path` (with its query) and `body`. */
  function sign(method: string, path: string, body: string | Uint8Array, secret: string, timestamp: number, nonce: string) {
    const url = new URL(path, 'http://platform.invalid')
    const query = [...url.searchParams]
      .map(([k, v]) => [encode(k), encode(v)])
      .sort(([a, b], [c, d]) => (a! < c! ? -1 : a! > c! ? 1 : b! < d! ? -1 : b! > d! ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&')
    const canonicalPath = url.pathname
      .split('/')
      .map((segment) => encode(decodeURIComponent(segment)))
      .join('/')
    const digest = createHash('sha256').update(body).digest('hex')
    const text = ['SEAL-HMAC-SHA256', method, canonicalPath, query, String(timestamp), nonce, digest].join('\n')
    return createHmac('sha256', secret).update(text).digest('hex')
  }

  async function call(options: OpenCall): Promise<OpenResult> {
    const method = options.method ?? (options.body === undefined && options.rawBody === undefined ? 'GET' : 'POST')
    const body = options.rawBody ?? (options.body === undefined ? '' : JSON.stringify(options.body))
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000)
    const nonce = options.nonce ?? randomBytes(16).toString('hex')
    const accessToken = options.token === undefined ? await getToken() : options.token
    const headers: Record<string, string> = { ...options.headers }
    if (accessToken) headers.authorization = `Bearer ${accessToken}`
    if (options.body !== undefined) headers['content-type'] ??= 'application/json'
    if (options.rawBody !== undefined) headers['content-type'] ??= 'application/pdf'
    if (!options.unsigned) {
      headers['x-seal-timestamp'] = String(timestamp)
      headers['x-seal-nonce'] = nonce
      headers['x-seal-signature'] = options.signature ?? sign(method, options.path, body, credentials.clientSecret, timestamp, nonce)
    }
    const payload = options.sendBody ?? (options.body === undefined && options.rawBody === undefined ? undefined : body)
    const response = await t.app.inject({ method, url: options.sendPath ?? options.path, headers, payload: typeof payload === 'string' || payload === undefined ? payload : Buffer.from(payload) })
    let parsed: unknown
    try {
      parsed = String(response.headers['content-type']).startsWith('application/pdf') ? response.rawPayload : response.json()
    } catch {
      parsed = response.body
    }
    return { status: response.statusCode, body: parsed, headers: response.headers }
  }

  return {
    token: getToken,
    forgetToken: () => (token = undefined),
    call,
    boundSeals: () => call({ path: '/api/open/v1/seals' }),
    seal: (body: Record<string, unknown>, headers?: Record<string, string>) => call({ path: '/api/open/v1/documents', body, headers }),
    /** The raw form: the PDF's bytes as the body, the other fields in the query (positions as JSON). */
    sealRaw: (pdf: Uint8Array, fields: Record<string, unknown>, headers?: Record<string, string>) => call({ path: rawSealingPath(fields), rawBody: pdf, headers }),
    document: (documentId: string, headers?: Record<string, string>) => call({ path: `/api/open/v1/documents/${documentId}`, headers }),
  }
}

/** POST /documents's path for the raw form: each field a query parameter, objects and arrays as JSON. */
export function rawSealingPath(fields: Record<string, unknown>): string {
  const query = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encode(name)}=${encode(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join('&')
  return `/api/open/v1/documents?${query}`
}

const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/**
 * Where most open-API tests start: a person logged in with a personal seal in their name (PIN seal2026),
 * a newly registered platform the seal is bound to, and that platform's client.
 */
export async function personalSealOnPlatform(t: TestApp, holder: { phone: string; name: string; identityNo: string }) {
  const token = await t.loginPersonal(holder.phone, { name: holder.name, identityNo: holder.identityNo })
  const personId = (await findCaller(t.db, token))!.person.id
  const sealId = (await personalSealFor(t, token, { pin: 'seal2026' })).seal.id
  const platform = await registerTestPlatform(t)
  await bindSealForTest(t.db, { sealId, platformId: platform.id, personId })
  return { personId, sealId, platform, client: platformClient(t, platform) }
}
