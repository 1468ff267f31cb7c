// JavaScript a phone downloads to show /home the first time (logged in), gzip bytes, against the
// 150 KB budget. Loads the built app in Chromium and gzips every script response. Run: npx tsx bench/home-bundle.bench.ts
import { execSync } from 'node:child_process'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { loginDemoPerson, startBuiltServer } from './server.ts'

const BUDGET_BYTES = 150 * 1024

const server = await startBuiltServer(8203)
const browser = await chromium.launch({
  executablePath: execSync('which chromium').toString().trim(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
try {
  const token = await loginDemoPerson(server.url)
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const scripts: { url: string; gzip: number; raw: number }[] = []
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? ''
    if (!type.includes('javascript')) return
    const body = await response.body()
    scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length })
  })
  await page.goto(`${server.url}/home?params=${encodeURIComponent(JSON.stringify({ token }))}`)
  await page.getByText('电子印章申请').first().waitFor({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')

  const total = scripts.reduce((sum, s) => sum + s.gzip, 0)
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`${(s.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${(s.raw / 1024).toFixed(1).padStart(7)} KB raw  ${s.url}`)
  }
  console.log(`home route first load: ${(total / 1024).toFixed(1)} KB gzip of JavaScript (budget ${BUDGET_BYTES / 1024} KB) ${total <= BUDGET_BYTES ? 'within budget' : 'OVER BUDGET'}`)
} finally {
  await browser.close()
  await server.stop()
}
