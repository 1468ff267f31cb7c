import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../test/harness.ts'

// Both apps built as `npm run build` leaves them: the H5 at /, the console (Vite base /console/) beside it.
const WEB_INDEX =
  '<!doctype html><html lang="zh-CN"><head><script type="module" src="/assets/index-Web123.js"></script></head><body></body></html>'
const CONSOLE_INDEX =
  '<!doctype html><html lang="zh-CN"><head><script type="module" src="/console/assets/index-Con123.js"></script></head><body>console</body></html>'
const CONSOLE_JS = `export const console = ${JSON.stringify('审核队列'.repeat(500))}\n`

function writeWithCopies(path: string, text: string) {
  writeFileSync(path, text)
  writeFileSync(`${path}.br`, brotliCompressSync(text))
  writeFileSync(`${path}.gz`, gzipSync(text))
}

describe('the operators console at /console', () => {
  let t: TestApp
  let webDist: string
  let consoleDist: string
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'seal-web-dist-'))
    consoleDist = mkdtempSync(join(tmpdir(), 'seal-console-dist-'))
    mkdirSync(join(webDist, 'assets'))
    mkdirSync(join(consoleDist, 'assets'))
    writeWithCopies(join(webDist, 'index.html'), WEB_INDEX)
    writeWithCopies(join(consoleDist, 'index.html'), CONSOLE_INDEX)
    writeWithCopies(join(consoleDist, 'assets', 'index-Con123.js'), CONSOLE_JS)
    t = await startTestApp({ webDist, consoleDist })
  })
  afterAll(async () => {
    await t.close()
    rmSync(webDist, { recursive: true, force: true })
    rmSync(consoleDist, { recursive: true, force: true })
  })

  const get = (url: string, encoding = 'br, gzip') =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } })

  function expectConsolePolicy(headers: Record<string, unknown>) {
    const csp = String(headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/)
    // antd's css-in-js writes <style> elements.
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(headers['x-frame-options']).toBe('DENY')
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('no-referrer')
  }

  it('sends the console shell for its client routes, revalidated, compressed, under its own policy', async () => {
    for (const url of ['/console', '/console/', '/console/login', '/console/review/abc?x=1']) {
      const page = await get(url)
      expect(page.statusCode, url).toBe(200)
      expect(page.headers['cache-control'], url).toBe('no-cache')
      expect(page.headers['content-type'], url).toMatch(/^text\/html/)
      expect(page.headers['content-encoding'], url).toBe('br')
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(CONSOLE_INDEX)
      expectConsolePolicy(page.headers)
    }
  })

  it('sends its hashed assets compressed as asked and cacheable for a year', async () => {
    const br = await get('/console/assets/index-Con123.js')
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(CONSOLE_JS)
    expectConsolePolicy(br.headers)
    const gzip = await get('/console/assets/index-Con123.js', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const raw = await get('/console/assets/index-Con123.js', 'identity')
    expect(raw.payload).toBe(CONSOLE_JS)
  })

  it('answers a missing console asset with 404 rather than the shell', async () => {
    const gone = await get('/console/assets/index-Old999.js')
    expect(gone.statusCode).toBe(404)
    expect(gone.headers['content-type']).toMatch(/json/)
  })

  it('leaves the H5 with its own shell and policy', async () => {
    const h5 = await get('/login', 'identity')
    expect(h5.payload).toBe(WEB_INDEX)
    expect(String(h5.headers['content-security-policy'])).toContain("frame-ancestors 'self'")
    expect(h5.headers['x-frame-options']).toBe('SAMEORIGIN')
    // A path that only starts like the console is the H5's.
    expect((await get('/consoles', 'identity')).payload).toBe(WEB_INDEX)
  })
})
