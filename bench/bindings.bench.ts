// Binding records at scale: 平台绑定记录 (POST /paas-composite-seal/sealBind/queryBindSealLogList), the
// platform list with its alreadyBind counts (POST /paas-composite-seal/sealBind/platform/config) and the
// open API's bound seals (GET /api/open/v1/seals, signed) at 100k bindings on PostgreSQL, on top of the
// list benchmarks' 100k seals and 1M use records (bindings-data.ts says who has what). As clients call
// them (HTTP, a real session, a signed platform request with a fresh nonce each), at 1 and 10
// connections: p50/p99 beside the budgets (p99 ≤ 30 ms with one client, ≤ 100 ms at 10). Before the HTTP
// figures it prints each list's SQL plan on the same data (EXPLAIN ANALYZE: the top node, the scans it
// chose and its execution time; BENCH_EXPLAIN=full prints whole plans).
//
//   npx tsx bench/bindings.bench.ts
//
// Env: BENCH_PG (default postgres://postgres@127.0.0.1:5432, database bench_bindings, made if missing),
// BENCH_PORT (8296), BENCH_REQUESTS (requests per call and concurrency, default 200), BENCH_ONLY (a word
// of the call names to run only those), BENCH_EXPLAIN (full: whole plans; off: none), BENCH_HTTP (off:
// the plans only).
import { spawn } from 'node:child_process'
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import type { Database } from '../apps/server/src/db/client.ts'
import { bindingData, generateBindingData, hasBindingData } from './bindings-data.ts'
import { benchData, fullScale, generateBenchData, hasBenchData, rowsOf } from './lists-data.ts'

const root = resolve(import.meta.dirname, '..')
const port = Number(process.env.BENCH_PORT ?? 8296)
const requests = Number(process.env.BENCH_REQUESTS ?? 200)
const pgBase = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432'
const database = 'bench_bindings'
const adminToken = 'bench-bindings-admin-token-0123456789abcdef'
const dataDir = '/tmp/speed-bindings-bench'
const explainMode = process.env.BENCH_EXPLAIN ?? 'summary'
const budgets = { one: 30, ten: 100 }
const DAY = 24 * 60 * 60 * 1000

type As = 'person' | 'enterprise' | 'usual'
type Call =
  | { name: string; kind: 'h5'; path: string; body: object; as: As }
  | { name: string; kind: 'open'; path: string; platform: 'busy' | 'small' }

type Platform = { clientId: string; clientSecret: string; token: string }

function callsFor(deepBindingId: string): Call[] {
  const records = (name: string, body: object, as: As = 'person'): Call => ({
    name,
    kind: 'h5',
    path: '/api/paas-composite-seal/sealBind/queryBindSealLogList',
    body: { currentPage: 1, pageSize: 10, ...body },
    as,
  })
  const now = Date.now()
  const range = { startTime: now - 60 * DAY, endTime: now - 30 * DAY }
  return [
    records('绑定记录 bp-0 page 1 (5,032 records)', {}),
    records('绑定记录 bp-0 page 400', { currentPage: 400 }),
    records('绑定记录 bp-0 bindState 1', { bindState: 1 }),
    records('绑定记录 bp-0 bindState 0', { bindState: 0 }),
    records('绑定记录 bp-0 30 days', range),
    records('绑定记录 bp-0 30 days, bindState 0', { ...range, bindState: 0 }),
    records('绑定记录 bp-0 one seal', { sealId: benchData.busySealId }),
    records('绑定记录 enterprise bu-0 page 1', {}, 'enterprise'),
    records('绑定记录 bp-5000 (4 seals) page 1', {}, 'usual'),
    records('绑定记录 bp-5000 bindState 1', { bindState: 1 }, 'usual'),
    { name: '平台列表 platform/config (alreadyBind)', kind: 'h5', path: '/api/paas-composite-seal/sealBind/platform/config', body: {}, as: 'person' },
    { name: '平台列表 platform/config clientName', kind: 'h5', path: '/api/paas-composite-seal/sealBind/platform/config', body: { clientName: '政府采购' }, as: 'person' },
    { name: 'open seals busy platform first 50', kind: 'open', path: '/api/open/v1/seals?limit=50', platform: 'busy' },
    { name: 'open seals busy platform after 30,000', kind: 'open', path: `/api/open/v1/seals?limit=50&after=${deepBindingId}`, platform: 'busy' },
    { name: 'open seals small platform first 50', kind: 'open', path: '/api/open/v1/seals?limit=50', platform: 'small' },
  ]
}

/** Opens the database with the server's code (migrations included) and makes the data set if missing. */
async function prepare(databaseUrl: string) {
  const { openDatabase } = await import('../apps/server/src/db/client.ts')
  const opened = await openDatabase({ databaseUrl, dataDir })
  try {
    if (!(await hasBenchData(opened.db, fullScale))) {
      const [partial] = await rowsOf<{ n: number }>(opened.db, sql`select count(*)::int as n from persons where id = 'bp-0'`)
      if (partial!.n > 0) throw new Error(`an unfinished data set is in the way: drop database ${database}`)
      console.log(`generating the lists' data set (${fullScale.seals} seals, ${fullScale.records} use records)`)
      await generateBenchData(opened.db, join(dataDir, 'files'), fullScale)
    }
    if (!(await hasBindingData(opened.db))) {
      console.log('generating the binding records')
      await generateBindingData(opened.db)
    }
    // Statistics of indexes a later migration may have added.
    await opened.db.execute(sql`analyze seal_bindings`)
    // A cursor deep in the busy platform's bound seals: the 30,000th in binding order.
    const [deep] = await rowsOf<{ id: string }>(
      opened.db,
      sql`select b.id from seal_bindings b join seals s on s.id = b.seal_id
          where b.platform_id = ${bindingData.busyPlatformId} and b.bind_state = '1' and s.status = '1'
          order by b.bound_at, b.id offset 30000 limit 1`,
    )
    const tokens = await sessions(opened.db)
    return { opened, tokens, deepBindingId: deep!.id }
  } catch (error) {
    await opened.close()
    throw error
  }
}

/** Sessions as a login makes them: bp-0 (personal), the enterprise account of bu-0, and bp-5000. */
async function sessions(db: Database): Promise<Record<As, string>> {
  const { ensureAccount } = await import('../apps/server/src/auth/login.ts')
  const { createSession } = await import('../apps/server/src/auth/sessions.ts')
  const personal = await ensureAccount(db, { kind: 'personal', personId: benchData.person.id, unitId: null })
  const enterprise = await ensureAccount(db, { kind: 'enterprise', personId: benchData.person.id, unitId: benchData.enterpriseUnitId })
  const usual = await ensureAccount(db, { kind: 'personal', personId: bindingData.usualPerson.id, unitId: null })
  return {
    person: (await createSession(db, personal)).token,
    enterprise: (await createSession(db, enterprise)).token,
    usual: (await createSession(db, usual)).token,
  }
}

/**
 * The SQL each list runs, captured from the server's own functions on the same data, explained with
 * ANALYZE: what the planner chose and how long PostgreSQL took (no HTTP, no JSON).
 */
async function explainLists(db: Database, tokens: Record<As, string>, deepBindingId: string) {
  if (explainMode === 'off') return
  const { findCaller } = await import('../apps/server/src/auth/sessions.ts')
  const { bindingRecords, platformList } = await import('../apps/server/src/bindings/queries.ts')
  const { boundSealsOf } = await import('../apps/server/src/open-api/bound-seals.ts')
  const now = new Date()
  const caller = async (as: As) => (await findCaller(db, tokens[as]))!
  const page = (body: object) => ({ currentPage: 1, pageSize: 10, ...body })
  const range = { startTime: now.getTime() - 60 * DAY, endTime: now.getTime() - 30 * DAY }
  const lists: [string, () => Promise<unknown>][] = [
    ['绑定记录 bp-0 page 1', async () => bindingRecords({ db, caller: await caller('person'), query: page({}), now })],
    ['绑定记录 bp-0 page 400', async () => bindingRecords({ db, caller: await caller('person'), query: page({ currentPage: 400 }), now })],
    ['绑定记录 bp-0 bindState 1', async () => bindingRecords({ db, caller: await caller('person'), query: page({ bindState: 1 }), now })],
    ['绑定记录 bp-0 bindState 0, 30 days', async () => bindingRecords({ db, caller: await caller('person'), query: page({ ...range, bindState: 0 }), now })],
    ['绑定记录 bp-5000 page 1', async () => bindingRecords({ db, caller: await caller('usual'), query: page({}), now })],
    ['平台列表 alreadyBind', () => platformList(db, {}, now)],
    ['open seals busy first 50', () => boundSealsOf(db, bindingData.busyPlatformId, { limit: 50 }, now)],
    ['open seals busy after 30,000', () => boundSealsOf(db, bindingData.busyPlatformId, { afterBindingId: deepBindingId, limit: 50 }, now)],
  ]
  const client = (db as unknown as { $client: pg.Pool }).$client
  console.log('\nplans (EXPLAIN ANALYZE of the statements each list sends; ms is PostgreSQL execution time)')
  for (const [name, list] of lists) {
    const statements = await captureStatements(db, list)
    for (const statement of statements.filter((s) => /^\s*select/i.test(s.text) && !s.text.includes('"sessions"'))) {
      const result = await client.query({ text: `explain (analyze, buffers) ${statement.text}`, values: statement.values })
      const plan = result.rows.map((row: Record<string, string>) => row['QUERY PLAN']!)
      const time = plan.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?'
      const scans = [...new Set(plan.filter((line) => /Scan/.test(line)).map((line) => line.trim().replace(/\s+\(cost.*$/, '').replace(/^->\s*/, '')))]
      console.log(`- ${name}: ${time}; ${plan[0]!.replace(/\s+\(cost.*$/, '')}; ${scans.join('; ')}`)
      if (explainMode === 'full') console.log(`${statement.text}\n${plan.join('\n')}\n`)
    }
  }
}

/** The statements `run` sends through the pool (the driver's `query`, wrapped for the duration). */
async function captureStatements(db: Database, run: () => Promise<unknown>) {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client
  const original = client.query
  const statements: { text: string; values: unknown[] }[] = []
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined]
    if (typeof first === 'string') statements.push({ text: first, values: Array.isArray(second) ? second : [] })
    else statements.push({ text: first.text, values: first.values ?? (Array.isArray(second) ? second : []) })
    return original.apply(this, args)
  }
  try {
    await run()
  } finally {
    delete (client as { query?: unknown }).query
  }
  return statements
}

async function startServer(databaseUrl: string) {
  const child = spawn('npx', ['tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ADMIN_TOKEN: adminToken },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/api/seal-apply/region/list`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done())
        process.kill(-child.pid!, 'SIGTERM')
      }),
  }
}

/** A platform the benchmark calls the open API as: a new secret through the operator API, then a token. */
async function platformAs(url: string, platformId: string): Promise<Platform> {
  const rotated = await fetch(`${url}/api/admin/platforms/${platformId}/rotate-secret`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } })
  const { data } = (await rotated.json()) as { data: { platform: { clientId: string }; clientSecret: string } }
  const answer = await fetch(`${url}/api/open/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: data.platform.clientId, clientSecret: data.clientSecret }),
  })
  const { accessToken } = (await answer.json()) as { accessToken: string }
  return { clientId: data.platform.clientId, clientSecret: data.clientSecret, token: accessToken }
}

/** The signature headers of a GET (docs/platforms.md "Signing requests"), with a fresh nonce. */
function signedHeaders(platform: Platform, pathWithQuery: string): Record<string, string> {
  const url = new URL(pathWithQuery, 'http://bench.invalid')
  const encode = (v: string) => encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  const query = [...url.searchParams]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([k1, v1], [k2, v2]) => (k1 < k2 ? -1 : k1 > k2 ? 1 : v1 < v2 ? -1 : v1 > v2 ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
  const timestamp = String(Math.floor(Date.now() / 1000))
  const nonce = randomBytes(16).toString('hex')
  const text = ['SEAL-HMAC-SHA256', 'GET', url.pathname, query, timestamp, nonce, createHash('sha256').update('').digest('hex')].join('\n')
  return {
    authorization: `Bearer ${platform.token}`,
    'x-seal-timestamp': timestamp,
    'x-seal-nonce': nonce,
    'x-seal-signature': createHmac('sha256', platform.clientSecret).update(text).digest('hex'),
  }
}

type Target = { url: string; tokens: Record<As, string>; platforms: Record<'busy' | 'small', Platform> }

/** One request as the client sends it: the answer's text, checked. */
async function once(target: Target, call: Call): Promise<{ text: string; rows: number }> {
  const answer =
    call.kind === 'h5'
      ? await fetch(`${target.url}${call.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${target.tokens[call.as]}` },
          body: JSON.stringify(call.body),
        })
      : await fetch(`${target.url}${call.path}`, { headers: signedHeaders(target.platforms[call.platform], call.path) })
  const text = await answer.text()
  const parsed = JSON.parse(text)
  if (call.kind === 'h5') {
    if (parsed.resultStatus !== '00') throw new Error(`${call.name}: ${text.slice(0, 200)}`)
    return { text, rows: Array.isArray(parsed.data) ? parsed.data.length : parsed.data.list.length }
  }
  if (!answer.ok) throw new Error(`${call.name}: ${answer.status} ${text.slice(0, 200)}`)
  return { text, rows: parsed.seals.length }
}

async function measure(target: Target, call: Call, connections: number) {
  let refused = 0
  const result = await autocannon({
    url: `${target.url}${call.path}`,
    method: call.kind === 'h5' ? 'POST' : 'GET',
    connections,
    amount: requests,
    headers: call.kind === 'h5' ? { 'content-type': 'application/json', authorization: `Bearer ${target.tokens[call.as]}` } : {},
    ...(call.kind === 'h5' ? { body: JSON.stringify(call.body) } : {}),
    requests: [
      {
        // A signed request carries a new nonce each time (a repeated one is refused as a replay).
        ...(call.kind === 'open' ? { setupRequest: (request: autocannon.Request) => ({ ...request, headers: { ...request.headers, ...signedHeaders(target.platforms[call.platform], call.path) } }) } : {}),
        onResponse: (status: number, body: string) => void ((call.kind === 'h5' ? body.includes('"resultStatus":"00"') : status === 200) || refused++),
      },
    ],
  })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${call.name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { p50: result.latency.p50, p99: result.latency.p99, refused }
}

async function main() {
  const admin = new pg.Client({ connectionString: `${pgBase}/postgres` })
  await admin.connect()
  const exists = await admin.query(`select 1 from pg_database where datname = '${database}'`)
  if (exists.rowCount === 0) await admin.query(`create database ${database}`)
  await admin.end()
  const databaseUrl = `${pgBase}/${database}`
  mkdirSync(dataDir, { recursive: true })
  const { opened, tokens, deepBindingId } = await prepare(databaseUrl)
  try {
    await explainLists(opened.db, tokens, deepBindingId)
  } finally {
    await opened.close()
  }
  if (process.env.BENCH_HTTP === 'off') return

  const server = await startServer(databaseUrl)
  try {
    const target: Target = {
      url: server.url,
      tokens,
      platforms: { busy: await platformAs(server.url, bindingData.busyPlatformId), small: await platformAs(server.url, bindingData.smallPlatformId) },
    }
    const calls = callsFor(deepBindingId).filter((call) => !process.env.BENCH_ONLY || call.name.includes(process.env.BENCH_ONLY))
    console.log(
      `\npostgres: 100,012 bindings on 12 platforms (${fullScale.seals} seals, ${fullScale.records} use records); ${requests} requests per row; budgets p99 ≤ ${budgets.one} ms (1 connection), ≤ ${budgets.ten} ms (10)`,
    )
    console.log(`${'call'.padEnd(42)} ${'1 conn p50/p99'.padStart(15)} ${'10 conn p50/p99'.padStart(16)}  ${'rows'.padStart(5)} ${'bytes'.padStart(7)}`)
    // A first round warms the server (JIT, connection pool, plan cache); it is not reported.
    await measure(target, calls[0]!, 10)
    for (const call of calls) {
      const { text, rows } = await once(target, call)
      const one = await measure(target, call, 1)
      const ten = await measure(target, call, 10)
      const mark = (f: { p99: number; refused: number }, budget: number) => `${f.p99 <= budget ? ' ' : '!'}${f.refused ? `(${f.refused} refused)` : ''}`
      console.log(
        `${call.name.padEnd(42)} ${`${one.p50}/${one.p99}${mark(one, budgets.one)}`.padStart(15)} ${`${ten.p50}/${ten.p99}${mark(ten, budgets.ten)}`.padStart(16)}  ${String(rows).padStart(5)} ${String(Buffer.byteLength(text)).padStart(7)}`,
      )
    }
    console.log('(! = over budget; latencies in ms)')
  } finally {
    await server.stop()
  }
}

await main()
