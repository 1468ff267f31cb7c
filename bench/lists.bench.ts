// Every list call of the seal-management screens at 100k seals and 1M use records, as the client calls
// it (HTTP, a real session), at 1 and 10 connections, on PostgreSQL and on PGlite: p50/p99 beside the
// budgets (p99 ≤ 30 ms with one client, ≤ 100 ms at 10), answer size and SQL statements per call.
//
//   npx tsx bench/lists.bench.ts [postgres|pglite]
//
// Env: BENCH_PG (default postgres://postgres@127.0.0.1:5432), BENCH_PG_DATABASE (bench_lists, made if missing),
// BENCH_PORT (8207), BENCH_PGLITE_SCALE (fraction of the full data set for PGlite, default 1),
// BENCH_REQUESTS (requests per call and concurrency, default 200), BENCH_SERVER_SRC (apps/server/src of
// another checkout, to measure it on the same data: the "before" figures).
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { benchData, fullScale, generateBenchData, hasBenchData, rowsOf, type Scale } from './lists-data.ts'

const root = resolve(import.meta.dirname, '..')
const serverSrc = resolve(process.env.BENCH_SERVER_SRC ?? join(root, 'apps/server/src'))
const port = Number(process.env.BENCH_PORT ?? 8207)
const requests = Number(process.env.BENCH_REQUESTS ?? 200)
const pgBase = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432'
const pgDatabase = process.env.BENCH_PG_DATABASE ?? 'bench_lists'
const budgets = { one: 30, ten: 100 }

type Call = { name: string; path: string; body: object; as: 'enterprise' | 'person' }

function callsFor(deepRecordId: string): Call[] {
  const records = (body: object): object => ({ sealId: benchData.busySealId, sealTypeCode: '01', userType: 1, pageSize: 20, ...body })
  const log = '/api/signSealLog/queryByTypeAndSocialCreditCode'
  return [
    // The floor on this machine at this moment: the cheapest call with a session (cached, no list query).
    // On a loaded machine every row's tail is mostly waiting for a core; compare against this one.
    { name: '(floor) config/queryByIdentity', path: '/api/config/queryByIdentity', body: {}, as: 'person' },
    // As the app calls them (apps/web: my-seals, seal-use, unit-apply), pictures on.
    { name: '单位印章 queryGroupByBusiness (enterprise, 28 seals)', path: '/api/seal/queryGroupByBusiness', body: { needPic: true }, as: 'enterprise' },
    { name: '单位印章 queryGroupByBusiness (10 units, 73 seals)', path: '/api/seal/queryGroupByBusiness', body: { needPic: true }, as: 'person' },
    { name: '单位印章 queryGroupByBusiness businessName', path: '/api/seal/queryGroupByBusiness', body: { needPic: true, businessName: '华南' }, as: 'person' },
    { name: '用章 queryGroupByBusiness queryAvailable', path: '/api/seal/queryGroupByBusiness', body: { needPic: true, queryAvailable: true }, as: 'person' },
    { name: '注销 queryGroupByBusiness one unit', path: '/api/seal/queryGroupByBusiness', body: { socialCreditCode: '910000000000000001', queryAvailable: true, needPic: true }, as: 'person' },
    { name: '个人名章 queryPersonSeals', path: '/api/seal/queryPersonSeals', body: { needPic: true }, as: 'person' },
    { name: '印章详情 seal/detail', path: '/api/seal/detail', body: { sealId: benchData.busySealId }, as: 'person' },
    { name: '用章记录 page 1', path: log, body: records({ pageNum: 1 }), as: 'enterprise' },
    { name: '用章记录 pageNum 9999', path: log, body: records({ pageNum: 9999 }), as: 'enterprise' },
    { name: '用章记录 after record 199,980 (lastId)', path: log, body: records({ pageNum: 10_000, lastId: deepRecordId }), as: 'enterprise' },
    { name: '用章记录 keyword, no match (7 chars)', path: log, body: records({ pageNum: 1, remark: '不存在的关键字' }), as: 'enterprise' },
    { name: '用章记录 keyword, no match (2 chars)', path: log, body: records({ pageNum: 1, remark: '无此' }), as: 'enterprise' },
    { name: '用章记录 keyword, match (采购合同)', path: log, body: records({ pageNum: 1, remark: '采购合同' }), as: 'enterprise' },
    { name: '用章记录 user name, match', path: log, body: records({ pageNum: 1, userName: '王芳' }), as: 'enterprise' },
  ]
}

type Target = { kind: 'postgres' | 'pglite'; databaseUrl?: string; dataDir: string; scale: Scale }

/** Opens the database with the server's own code (migrations included) and makes the data set if missing. */
async function prepare(target: Target) {
  const { openDatabase } = (await import(join(serverSrc, 'db/client.ts'))) as typeof import('../apps/server/src/db/client.ts')
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir })
  try {
    if (!(await hasBenchData(database.db, target.scale))) {
      const [partial] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from persons where id = 'bp-0'`)
      if (partial!.n > 0) throw new Error(`an unfinished data set is in the way: drop database bench_lists, or remove ${target.dataDir}`)
      console.log(`generating the data set (${target.kind}: ${target.scale.seals} seals, ${target.scale.records} use records)`)
      await generateBenchData(database.db, join(target.dataDir, 'files'), target.scale)
    }
    const [deep] = await rowsOf<{ id: string }>(
      database.db,
      sql`select id from seal_use_records where seal_id = ${benchData.busySealId} order by seq desc offset ${9998 * 20 - 1} limit 1`,
    )
    return { database, deepRecordId: deep!.id }
  } catch (error) {
    await database.close()
    throw error
  }
}

/** Sessions as a login makes them (account + session rows), for the enterprise account of bu-0 and for bp-0. */
async function sessions(db: import('../apps/server/src/db/client.ts').Database) {
  const { ensureAccount } = (await import(join(serverSrc, 'auth/login.ts'))) as typeof import('../apps/server/src/auth/login.ts')
  const { createSession } = (await import(join(serverSrc, 'auth/sessions.ts'))) as typeof import('../apps/server/src/auth/sessions.ts')
  const personal = await ensureAccount(db, { kind: 'personal', personId: benchData.person.id, unitId: null })
  const enterprise = await ensureAccount(db, { kind: 'enterprise', personId: benchData.person.id, unitId: benchData.enterpriseUnitId })
  return { person: (await createSession(db, personal)).token, enterprise: (await createSession(db, enterprise)).token }
}

/** SQL statements per call, counted in process on the same data (the driver's query calls). */
async function statementsPerCall(target: Target, database: Awaited<ReturnType<typeof prepare>>['database'], calls: Call[], tokens: Record<string, string>) {
  const { buildBenchApp } = await import('./in-process-app.ts')
  const { countStatements } = await import('../apps/server/src/test/statements.ts')
  const app = await buildBenchApp({ dataDir: target.dataDir, db: database.db, env: process.env, serverSrc })
  const counts: number[] = []
  for (const call of calls) {
    const inject = () => app.inject({ method: 'POST', url: call.path, payload: call.body, headers: { authorization: `Bearer ${tokens[call.as]}` } })
    await inject() // warm: the first call may prepare caches
    counts.push((await countStatements(database.db, inject)).statements)
  }
  await app.close()
  return counts
}

async function startServer(target: Target) {
  const child = spawn('npx', ['tsx', join(serverSrc, 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: target.dataDir,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      LOG_LEVEL: 'warn',
    },
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

async function measure(url: string, call: Call, token: string, connections: number) {
  let refused = 0
  const result = await autocannon({
    url: `${url}${call.path}`,
    method: 'POST',
    connections,
    amount: requests,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(call.body),
    // An answer other than 00 (请求重复 from the duplicate guard, say) is quick and proves nothing.
    requests: [{ onResponse: (_status: number, body: string) => void (body.includes('"resultStatus":"00"') || refused++) }],
  })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${call.name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { p50: result.latency.p50, p99: result.latency.p99, refused }
}

async function bench(target: Target) {
  mkdirSync(target.dataDir, { recursive: true })
  const { database, deepRecordId } = await prepare(target)
  const calls = callsFor(deepRecordId)
  const tokens = await sessions(database.db)
  const statements = await statementsPerCall(target, database, calls, tokens)
  await database.close()

  const server = await startServer(target)
  try {
    console.log(
      `\n${target.kind}: ${target.scale.seals} seals, ${target.scale.records} use records; ${requests} requests per row; budgets p99 ≤ ${budgets.one} ms (1 connection), ≤ ${budgets.ten} ms (10)`,
    )
    console.log(`${'call'.padEnd(46)} ${'1 conn p50/p99'.padStart(15)} ${'10 conn p50/p99'.padStart(16)}  ${'bytes'.padStart(8)}  stmts`)
    for (const [i, call] of calls.entries()) {
      const token = tokens[call.as]!
      const answer = await fetch(`${server.url}${call.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(call.body),
      })
      const text = await answer.text()
      if (JSON.parse(text).resultStatus !== '00') throw new Error(`${call.name}: ${text.slice(0, 200)}`)
      const one = await measure(server.url, call, token, 1)
      const ten = await measure(server.url, call, token, 10)
      const mark = (f: { p99: number; refused: number }, budget: number) => `${f.p99 <= budget ? ' ' : '!'}${f.refused ? `(${f.refused} not 00)` : ''}`
      console.log(
        `${call.name.padEnd(46)} ${`${one.p50}/${one.p99}${mark(one, budgets.one)}`.padStart(15)} ${`${ten.p50}/${ten.p99}${mark(ten, budgets.ten)}`.padStart(16)}  ${String(Buffer.byteLength(text)).padStart(8)}  ${statements[i]}`,
      )
    }
    console.log('(! = over budget; latencies in ms; stmts = SQL statements per call, session lookup included)')
  } finally {
    await server.stop()
  }
}

async function postgresTarget(): Promise<Target> {
  const admin = new pg.Client({ connectionString: `${pgBase}/postgres` })
  await admin.connect()
  const exists = await admin.query(`select 1 from pg_database where datname = $1`, [pgDatabase])
  if (exists.rowCount === 0) await admin.query(`create database ${pgDatabase}`)
  await admin.end()
  return { kind: 'postgres', databaseUrl: `${pgBase}/${pgDatabase}`, dataDir: `/tmp/speed-lists-bench/${pgDatabase}`, scale: fullScale }
}

function pgliteTarget(): Target {
  const fraction = Number(process.env.BENCH_PGLITE_SCALE ?? 1)
  const scale = {
    seals: Math.round(fullScale.seals * fraction),
    records: Math.round(fullScale.records * fraction),
    busyRecords: Math.max(200_000, Math.round(fullScale.busyRecords * fraction)),
  }
  if (scale.records < scale.busyRecords) scale.records = scale.busyRecords + 10_000
  return { kind: 'pglite', dataDir: `/tmp/speed-lists-bench/pglite10-${fraction}`, scale }
}

const only = process.argv[2]
if (!only || only === 'postgres') await bench(await postgresTarget())
if (!only || only === 'pglite') await bench(pgliteTarget())
