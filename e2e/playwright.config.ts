import { execSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 8181)
const chromiumPath = process.env.CHROMIUM_PATH ?? execSync('which chromium').toString().trim()
// A fresh data folder per run: the server seeds the demo accounts into it on start. Kept in the
// environment so the test workers (which load this file again) find the same folder and its admin token.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'seal-e2e-'))
const dataDir = process.env.E2E_DATA_DIR

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e-output',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: '../test-results/playwright.json' }]],
  use: {
    ...devices['Pixel 5'],
    viewport: { width: 390, height: 844 },
    baseURL: `http://localhost:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    // A failed test keeps its trace (actions, network, console, screencast) without a DOM snapshot per action:
    // on a slow machine the snapshots were most of each pointer move on the signature boards, and nearly half
    // of the longest journeys (decisions.md "Suite time"). writeOnBoard keeps its own pace either way.
    trace: { mode: 'retain-on-failure', snapshots: false },
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  webServer: {
    command: 'node ../apps/server/dist/main.js',
    url: `http://localhost:${PORT}/api/seal-apply/region/list`,
    timeout: 120_000,
    reuseExistingServer: false,
    // DATABASE_URL is cleared so the browser tests run on PGlite in their fresh folder: the shared
    // PostgreSQL database (CI sets it for the API tests) may hold a CA wrapped under another run's master key.
    // Every test logs in from this one address: the per-client SMS limit is raised for the run. A journey
    // that signs twice within a minute would wait out the spec's 60-second resend rule (tested through the
    // API); 5 s keeps the wait and the countdown on screen without two idle minutes per run.
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${PORT}`,
      SMS_SENDS_PER_CLIENT: '1000',
      SMS_RESEND_SECONDS: '5',
      // A webhook that cannot be delivered has failed after two attempts a second apart (not nine hours), so
      // the console journey can send it again.
      WEBHOOK_RETRY_SECONDS: '1',
    },
    stdout: 'pipe',
  },
})
