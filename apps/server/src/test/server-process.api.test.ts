import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { until } from './waits.ts'

const serverProcessTs = fileURLToPath(new URL('./server-process.ts', import.meta.url))
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url))

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('children of a test process', () => {
  it('end when the test process is killed with SIGKILL', async () => {
    // A stand-in for a test worker: it starts a long-lived child the way the tests start servers and nginx.
    const script = `const { spawnTiedToTests } = await import(${JSON.stringify(serverProcessTs)})
      const child = spawnTiedToTests('sleep', ['120'], { stdio: 'ignore' })
      process.stdout.write(String(child.pid) + '\\n')
      setInterval(() => {}, 1000)`
    const worker = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] })
    let printed = ''
    worker.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()))
    await until(() => printed.includes('\n'), { timeoutMs: 30_000, waitingFor: 'the child’s pid' })
    const childPid = Number(printed.trim())
    expect(isRunning(childPid)).toBe(true)

    worker.kill('SIGKILL')
    await until(() => !isRunning(childPid), { timeoutMs: 10_000, waitingFor: 'the orphaned child to end' })
  }, 60_000)
})
