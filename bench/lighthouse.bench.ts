// Lighthouse (mobile, its default simulated slow 4G and 4× CPU) on the built app: performance and
// accessibility of /login, and logged in of /home, 平台绑定记录 and the 用章 screen (pdf.js), against the
// 0.95 budgets. PAGES=/home,/seal-use audits just those.
// Each page is audited RUNS times (default 3) and the median run by performance is reported, as
// Lighthouse advises: on a shared machine one run's blocking time varies with the neighbours' load.
// Run after `npm run build`: npx tsx bench/lighthouse.bench.ts (BENCH_PORT to move the server).
import { execSync } from 'node:child_process'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from '@playwright/test'
import { loginDemoPerson, startBuiltServer } from './server.ts'

const BUDGET = 0.95
const RUNS = Number(process.env.RUNS ?? 3)
const chromePath = process.env.CHROME_PATH ?? execSync('which chromium').toString().trim()

/** One page in a fresh browser profile (cold cache), optionally with a token in localStorage first. */
async function audit(url: string, token?: string) {
  const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
  try {
    if (token) {
      // Storage is set on the origin through a page that loads no app code, so the cache stays cold;
      // Lighthouse is told to keep storage so the page opens logged in.
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
      const page = await cdp.contexts()[0]!.newPage()
      await page.goto(`${new URL(url).origin}/api/docs/json`)
      await page.evaluate((value) => localStorage.setItem('seal.token', value), token)
      await page.close()
      await cdp.close()
    }
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance', 'accessibility'], disableStorageReset: Boolean(token), logLevel: 'error' })
    return result!.lhr
  } finally {
    chrome.kill()
  }
}

const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 8203))
try {
  const token = await loginDemoPerson(server.url)
  const pages = process.env.PAGES?.split(',') ?? ['/login', '/home', '/platform-binding-record', '/seal-use']
  for (const path of pages) {
    const withToken = path === '/login' ? undefined : token
    const runs: Awaited<ReturnType<typeof audit>>[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await audit(`${server.url}${path}`, withToken))
    const performance = (lhr: (typeof runs)[number]) => lhr.categories.performance?.score ?? 0
    runs.sort((a, b) => performance(a) - performance(b))
    const lhr = runs[Math.floor(runs.length / 2)]!
    for (const run of runs) if (run.runtimeError) console.log(`${path}: a run failed: ${run.runtimeError.code} ${run.runtimeError.message}`)
    console.log(`${path}: performance of ${RUNS} runs ${runs.map((run) => performance(run).toFixed(2)).join(', ')}; the median run:`)
    const scores = Object.values(lhr.categories).map((category) => {
      const score = category.score ?? 0
      return `${category.id} ${score.toFixed(2)} ${score >= BUDGET ? 'ok' : 'BELOW BUDGET'}`
    })
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?'
    console.log(`${path}: ${scores.join(', ')} (budget ${BUDGET}); FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`)
    // What still costs points, with the elements concerned, so a regression says where to look.
    const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 0.9 && !['informative', 'manual', 'notApplicable'].includes(a.scoreDisplayMode))
    for (const a of failing) {
      console.log(`    ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`)
      const items = (a.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? []
      for (const item of items.slice(0, 5)) if (item.node?.snippet) console.log(`        ${item.node.snippet.slice(0, 160)}`)
    }
  }
} finally {
  await server.stop()
}
