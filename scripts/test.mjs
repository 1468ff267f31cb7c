// `npm test`: the whole suite in one command. Installs missing system packages, type-checks, lints (with
// the server's layers: .dependency-cruiser.cjs),
// runs the unit and API tests (Vitest), builds the app and runs the browser tests (Playwright).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'

const steps = [
  ['system', 'bash', ['scripts/ensure-system-deps.sh']],
  ['types', 'npx', ['tsc', '-b', '--noEmit']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json']],
  ['build', 'npm', ['run', 'build']],
  ['browser', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
]

const only = process.argv.slice(2)
rmSync('test-results/vitest.json', { force: true })
rmSync('test-results/playwright.json', { force: true })
let passed = 0
let failed = 0
for (const [name, command, args] of steps) {
  if (only.length && !only.some((word) => name.includes(word))) continue
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } })
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
