import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { databaseNameOfThisProcess, databaseOn, dropDatabasesOfEndedRuns, onServer } from '../apps/server/src/test/database-server.ts'

const root = new URL('..', import.meta.url).pathname

export type RunningServer = { url: string; pid: number; dataDir?: string; stop: () => Promise<void> }

/**
 * Starts the built server (apps/server/dist) on a fresh data folder, for benchmarks: on PGlite, or on
 * PostgreSQL when `databaseUrl` is given. `onPoll` runs every 100 ms until it answers (start-up sampling).
 */
export async function startBuiltServer(
  port: number,
  options: { databaseUrl?: string; onPoll?: (pid: number) => void; env?: NodeJS.ProcessEnv; dataDir?: string } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'seal-bench-'))
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env }
  delete env.DATABASE_URL
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl
  const child: ChildProcess = spawn('node', ['apps/server/dist/main.js'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] })
  const url = `http://127.0.0.1:${port}`
  await waitUntil(async () => {
    options.onPoll?.(child.pid!)
    const response = await fetch(`${url}/api/seal-apply/region/list`)
    return response.ok
  }, child)
  return { url, pid: child.pid!, dataDir, stop: () => stopChild(child) }
}

/** Starts bench/bare-server.mjs answering `body` at POST /config. */
export async function startBareServer(port: number, body: unknown): Promise<RunningServer> {
  const child = spawn('node', ['bench/bare-server.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), BARE_BODY: JSON.stringify(body) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve())
    child.once('exit', () => reject(new Error('bare server exited')))
  })
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopChild(child) }
}

async function waitUntil(ready: () => Promise<boolean>, child: ChildProcess) {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if (await ready()) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('server did not start in 120 s')
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

/** Resident and peak resident memory of a process, in MB (Linux /proc); zero once it has gone. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  let status = ''
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    // the process has ended
  }
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0)
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 }
}

/** The processes a process has started (Linux /proc), e.g. the server's one-off database initialisation. */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
  } catch {
    return []
  }
}

/**
 * CPU time (user + system, ms) a process and every process below it have used so far, all their threads
 * (Linux /proc): what a server costs per request however busy the machine is with other work.
 */
export function cpuMsOfTree(pid: number): number {
  let ticks = 0
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    ticks = Number(fields[11]) + Number(fields[12])
  } catch {
    return 0 // the process has ended
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND + childrenOf(pid).reduce((sum, child) => sum + cpuMsOfTree(child), 0)
}

/** Linux's USER_HZ, the unit of /proc's CPU times: 100 on every architecture Node runs on here. */
const CLOCK_TICKS_PER_SECOND = 100

/**
 * A fresh PostgreSQL database on the server DATABASE_URL points at, dropped by `drop()`; undefined when
 * DATABASE_URL is not set. Benchmarks never touch the database DATABASE_URL names.
 */
export async function freshPostgresDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) return undefined
  await dropDatabasesOfEndedRuns(serverUrl, `seal_bench_${label}`)
  const name = databaseNameOfThisProcess(`seal_bench_${label}`)
  await onServer(serverUrl, `CREATE DATABASE ${name}`)
  return { url: databaseOn(serverUrl, name), drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

/** Logs in the demo person through the sandbox SMS outbox and returns the bearer token. */
export async function loginDemoPerson(url: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      (r) => r.json() as Promise<{ resultStatus: string; data: any }>,
    )
  await post('/auth/sms/send', { phone: '13800000001' })
  const outbox = (await fetch(`${url}/api/dev/sms-outbox`).then((r) => r.json())) as { data: { text: string }[] }
  const code = /验证码为(\d{6})/.exec(outbox.data[0]!.text)![1]
  const login = await post('/auth/login/personal', { phone: '13800000001', code })
  return login.data.token
}
