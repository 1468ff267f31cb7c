/**
 * Open-API sealing throughput: a platform seals the 50-page contract with a seal bound to it, 16 requests
 * at a time, sent as the PDF itself (`application/pdf`, the fields in the query) and as one JSON body with
 * the PDF in base64, through the whole path (HTTP, access token, request signature and nonce, binding and seal
 * checks, the worker pool, the signed file stored, the use record and the platform's document row), on
 * a server in its own process (PGlite on disk, as `npm start` runs). Printed beside the in-process
 * figure of bench/pdf-signing.bench.ts (one visible seal on the same contract, in memory, one after
 * another), measured here again on the same machine.
 *
 * The server is started from source by this file (`serve`); it binds the demo person's seal to the bench
 * platform itself before listening (as the API tests do), so the figure is of sealing alone.
 *
 * With DATABASE_URL naming a PostgreSQL server, the same again on a fresh database created there (and
 * dropped after): PGlite runs its queries on the server's main thread, PostgreSQL in its own processes.
 *
 * Run: [DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres] npx tsx bench/open-api.bench.ts
 * BENCH_SECONDS=15 of load per database by default; BENCH_PORT=8216; BENCH_SERVER_ARGS='--cpu-prof' profiles the server;
 * BENCH_LOADS=pdf (a comma list of pdf, json, keyword) runs only those loads, e.g. to profile one.
 */
import { spawn } from 'node:child_process'
import cluster from 'node:cluster'
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { cryptoKeySigner } from '@seal/pdf/sign/crypto-key-signer'
import { signPdf } from '@seal/pdf/sign/sign-pdf'
import { createTestPki } from '../packages/pdf/test/pki.ts'
import { chineseContract, contractSealPng } from '../packages/pdf/test/test-documents.ts'
import { cpuMsOfTree, freshPostgresDatabase } from './server.ts'

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
const PORT = Number(process.env.BENCH_PORT ?? 8216)
const PAGES = 50

type Served = { url: string; clientId: string; clientSecret: string; sealId: string }

if (process.argv[2] === 'serve') await serve()
else await measure()

/** The server side: a fresh data folder, the demo person's name seal bound to a bench platform. */
async function serve() {
  const { eq } = await import('drizzle-orm')
  const { renderPersonalSeal } = await import('@seal/seal/personal-seal')
  const { buildBenchApp } = await import('./in-process-app.ts')
  const { openDatabase } = await import('../apps/server/src/db/client.ts')
  const { demo, seedDemo } = await import('../apps/server/src/seed.ts')
  const { persons } = await import('../apps/server/src/auth/tables.ts')
  const { makeSeal } = await import('../apps/server/src/seals/make-seal.ts')
  const { registerPlatform } = await import('../apps/server/src/platforms/registry.ts')
  const { sealBindings } = await import('../apps/server/src/bindings/tables.ts')
  const { closeWorkerPool } = await import('../apps/server/src/workers/pool.ts')

  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined
  // As `npm start` runs: on PostgreSQL one server process per core (main.ts, PROCESSES), on PGlite one.
  const processes = databaseUrl ? Number(process.env.PROCESSES ?? availableParallelism()) : 1
  const dataDir = cluster.isPrimary ? mkdtempSync(join(tmpdir(), 'seal-bench-open-api-')) : process.env.BENCH_DATA_DIR!
  const database = await openDatabase({ databaseUrl, dataDir })
  const app = await buildBenchApp({ dataDir, db: database.db, env: { PORT: String(PORT), HOST: '127.0.0.1' } })
  if (cluster.isWorker) {
    // A server process of the cluster: the primary made the data; listen beside the others (one port).
    await app.listen({ port: PORT, host: '127.0.0.1' })
    process.send!('listening')
    process.once('SIGTERM', async () => {
      await app.close()
      await closeWorkerPool()
      await database.close()
      process.exit(0)
    })
    return
  }
  await seedDemo(database.db)
  const [person] = await database.db.select().from(persons).where(eq(persons.identityNo, demo.person.identityNo))
  const { png } = await renderPersonalSeal({ name: person!.name, style: '1' })
  const { seal } = await makeSeal(app.trust, {
    owner: { kind: 'person', personId: person!.id, name: person!.name, identityNo: person!.identityNo },
    sealName: person!.name,
    sealTypeCode: '1000',
    image: png,
    certStartTime: new Date(),
    certEndTime: new Date(Date.now() + 365 * 86_400_000),
    pin: 'bench2026',
  })
  const { platform, clientSecret } = await registerPlatform(database.db, app.trust.keys, { clientName: '压测平台', platformType: '9', rateLimitPerMinute: 100_000 })
  await database.db.insert(sealBindings).values({ sealId: seal.id, platformId: platform.id, personId: person!.id, useType: '2' })
  const served: Served = { url: `http://127.0.0.1:${PORT}`, clientId: platform.clientId, clientSecret, sealId: seal.id }
  if (processes > 1) {
    await app.close()
    await database.close()
    const workers = Array.from({ length: processes }, () => cluster.fork({ BENCH_DATA_DIR: dataDir }))
    await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve))))
    process.stdout.write(`${JSON.stringify(served)}\n`)
    process.once('SIGTERM', async () => {
      await Promise.all(workers.map((worker) => new Promise((resolve) => (worker.once('exit', resolve), worker.kill('SIGTERM')))))
      rmSync(dataDir, { recursive: true, force: true })
      process.exit(0)
    })
    return
  }
  await app.listen({ port: PORT, host: '127.0.0.1' })
  process.stdout.write(`${JSON.stringify(served)}\n`)
  process.once('SIGTERM', async () => {
    await app.close()
    await closeWorkerPool()
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  })
}

async function measure() {
  const contract = await chineseContract({ pages: PAGES })
  const rows: [string, Loads][] = process.env.BENCH_ONLY === 'postgres' ? [] : [['PGlite', await underLoad(contract)]]
  const postgres = await freshPostgresDatabase('open_api')
  if (postgres) {
    try {
      rows.push(['PostgreSQL', await underLoad(contract, postgres.url)])
    } finally {
      await postgres.drop()
    }
  }
  const inProcess = await inProcessSeals(contract)
  const mb = (contract.length / 1e6).toFixed(2)
  const threads = Math.max(1, Math.min(4, availableParallelism() - 1))
  const processes = Number(process.env.PROCESSES ?? availableParallelism())
  console.log(`open-API sealing, ${PAGES}-page contract (${mb} MB), ${CONCURRENCY} concurrent requests, ${SECONDS} s each, ${threads} worker thread(s) a process, ${processes} process(es) on PostgreSQL, load average at the end ${loadavg()[0]!.toFixed(1)}`)
  const line = (label: string, f: Figures, ratio: string) =>
    `  ${label.padEnd(28)} ${f.perSecond.toFixed(1).padStart(6)} seals/s   p50 ${f.p50.toFixed(0).padStart(5)} ms   p99 ${f.p99.toFixed(0).padStart(5)} ms   server CPU ${f.serverCpuMs.toFixed(1).padStart(5)} ms/seal   (${f.count} seals, ${f.failures} refused)   ${ratio}`
  const ofInProcess = (f: Figures) => `${(f.perSecond / inProcess.perSecond).toFixed(2)}× in process`
  for (const [database, open] of rows) {
    const budget = open.raw.perSecond / inProcess.perSecond >= 0.8 && open.raw.p99 <= 250 && open.raw.failures === 0
    const ran = (f: Figures) => !Number.isNaN(f.perSecond)
    if (ran(open.raw)) console.log(line(`open API on ${database}, PDF`, open.raw, `${ofInProcess(open.raw)} (budget ≥ 0.80×, p99 ≤ 250 ms, 0 refused: ${budget ? 'met' : 'MISSED'})`))
    if (ran(open.json)) console.log(line(`  JSON with base64`, open.json, `${ofInProcess(open.json)} (the same sealing as one JSON body)`))
    const keywordRatio = open.keyword.perSecond / open.raw.perSecond
    if (ran(open.keyword)) console.log(line(`  PDF, by keyword`, open.keyword, `${keywordRatio.toFixed(2)}× by coordinates (budget ≥ 0.50×: ${keywordRatio >= 0.5 && open.keyword.failures === 0 ? 'met' : 'MISSED'})`))
  }
  console.log(`  in process, signPdf    ${inProcess.perSecond.toFixed(1).padStart(6)} seals/s   median ${inProcess.p50.toFixed(1)} ms (bench/pdf-signing.bench.ts's figure, one seal after another)`)
  if (rows.some(([, open]) => open.raw.failures + open.json.failures + open.keyword.failures > 0)) process.exitCode = 1
  if (!postgres) console.log('  PostgreSQL: skipped (set DATABASE_URL to a PostgreSQL server to measure there too)')
}

type Loads = { raw: Figures; json: Figures; keyword: Figures }

/** Starts the server (on PGlite, or on `databaseUrl`), loads it, stops it. */
async function underLoad(contract: Uint8Array, databaseUrl?: string): Promise<Loads> {
  const args = [...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', new URL(import.meta.url).pathname, 'serve']
  const server = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_PORT: String(PORT), BENCH_DATABASE_URL: databaseUrl ?? '' } })
  try {
    const served = await new Promise<Served>((resolve, reject) => {
      createInterface({ input: server.stdout! }).once('line', (line) => resolve(JSON.parse(line)))
      server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
    })
    const loads = (process.env.BENCH_LOADS ?? 'pdf,json,keyword').split(',')
    const skipped: Figures = { perSecond: NaN, p50: NaN, p99: NaN, count: 0, failures: 0, serverCpuMs: NaN }
    const load = (name: string, run: () => Promise<Figures>) => (loads.includes(name) ? run() : skipped)
    const cpuMs = () => cpuMsOfTree(server.pid!)
    const raw = await load('pdf', () => openApiLoad(served, contract, [{ page: PAGES, x: 380, y: 40 }], 'pdf', cpuMs))
    const json = await load('json', () => openApiLoad(served, contract, [{ page: PAGES, x: 380, y: 40 }], 'json', cpuMs))
    // By keyword: the last 乙方（盖章） of the document, so every page's text is searched.
    const keyword = await load('keyword', () => openApiLoad(served, contract, [{ keyword: '乙方（盖章）', occurrence: 'last' }], 'pdf', cpuMs))
    return { raw, json, keyword }
  } finally {
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve()
      server.once('exit', () => resolve())
      server.kill('SIGTERM')
    })
  }
}

/** `serverCpuMs`: CPU time the server's processes (every thread) used per seal while measured, which other work on the machine changes far less than the rates. */
type Figures = { perSecond: number; p50: number; p99: number; count: number; failures: number; serverCpuMs: number }

/**
 * 16 loops, each sealing as soon as its last answer came, for SECONDS after a warm-up: the PDF itself as
 * the body with the fields in the query (`pdf`), or one JSON body with the PDF in base64 (`json`).
 */
async function openApiLoad(served: Served, contract: Uint8Array, positions: object[], form: 'pdf' | 'json', cpuMs: () => number): Promise<Figures> {
  const tokenAnswer = await fetch(`${served.url}/api/open/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: served.clientId, clientSecret: served.clientSecret }),
  }).then((r) => r.json() as Promise<{ accessToken: string }>)
  const fileName = '电子印章服务合同.pdf'
  const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  // The query's pairs sorted by name: the canonical query of the signature, sent as it is.
  const query = form === 'pdf' ? `fileName=${encode(fileName)}&positions=${encode(JSON.stringify(positions))}&sealId=${encode(served.sealId)}` : ''
  const body = form === 'pdf' ? Buffer.from(contract) : JSON.stringify({ sealId: served.sealId, fileName, pdf: Buffer.from(contract).toString('base64'), positions })
  const contentType = form === 'pdf' ? 'application/pdf' : 'application/json'
  const bodySha256 = createHash('sha256').update(body).digest('hex')
  const path = '/api/open/v1/documents'

  const seal = async (): Promise<boolean> => {
    const timestamp = String(Math.floor(Date.now() / 1000))
    const nonce = randomBytes(16).toString('hex')
    const signature = createHmac('sha256', served.clientSecret).update(['SEAL-HMAC-SHA256', 'POST', path, query, timestamp, nonce, bodySha256].join('\n')).digest('hex')
    const response = await fetch(`${served.url}${path}${query ? `?${query}` : ''}`, {
      method: 'POST',
      headers: { 'content-type': contentType, authorization: `Bearer ${tokenAnswer.accessToken}`, 'x-seal-timestamp': timestamp, 'x-seal-nonce': nonce, 'x-seal-signature': signature },
      body,
    })
    const answer = (await response.json()) as { code?: string; message?: string }
    if (!response.ok) console.error(`refused: ${response.status} ${answer.code} ${answer.message}`)
    return response.ok
  }

  const run = async (until: number, times: number[]) => {
    let failures = 0
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          const started = performance.now()
          if (await seal()) times.push(performance.now() - started)
          else failures++
        }
      }),
    )
    return failures
  }
  await run(performance.now() + 5_000, []) // warm-up: JIT, the worker threads, the database's caches
  const times: number[] = []
  const started = performance.now()
  const cpuBefore = cpuMs()
  const failures = await run(started + SECONDS * 1000, times)
  const elapsed = (performance.now() - started) / 1000
  const serverCpuMs = (cpuMs() - cpuBefore) / (times.length + failures)
  times.sort((a, b) => a - b)
  return { perSecond: times.length / elapsed, p50: times[Math.floor(times.length * 0.5)]!, p99: times[Math.floor(times.length * 0.99)]!, count: times.length, failures, serverCpuMs }
}

/** bench/pdf-signing.bench.ts's figure: one visible seal on page 50 of the contract, in memory. */
async function inProcessSeals(contract: Uint8Array): Promise<Figures> {
  const pki = await createTestPki()
  try {
    const image = await contractSealPng()
    const signer = cryptoKeySigner({ certificateChain: pki.unitSeal.chain, privateKey: pki.unitSeal.privateKey })
    const once = () => signPdf({ pdf: contract, signer, appearance: { page: PAGES, rect: { x: 380, y: 40, width: 120, height: 120 }, image }, reason: '合同签署' })
    for (let i = 0; i < 20; i++) await once()
    const times: number[] = []
    const started = performance.now()
    while (performance.now() - started < 3_000) {
      const t = performance.now()
      await once()
      times.push(performance.now() - t)
    }
    const elapsed = (performance.now() - started) / 1000
    times.sort((a, b) => a - b)
    return { perSecond: times.length / elapsed, p50: times[Math.floor(times.length / 2)]!, p99: times[Math.floor(times.length * 0.99)]!, count: times.length, failures: 0, serverCpuMs: NaN }
  } finally {
    pki.cleanup()
  }
}
