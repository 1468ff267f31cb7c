// JavaScript (and everything) a phone downloads on the first load of /login and /home, in bytes on the
// wire as the built server serves them (compressed, as Chromium asked), against the 120 KB budget.
// Run after `npm run build`: npx tsx bench/web-wire.bench.ts (BENCH_PORT to move the server).
import { execSync } from 'node:child_process'
import { chromium, type Page } from '@playwright/test'
import { loginDemoPerson, startBuiltServer } from './server.ts'

const JS_BUDGET_BYTES = 120 * 1024

type Transfer = { path: string; type: string; wire: number; headers: number; encoding: string }

/** Loads one screen in a fresh page and sums the encoded body sizes Chromium received. */
async function firstLoad(page: Page, url: string, ready: () => Promise<unknown>): Promise<Transfer[]> {
  const transfers: Promise<Transfer>[] = []
  page.on('requestfinished', (request) => {
    transfers.push(
      (async () => {
        const response = await request.response()
        const sizes = await request.sizes()
        const headers = (await response?.allHeaders()) ?? {}
        return {
          path: new URL(request.url()).pathname,
          type: request.resourceType(),
          wire: sizes.responseBodySize + sizes.responseHeadersSize,
          headers: sizes.responseHeadersSize,
          encoding: headers['content-encoding'] ?? 'identity',
        }
      })(),
    )
  })
  await page.goto(url)
  await ready()
  await page.waitForLoadState('networkidle')
  return Promise.all(transfers)
}

function report(name: string, transfers: Transfer[]) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  const scripts = transfers.filter((t) => t.type === 'script')
  for (const t of [...transfers].sort((a, b) => b.wire - a.wire)) {
    console.log(`  ${kb(t.wire).padStart(9)}  ${t.encoding.padEnd(8)} ${t.type.padEnd(10)} ${t.path}`)
  }
  const js = scripts.reduce((sum, t) => sum + t.wire, 0)
  const total = transfers.reduce((sum, t) => sum + t.wire, 0)
  const headers = scripts.reduce((sum, t) => sum + t.headers, 0)
  const verdict = js <= JS_BUDGET_BYTES ? 'within budget' : 'OVER BUDGET'
  console.log(`${name} first load: ${kb(js)} of JavaScript on the wire (budget ${kb(JS_BUDGET_BYTES)}) ${verdict}, of which ${kb(headers)} response headers of ${scripts.length} scripts; ${kb(total)} in all, ${transfers.length} requests`)
}

const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 8203))
const browser = await chromium.launch({
  executablePath: execSync('which chromium').toString().trim(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
try {
  const viewport = { width: 390, height: 844 }
  const login = await browser.newPage({ viewport })
  report('/login', await firstLoad(login, `${server.url}/login`, () => login.getByRole('button', { name: '登录' }).first().waitFor()))

  const token = await loginDemoPerson(server.url)
  const context = await browser.newContext({ viewport })
  await context.addInitScript((value) => localStorage.setItem('seal.token', value), token)
  const home = await context.newPage()
  report('/home', await firstLoad(home, `${server.url}/home`, () => home.getByText('电子印章申请').first().waitFor({ timeout: 30_000 })))
} finally {
  await browser.close()
  await server.stop()
}
