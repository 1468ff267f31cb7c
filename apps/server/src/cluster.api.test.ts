import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { createPostgresDatabase } from './test/harness.ts'
import { killServerProcesses, spawnTiedToTests, startServerProcess } from './test/server-process.ts'
import { freePort, until } from './test/waits.ts'

/**
 * The primary of several server processes (main.ts, docs/deploy.md "Several processes"): a rolling restart
 * (SIGUSR2) replaces both processes one at a time while requests keep being answered; processes that die
 * right after their start are started again after a growing delay, and the primary gives up, saying why in
 * Chinese and English. PostgreSQL only (PGlite runs one process).
 */
describe.runIf(process.env.TEST_DATABASE === 'postgres')('the primary of two server processes', () => {
  const cleanups: (() => Promise<void> | void)[] = []
  afterEach(async () => {
    killServerProcesses()
    for (const cleanup of cleanups.splice(0)) await cleanup()
  })
  afterAll(() => killServerProcesses())

  const environment = async (port: number) => {
    const postgres = await createPostgresDatabase()
    const dataDir = mkdtempSync(join(tmpdir(), 'seal-cluster-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }), () => postgres.drop())
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      PROCESSES: '2',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      TSA_PROVIDER: 'none',
    }
  }

  it('replaces both processes one at a time on SIGUSR2, answering every request meanwhile', async () => {
    const port = await freePort()
    const server = await startServerProcess(await environment(port), { timeoutMs: 150_000 })
    // Both processes listening (each logs it), then a steady stream of requests, each on its own connection.
    await until(() => (server.output().match(/Server listening at/g) ?? []).length >= 2, { timeoutMs: 150_000, waitingFor: 'both processes listening' })
    const answers: (number | string)[] = []
    let running = true
    const caller = async () => {
      while (running) answers.push(await get(port, '/api/seal-apply/region/list').catch((error: Error) => error.message))
    }
    const callers = Array.from({ length: 4 }, caller)
    process.kill(server.pid, 'SIGUSR2')
    await until(() => server.output().includes('滚动重启完成'), { timeoutMs: 240_000, waitingFor: 'the rolling restart' })
    running = false
    await Promise.all(callers)

    expect(server.output().match(/滚动重启：服务进程 \d+ 已由 \d+ 替换/g)).toHaveLength(2)
    expect(answers.length).toBeGreaterThan(20)
    expect(answers.filter((answer) => answer !== 200)).toEqual([])
    expect(await get(port, '/readyz')).toBe(200)
    await server.stop()
  }, 400_000)

  it('starts a process that keeps dying right after its start again later each time, then gives up saying why', async () => {
    // The port is taken by something else: every server process fails to listen as soon as it has started.
    const port = await freePort()
    const squatter = await listen(port)
    cleanups.push(() => new Promise<void>((resolve) => squatter.close(() => resolve())))
    const child = spawnTiedToTests(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./main.ts', import.meta.url))], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      env: await environment(port),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    cleanups.push(() => void child.kill('SIGKILL'))
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)))

    expect(code, output.slice(-3000)).toBe(1)
    // Restarted after 1, 2, 4 and 8 seconds, then no more.
    const delays = [...output.matchAll(/已退出（[^）]+），(\d+) 秒后重新启动/g)].map((match) => Number(match[1]))
    expect(delays).toEqual([1, 2, 4, 8])
    expect(output).toContain('服务进程连续 5 次在开始监听前或监听后 30 秒内退出')
    expect(output).toContain('Server processes exited before listening or within 30 s of it 5 times in a row')
  }, 400_000)
})

/** Status of a GET on a new connection (no keep-alive: each request meets whichever process takes it). */
function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode!))
    })
    request.on('error', reject)
    // A connection the primary never hands to a process is answered by nobody: report it, not a test timeout.
    request.setTimeout(30_000, () => request.destroy(new Error('no answer within 30 s')))
    request.end()
  })
}

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

