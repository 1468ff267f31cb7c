import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'

// A built web app as `npm run build` leaves it: index.html and a hashed asset, each with its .br and .gz.
const INDEX_HTML = '<!doctype html><html lang="zh-CN"><head><script type="module" src="/assets/index-AbC123.js"></script></head><body></body></html>'
const ASSET_JS = `export const app = ${JSON.stringify('电子印章'.repeat(500))}\n`

function writeWithCopies(path: string, text: string) {
  writeFileSync(path, text)
  writeFileSync(`${path}.br`, brotliCompressSync(text))
  writeFileSync(`${path}.gz`, gzipSync(text))
}

describe('security headers, caching and compression of what the server sends', () => {
  let t: TestApp
  let webDist: string
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'seal-web-dist-'))
    mkdirSync(join(webDist, 'assets'))
    writeWithCopies(join(webDist, 'index.html'), INDEX_HTML)
    writeWithCopies(join(webDist, 'assets', 'index-AbC123.js'), ASSET_JS)
    t = await startTestApp({ webDist })
  })
  afterAll(async () => {
    await t.close()
    rmSync(webDist, { recursive: true, force: true })
  })

  const get = (url: string, encoding = 'br, gzip') => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } })

  function expectSecurityHeaders(headers: Record<string, unknown>) {
    const csp = String(headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/)
    expect(csp).toContain("frame-ancestors 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('no-referrer')
  }

  /** JSON answers load nothing: a policy that allows nothing, with the same framing rule and the same two headers. */
  function expectDataHeaders(headers: Record<string, unknown>) {
    expect(headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'self'")
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('no-referrer')
    expect(headers['x-frame-options']).toBe('SAMEORIGIN')
  }

  it('sends the app shell with a CSP, no caching and the brotli copy', async () => {
    for (const url of ['/', '/login', '/home?params=x']) {
      const page = await get(url)
      expect(page.statusCode, url).toBe(200)
      expectSecurityHeaders(page.headers)
      expect(page.headers['cache-control'], url).toBe('no-cache')
      expect(page.headers['content-encoding'], url).toBe('br')
      expect(page.headers['content-type'], url).toMatch(/^text\/html/)
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX_HTML)
    }
  })

  it('sends hashed assets compressed as asked and cacheable for a year', async () => {
    const br = await get('/assets/index-AbC123.js')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers['vary']).toMatch(/accept-encoding/i)
    expect(br.headers['content-type']).toMatch(/javascript/)
    expectSecurityHeaders(br.headers)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET_JS)

    const gzip = await get('/assets/index-AbC123.js', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const raw = await get('/assets/index-AbC123.js', 'identity')
    expect(raw.headers['content-encoding']).toBeUndefined()
    expect(raw.payload).toBe(ASSET_JS)
  })

  it('answers a missing asset with 404 rather than the app shell', async () => {
    const gone = await get('/assets/index-Old999.js')
    expect(gone.statusCode).toBe(404)
    expect(gone.headers['content-type']).toMatch(/json/)
  })

  it('marks every login answer and the token it carries as never to be stored', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload })
    const sent = await post('/api/auth/sms/send', { phone: demo.person.phone })
    expect(sent.headers['cache-control']).toBe('no-store')
    expectDataHeaders(sent.headers)
    const outbox = await t.call({ method: 'GET', url: '/api/dev/sms-outbox' })
    expect(outbox.raw.headers['cache-control']).toBe('no-store')
    const code = /验证码为(\d{6})/.exec(outbox.body.data.find((m: { phone: string }) => m.phone === demo.person.phone).text)![1]
    const login = await post('/api/auth/login/personal', { phone: demo.person.phone, code })
    expect(login.json().data.token).toBeTruthy()
    expect(login.headers['cache-control']).toBe('no-store')
    expectDataHeaders(login.headers)
    const refused = await post('/api/auth/login/personal', { phone: demo.person.phone, code: '000000' })
    expect(refused.headers['cache-control']).toBe('no-store')
  })

  it('keeps the caching a route chose for itself', async () => {
    const regions = await get('/api/seal-apply/region/list')
    expect(regions.headers['cache-control']).toBe('public, max-age=86400')
  })

  it('compresses large JSON answers and leaves small ones as they are', async () => {
    const openapi = await get('/api/docs/json')
    expect(openapi.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(openapi.rawPayload).toString()).openapi).toMatch(/^3\./)
    const small = await t.app.inject({ method: 'POST', url: '/api/auth/sms/send', payload: { phone: '13900000077' }, headers: { 'accept-encoding': 'br, gzip' } })
    expect(small.headers['content-encoding']).toBeUndefined()
  })

  it('sends the region tree from copies compressed once, as the client accepts', async () => {
    const br = await get('/api/seal-apply/region/list')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['vary']).toMatch(/accept-encoding/i)
    const tree = JSON.parse(brotliDecompressSync(br.rawPayload).toString())
    expect(tree.resultStatus).toBe('00')
    const gzip = await get('/api/seal-apply/region/list', 'br;q=0, gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(tree)
    const raw = await get('/api/seal-apply/region/list', 'identity')
    expect(raw.headers['content-encoding']).toBeUndefined()
    expect(raw.json()).toEqual(tree)
  })

  it('gives the runtime configuration script the same headers, as a script the CSP allows', async () => {
    const script = await get('/runtime-config.js')
    expectSecurityHeaders(script.headers)
    expect(script.headers['content-type']).toMatch(/javascript/)
  })

  it('serves the API documentation page under the same policy: its scripts are files, none inline', async () => {
    const docs = await get('/api/docs/', 'identity')
    expect(docs.statusCode).toBe(200)
    expectSecurityHeaders(docs.headers)
    expect(docs.payload).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
  })
})

describe('embedding in host apps', () => {
  it('lets the origins in FRAME_ANCESTORS frame the app, and only them', async () => {
    const t = await startTestApp({ env: { FRAME_ANCESTORS: 'https://host.example.cn https://*.gov.example.cn' } })
    try {
      const answer = await t.app.inject({ method: 'GET', url: '/api/seal-apply/region/list' })
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self' https://host.example.cn https://*.gov.example.cn")
      expect(answer.headers['x-frame-options']).toBeUndefined()
    } finally {
      await t.close()
    }
  })

  it('refuses to start with a FRAME_ANCESTORS value that is not a list of sources', () => {
    expect(() => loadConfig({ FRAME_ANCESTORS: "https://a.example; script-src 'unsafe-inline'" })).toThrow(/FRAME_ANCESTORS/)
  })
})
