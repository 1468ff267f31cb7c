/**
 * Seal PIN checks sent at once (issue #19 §2 item 4): 100 right PINs for one seal, sent together to
 * POST /api/seal/pinVerifyNew, all pass (their p50/p99 and the burst's wall time are printed); beside them
 * 100 wrong PINs sent together, of which exactly five are compared with the hash (the server's
 * `seal.counted-secret.compared` diagnostics channel counts them) before the lock answers the rest. While
 * the right burst runs, another seal's PIN is checked back to back: its latency shows that the queue of
 * one seal holds nobody else (and, on PostgreSQL, no pool connection beyond its own).
 *
 * The server runs from source in its own process (`serve`): PGlite on disk as `npm start` runs it, and,
 * with DATABASE_URL naming a PostgreSQL server, again on a fresh database there (dropped after).
 *
 * Run: [DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres] npx tsx bench/pin-burst.bench.ts
 * BENCH_BURST=100 calls per burst; BENCH_PORT=8231.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { freshPostgresDatabase } from './server.ts'

const BURST = Number(process.env.BENCH_BURST ?? 100)
const PORT = Number(process.env.BENCH_PORT ?? 8231)
const PIN = 'bench2026'

type Served = { url: string; seals: { sealId: string; token: string }[] }

if (process.argv[2] === 'serve') await serve()
else await measure()

/** The server side: a fresh data folder, three demo people with a name seal and a session each. */
async function serve() {
  const { subscribe } = await import('node:diagnostics_channel')
  const { eq } = await import('drizzle-orm')
  const { renderPersonalSeal } = await import('@seal/seal/personal-seal')
  const { buildBenchApp } = await import('./in-process-app.ts')
  const { openDatabase } = await import('../apps/server/src/db/client.ts')
  const { demo, seedDemo } = await import('../apps/server/src/seed.ts')
  const { persons } = await import('../apps/server/src/auth/tables.ts')
  const { ensureAccount } = await import('../apps/server/src/auth/login.ts')
  const { createSession } = await import('../apps/server/src/auth/sessions.ts')
  const { makeSeal } = await import('../apps/server/src/seals/make-seal.ts')
  const { closeWorkerPool } = await import('../apps/server/src/workers/pool.ts')

  let compared = 0
  subscribe('seal.counted-secret.compared', () => compared++)
  process.on('message', () => process.send!({ compared }))

  const dataDir = mkdtempSync(join(tmpdir(), 'seal-bench-pin-burst-'))
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL || undefined, dataDir })
  const app = await buildBenchApp({ dataDir, db: database.db, env: { PORT: String(PORT), HOST: '127.0.0.1' } })
  await seedDemo(database.db)
  // Three holders, a name seal each (one name seal per person): the right burst, the wrong one, the bystander.
  const seals: Served['seals'] = []
  for (const who of [demo.person, demo.legalPerson, demo.staff[1]]) {
    await database.db.insert(persons).values({ ...who, identityType: '111' }).onConflictDoNothing()
    const [person] = await database.db.select().from(persons).where(eq(persons.identityNo, who.identityNo))
    const { png } = await renderPersonalSeal({ name: person!.name, style: '1' })
    const { seal } = await makeSeal(app.trust, {
      owner: { kind: 'person', personId: person!.id, name: person!.name, identityNo: person!.identityNo },
      sealName: person!.name,
      sealTypeCode: '1000',
      image: png,
      certStartTime: new Date(),
      certEndTime: new Date(Date.now() + 365 * 86_400_000),
      pin: PIN,
    })
    const { token } = await createSession(database.db, await ensureAccount(database.db, { kind: 'personal', personId: person!.id, unitId: null }))
    seals.push({ sealId: seal.id, token })
  }
  await app.listen({ port: PORT, host: '127.0.0.1' })
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${PORT}`, seals } satisfies Served)}\n`)
  process.once('SIGTERM', async () => {
    await app.close()
    await closeWorkerPool()
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  })
}

type Figures = {
  rightPassed: number
  rightP50: number
  rightP99: number
  rightWallMs: number
  otherP50: number
  otherMax: number
  otherCalls: number
  wrongCompared: number
  wrongTriesLeft: number
  wrongLocked: number
  wrongWallMs: number
}

async function measure() {
  console.log(`seal PIN bursts, ${BURST} calls at once on one seal, load average ${loadavg()[0]!.toFixed(1)}`)
  const rows: [string, Figures][] = [['PGlite', print('PGlite', await burstOn())]]
  const postgres = await freshPostgresDatabase('pin_burst')
  if (postgres) {
    try {
      rows.push(['PostgreSQL', print('PostgreSQL', await burstOn(postgres.url))])
    } finally {
      await postgres.drop()
    }
  }
  if (rows.some(([, f]) => f.rightPassed !== BURST || f.wrongCompared !== 5)) process.exitCode = 1
  if (!postgres) console.log('  PostgreSQL: skipped (set DATABASE_URL to a PostgreSQL server to measure there too)')
}

function print(database: string, f: Figures): Figures {
  console.log(
    `  ${database.padEnd(10)} right: ${f.rightPassed}/${BURST} passed, p50 ${ms(f.rightP50)}, p99 ${ms(f.rightP99)}, all answered in ${ms(f.rightWallMs)}` +
      ` | another seal meanwhile: p50 ${ms(f.otherP50)}, max ${ms(f.otherMax)} (${f.otherCalls} checks)` +
      ` | wrong: ${f.wrongCompared} compared, ${f.wrongTriesLeft} answered tries left, ${f.wrongLocked} locked, in ${ms(f.wrongWallMs)}`,
  )
  return f
}

function ms(value: number) {
  return `${value.toFixed(0).padStart(5)} ms`
}

/** Starts the server (on PGlite, or on `databaseUrl`), sends the bursts, stops it. */
async function burstOn(databaseUrl?: string): Promise<Figures> {
  const server = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, 'serve'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_PORT: String(PORT), BENCH_DATABASE_URL: databaseUrl ?? '' },
  })
  try {
    const served = await new Promise<Served>((resolve, reject) => {
      server.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString())))
      server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
    })
    return await bursts(served, server)
  } finally {
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve()
      server.once('exit', () => resolve())
      server.kill('SIGTERM')
    })
  }
}

async function bursts(served: Served, server: ChildProcess): Promise<Figures> {
  const [rightSeal, wrongSeal, otherSeal] = served.seals as [Served['seals'][0], Served['seals'][0], Served['seals'][0]]
  // `n` makes each body its own (identical bodies in flight meet the duplicate guard, 请求重复).
  const check = async ({ sealId, token }: Served['seals'][0], pin: string, n: number) => {
    const started = performance.now()
    const response = await fetch(`${served.url}/api/seal/pinVerifyNew`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ sealId, pin, n }),
    })
    const answer = (await response.json()) as { data?: { success: boolean; mess: string }; responseInfo: string }
    return { ms: performance.now() - started, passed: answer.data?.success === true, message: answer.data?.mess ?? answer.responseInfo }
  }
  const compared = () =>
    new Promise<number>((resolve) => {
      server.once('message', (message: { compared: number }) => resolve(message.compared))
      server.send('compared?')
    })
  const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0

  for (let i = 0; i < 3; i++) await check(otherSeal, PIN, -1 - i) // warm-up: JIT, argon2's threads, the connection

  let burstDone = false
  const other: number[] = []
  const meanwhile = (async () => {
    for (let n = 0; !burstDone; n++) other.push((await check(otherSeal, PIN, n)).ms)
  })()
  const rightStarted = performance.now()
  const right = await Promise.all(Array.from({ length: BURST }, (_, i) => check(rightSeal, PIN, i)))
  const rightWallMs = performance.now() - rightStarted
  burstDone = true
  await meanwhile

  const before = await compared()
  const wrongStarted = performance.now()
  const wrong = await Promise.all(Array.from({ length: BURST }, (_, i) => check(wrongSeal, `guess${1000 + i}`, i)))
  const wrongWallMs = performance.now() - wrongStarted
  const wrongCompared = (await compared()) - before

  const times = right.map((r) => r.ms)
  return {
    rightPassed: right.filter((r) => r.passed).length,
    rightP50: quantile(times, 0.5),
    rightP99: quantile(times, 0.99),
    rightWallMs,
    otherP50: quantile(other, 0.5),
    otherMax: Math.max(...other),
    otherCalls: other.length,
    wrongCompared,
    wrongTriesLeft: wrong.filter((r) => r.message.includes('还可尝试')).length,
    wrongLocked: wrong.filter((r) => r.message.includes('已锁定')).length,
    wrongWallMs,
  }
}
