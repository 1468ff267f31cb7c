// `npm test`: the whole suite in one command. Installs missing system packages, type-checks, lints (with
// the server's layers: .dependency-cruiser.cjs),
// runs the unit and API tests (Vitest), builds the app and runs the browser tests (Playwright).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'

// The API tests of several server processes sharing one Redis (apps/server/src/redis/) run where a Redis
// answers: REDIS_URL if set, else the machine's own on 127.0.0.1:6379 when it answers PING; without one they
// are skipped. Only the Vitest step gets it (each test app chooses its own key prefix).
const redisUrl = process.env.REDIS_URL || (redisAnswers('127.0.0.1', 6379) ? 'redis://127.0.0.1:6379' : undefined)

const steps = [
  ['system', 'bash', ['scripts/ensure-system-deps.sh']],
  ['types', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json'], redisUrl ? { REDIS_URL: redisUrl } : {}],
  // The load test's short mode (bench/load/load.ts: two server processes, one killed with SIGKILL, a rolling
  // restart; nothing lost or sealed twice): only where both PostgreSQL (DATABASE_URL) and Redis answer.
  ...(process.env.DATABASE_URL && redisUrl
    ? [['load', 'npx', ['tsx', 'bench/load/load.ts'], { REDIS_URL: redisUrl, LOAD_USERS: '30', LOAD_SECONDS: '50', LOAD_PORT: '8295' }]]
    : []),
  ['build', 'npm', ['run', 'build']],
  ['browser', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
]

const only = process.argv.slice(2)
rmSync('test-results/vitest.json', { force: true })
rmSync('test-results/playwright.json', { force: true })
let passed = 0
let failed = 0
for (const [name, command, args, env = {}] of steps) {
  if (only.length && !only.some((word) => name.includes(word))) continue
  // A password in a URL stays out of the log.
  const shown = Object.entries(env).map(([key, value]) => `${key}=${value.replace(/\/\/[^@/]*@/, '//…@')} `)
  console.log(`\n▶ ${name}: ${shown.join('')}${command} ${args.join(' ')}`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env, FORCE_COLOR: '0' } })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status === 0) {
    passed++
    console.log(`✔ ${name} (${seconds} s)`)
  } else {
    failed++
    console.log(`✘ ${name} failed (${seconds} s)`)
    break
  }
}
// The closing line counts tests (not steps), from the runners' JSON reports.
const tests = countTests()
console.log(`\nsteps: ${passed} passed, ${failed} failed`)
console.log(`${tests.passed} passed, ${tests.failed + failed} failed, ${tests.skipped} skipped`)
process.exit(failed ? 1 : 0)

/** Whether a Redis on host:port answers PING within a second (asked from a child, this script being synchronous). */
function redisAnswers(host, port) {
  const probe = `const socket = require('node:net').connect(${port}, ${JSON.stringify(host)});
socket.setTimeout(1000, () => process.exit(1)).on('error', () => process.exit(1));
socket.on('connect', () => socket.write('PING\\r\\n')).on('data', (data) => process.exit(String(data).startsWith('+PONG') ? 0 : 1));`
  return spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore', timeout: 3000 }).status === 0
}

function countTests() {
  const totals = { passed: 0, failed: 0, skipped: 0 }
  if (existsSync('test-results/vitest.json')) {
    const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'))
    totals.passed += report.numPassedTests
    totals.failed += report.numFailedTests
    totals.skipped += report.numPendingTests + report.numTodoTests
  }
  if (existsSync('test-results/playwright.json')) {
    const { stats } = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'))
    totals.passed += stats.expected + stats.flaky
    totals.failed += stats.unexpected
    totals.skipped += stats.skipped
  }
  return totals
}
