// The application record list (申请记录表, POST /seal-apply/apply/page) at 100k enterprise applications on
// PostgreSQL, as the client calls it (HTTP, a real session), at 1 and 10 connections: p50/p99 beside the
// budgets (p99 ≤ 30 ms with one client, ≤ 100 ms at 10), answer size.
//
//   npm run build && npx tsx bench/applications.bench.ts
//
// Env: BENCH_PG (default postgres://postgres@127.0.0.1:5432, database bench_applications, made if missing),
// BENCH_PORT (8208), BENCH_REQUESTS (requests per call and concurrency, default 200).
// The benchmarked person (ap-0) applied 3,000 times as legal representative and 2,000 times as operator;
// the other 95,000 applications belong to 20,000 other persons.
import { mkdirSync } from 'node:fs'
import autocannon from 'autocannon'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import type { Database } from '../apps/server/src/db/client.ts'
import { startBuiltServer } from './server.ts'

const port = Number(process.env.BENCH_PORT ?? 8208)
const requests = Number(process.env.BENCH_REQUESTS ?? 200)
const pgBase = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432'
const budgets = { one: 30, ten: 100 }
const scale = { applications: 100_000, mineLegal: 3_000, mineOperator: 2_000, persons: 20_000 }

const run = (db: Database, text: string) => db.execute(sql.raw(text))
async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

type Call = { name: string; body: object }
const calls: Call[] = [
  { name: '本人申请 page 1', body: { applyType: 'LEGAL_APPLY', pageNo: 1, pageSize: 10 } },
  { name: '本人申请 page 100', body: { applyType: 'LEGAL_APPLY', pageNo: 100, pageSize: 10 } },
  { name: '本人申请 page 300 (last)', body: { applyType: 'LEGAL_APPLY', pageNo: 300, pageSize: 10 } },
  { name: '经办人申请 page 1', body: { applyType: 'OPERATOR_APPLY', pageNo: 1, pageSize: 10 } },
]

async function generate(db: Database) {
  const started = Date.now()
  const step = async (what: string, text: string) => {
    const t = Date.now()
    await run(db, text)
    console.log(`  ${what}: ${((Date.now() - t) / 1000).toFixed(1)} s`)
  }
  await step(
    'persons',
    `insert into persons (id, name, identity_type, identity_no, phone)
     select 'ap-' || i, (array['张伟','王芳','李娜','赵敏','陈静'])[i % 5 + 1], '111', '7' || lpad(i::text, 17, '0'), '137' || lpad(i::text, 8, '0')
     from generate_series(0, ${scale.persons}) i`,
  )
  await step(
    'accounts',
    `insert into accounts (id, kind, person_id) select 'aa-' || i, 'personal', 'ap-' || i from generate_series(0, ${scale.persons}) i`,
  )
  const statuses = `array['TEMPORARY_SAVE','PENDING_REVIEW','PENDING_SIGN','APPLY_SUCCESS','APPLY_FAIL','CANCELED','LEGAL_REFUSED']`
  // The first 5,000 are ap-0's (3,000 legal, 2,000 operator); the rest spread over the other persons.
  await step(
    'applications',
    `insert into unit_applications (id, applicant_account_id, applicant_person_id, apply_type, business_type, step, apply_status,
                                    social_credit_code, unit_name, legal_person_identity_no, seal_types, form, created_at, updated_at, submitted_at)
     select 'aq-' || i, 'aa-' || o.p, 'ap-' || o.p,
            case when i < ${scale.mineLegal} then 'LEGAL_APPLY' when i < ${scale.mineLegal + scale.mineOperator} then 'OPERATOR_APPLY'
                 when i % 3 = 0 then 'OPERATOR_APPLY' else 'LEGAL_APPLY' end,
            (array['APPLY','APPLY','APPLY','CHANGE','RENEWAL','CANCEL'])[i % 6 + 1], '1', (${statuses})[i % 7 + 1],
            '91' || lpad(i::text, 16, '0'), '基准第' || i || '号科技有限公司', '7' || lpad((i % ${scale.persons})::text, 17, '0'),
            (array['01','01,04','01,02,03','01,05'])[i % 4 + 1],
            jsonb_build_object('businessType', 'APPLY', 'applyType', 'LEGAL_APPLY', 'unitName', '基准第' || i || '号科技有限公司'),
            now() - i * interval '1 minute', now() - i * interval '1 minute', now() - i * interval '1 minute'
     from generate_series(0, ${scale.applications - 1}) i,
          lateral (select case when i < ${scale.mineLegal + scale.mineOperator} then 0 else 1 + i % ${scale.persons} end as p) o`,
  )
  await step('vacuum analyze', 'vacuum analyze')
  console.log(`  data set ready in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

async function prepare(databaseUrl: string, dataDir: string) {
  const { openDatabase } = await import('../apps/server/src/db/client.ts')
  const database = await openDatabase({ databaseUrl, dataDir })
  const [row] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from unit_applications where id like 'aq-%'`)
  if (row!.n !== scale.applications) {
    if (row!.n > 0) throw new Error('an unfinished data set is in the way: drop database bench_applications')
    console.log(`generating the data set (${scale.applications} applications)`)
    await generate(database.db)
  }
  const { createSession } = await import('../apps/server/src/auth/sessions.ts')
  const token = (await createSession(database.db, 'aa-0')).token
  await database.close()
  return token
}

async function measure(url: string, call: Call, token: string, connections: number) {
  let refused = 0
  const result = await autocannon({
    url: `${url}/api/seal-apply/apply/page`,
    method: 'POST',
    connections,
    amount: requests,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(call.body),
    requests: [{ onResponse: (_status: number, body: string) => void (body.includes('"resultStatus":"00"') || refused++) }],
  })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${call.name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { p50: result.latency.p50, p99: result.latency.p99, refused }
}

async function main() {
  const admin = new pg.Client({ connectionString: `${pgBase}/postgres` })
  await admin.connect()
  const exists = await admin.query(`select 1 from pg_database where datname = 'bench_applications'`)
  if (exists.rowCount === 0) await admin.query('create database bench_applications')
  await admin.end()
  const databaseUrl = `${pgBase}/bench_applications`
  const dataDir = '/tmp/speed-applications-bench'
  mkdirSync(dataDir, { recursive: true })
  const token = await prepare(databaseUrl, dataDir)
  const server = await startBuiltServer(port, { databaseUrl, dataDir })
  try {
    console.log(`\npostgres: ${scale.applications} applications; ${requests} requests per row; budgets p99 ≤ ${budgets.one} ms (1 connection), ≤ ${budgets.ten} ms (10)`)
    console.log(`${'call'.padEnd(30)} ${'1 conn p50/p99'.padStart(15)} ${'10 conn p50/p99'.padStart(16)}  ${'bytes'.padStart(8)}`)
    // A first round warms the server (JIT, connection pool, plan cache); it is not reported.
    await measure(server.url, calls[0]!, token, 10)
    for (const call of calls) {
      const answer = await fetch(`${server.url}/api/seal-apply/apply/page`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(call.body),
      })
      const text = await answer.text()
      const parsed = JSON.parse(text)
      if (parsed.resultStatus !== '00' || parsed.data.records.length === 0) throw new Error(`${call.name}: ${text.slice(0, 200)}`)
      const one = await measure(server.url, call, token, 1)
      const ten = await measure(server.url, call, token, 10)
      const mark = (f: { p99: number; refused: number }, budget: number) => `${f.p99 <= budget ? ' ' : '!'}${f.refused ? `(${f.refused} not 00)` : ''}`
      console.log(
        `${call.name.padEnd(30)} ${`${one.p50}/${one.p99}${mark(one, budgets.one)}`.padStart(15)} ${`${ten.p50}/${ten.p99}${mark(ten, budgets.ten)}`.padStart(16)}  ${String(Buffer.byteLength(text)).padStart(8)}`,
      )
    }
    console.log('(! = over budget; latencies in ms)')
  } finally {
    await server.stop()
  }
}

await main()
