// The agency centre's backlog list (待办中心, POST /seal-apply/backlog/list) of a legal representative named
// on many operator applications, and the reviewers' list (GET /api/admin/applications with its filters), at
// 100k enterprise applications on PostgreSQL, as clients call them (HTTP, a real session or the admin
// token), at 1 and 10 connections: p50/p99 beside the budgets (p99 ≤ 30 ms with one client, ≤ 100 ms at 10).
//
//   npm run build && npx tsx bench/review-lists.bench.ts
//
// Env: BENCH_PG (default postgres://postgres@127.0.0.1:5432, database bench_review_lists, made if missing),
// BENCH_PORT (8494), BENCH_REQUESTS (requests per call and concurrency, default 200).
// The benchmarked legal representative (bl-0) is named on 5,000 operator applications: 1,000 waiting for
// their signature (待办), 4,000 past it (已处理). The other 95,000 name 20,000 other people; 15% of all
// applications wait for review (PENDING_REVIEW), half are approved.
import { mkdirSync } from 'node:fs'
import autocannon from 'autocannon'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import type { Database } from '../apps/server/src/db/client.ts'
import { startBuiltServer } from './server.ts'

const port = Number(process.env.BENCH_PORT ?? 8494)
const requests = Number(process.env.BENCH_REQUESTS ?? 200)
const pgBase = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432'
const database = 'bench_review_lists'
const adminToken = 'bench-review-lists-admin-token-0123456789'
const budgets = { one: 30, ten: 100 }
const scale = { applications: 100_000, todo: 1_000, handled: 4_000, persons: 20_000 }

const run = (db: Database, text: string) => db.execute(sql.raw(text))
async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

type Call = { name: string; method: 'GET' | 'POST'; path: string; body?: object; admin?: boolean }

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
     select 'bl-' || i, (array['张伟','王芳','李娜','赵敏','陈静'])[i % 5 + 1], '111', '6' || lpad(i::text, 17, '0'), '136' || lpad(i::text, 8, '0')
     from generate_series(0, ${scale.persons}) i`,
  )
  await step('accounts', `insert into accounts (id, kind, person_id) select 'ba-' || i, 'personal', 'bl-' || i from generate_series(0, ${scale.persons}) i`)
  // Statuses by i % 20 for the others: half approved, 15% waiting for review, the rest spread.
  const statuses = `array['APPLY_SUCCESS','APPLY_SUCCESS','APPLY_SUCCESS','APPLY_SUCCESS','APPLY_SUCCESS','APPLY_SUCCESS','APPLY_SUCCESS','APPLY_SUCCESS','APPLY_SUCCESS','APPLY_SUCCESS',
                           'APPLY_FAIL','APPLY_FAIL','CANCELED','LEGAL_REFUSED','PENDING_REVIEW','PENDING_REVIEW','PENDING_SIGN','TEMPORARY_SAVE','APPLY_SUCCESS','PENDING_REVIEW']`
  const handled = `array['PENDING_REVIEW','APPLY_SUCCESS','APPLY_FAIL','LEGAL_REFUSED','CANCELED']`
  const mine = scale.todo + scale.handled
  await step(
    'applications',
    `insert into unit_applications (id, applicant_account_id, applicant_person_id, apply_type, business_type, step, apply_status,
                                    social_credit_code, unit_name, legal_person_identity_no, seal_types, form, created_at, updated_at, submitted_at)
     select 'bq-' || i, 'ba-' || o.applicant, 'bl-' || o.applicant, o.apply_type,
            (array['APPLY','APPLY','APPLY','CHANGE','RENEWAL','CANCEL'])[i % 6 + 1], '3-1', o.status,
            '91' || lpad(i::text, 16, '0'), o.unit_name, '6' || lpad(o.legal::text, 17, '0'),
            (array['01','01,04','01,02,03','01,05'])[i % 4 + 1],
            jsonb_build_object('businessType', 'APPLY', 'applyType', o.apply_type, 'unitName', o.unit_name, 'unitTypeCode', '02',
                               'legalPersonName', (array['张伟','王芳','李娜','赵敏','陈静'])[o.legal % 5 + 1], 'operatorRealName', '钱多多',
                               'sealInfo', jsonb_build_array(jsonb_build_object('_id', 'a', 'sealTypeCode', '01', 'manualReview', i % 10 = 0))),
            now() - i * interval '1 minute', now() - i * interval '1 minute',
            case when o.status = 'TEMPORARY_SAVE' then null else now() - i * interval '1 minute' end
     from generate_series(0, ${scale.applications - 1}) i,
          lateral (select
            case when i < ${mine} then 1 + i % ${scale.persons} else 1 + (i * 7) % ${scale.persons} end as applicant,
            case when i < ${mine} then 0 else 1 + i % ${scale.persons} end as legal,
            case when i < ${mine} or i % 3 = 0 then 'OPERATOR_APPLY' else 'LEGAL_APPLY' end as apply_type,
            case when i < ${scale.todo} then 'PENDING_SIGN' when i < ${mine} then (${handled})[i % 5 + 1] else (${statuses})[i % 20 + 1] end as status,
            (array['华夏','长城','东方','星辰','蓝海','金桥','云帆','启明'])[(i / 20) % 8 + 1] || '第' || i || '号' || (array['科技','贸易','建设','物流'])[(i / 160) % 4 + 1] || '有限公司' as unit_name
          ) o`,
  )
  await step('vacuum analyze', 'vacuum analyze')
  console.log(`  data set ready in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

async function prepare(databaseUrl: string, dataDir: string) {
  const { openDatabase } = await import('../apps/server/src/db/client.ts')
  const opened = await openDatabase({ databaseUrl, dataDir })
  const [row] = await rowsOf<{ n: number }>(opened.db, sql`select count(*)::int as n from unit_applications where id like 'bq-%'`)
  if (row!.n !== scale.applications) {
    if (row!.n > 0) throw new Error(`an unfinished data set is in the way: drop database ${database}`)
    console.log(`generating the data set (${scale.applications} applications)`)
    await generate(opened.db)
  }
  // Statistics of indexes a later migration added (expression indexes have their own).
  await run(opened.db, 'analyze unit_applications')
  // A cursor deep in the review queue: the 10,000th application waiting, oldest first.
  const [deep] = await rowsOf<{ id: string }>(
    opened.db,
    sql`select id from unit_applications where apply_status = 'PENDING_REVIEW' and submitted_at is not null and deleted_at is null order by submitted_at, id offset 10000 limit 1`,
  )
  const { createSession } = await import('../apps/server/src/auth/sessions.ts')
  const token = (await createSession(opened.db, 'ba-0')).token
  await opened.close()
  return { token, deepId: deep!.id }
}

function callsFor(deepId: string): Call[] {
  const backlog = (name: string, body: object): Call => ({ name, method: 'POST', path: '/api/seal-apply/backlog/list', body })
  const review = (name: string, query: string): Call => ({ name, method: 'GET', path: `/api/admin/applications?${query}`, admin: true })
  return [
    backlog('待办 page 1', { listType: 1, pageNo: 1, pageSize: 10 }),
    backlog('待办 page 100 (last)', { listType: 1, pageNo: 100, pageSize: 10 }),
    backlog('已处理 page 1', { listType: 4, pageNo: 1, pageSize: 10 }),
    backlog('已处理 page 400 (last)', { listType: 4, pageNo: 400, pageSize: 10 }),
    review('审核 待审核 first 20', 'status=PENDING_REVIEW'),
    review('审核 待审核 after 10,000', `status=PENDING_REVIEW&lastId=${deepId}`),
    review('审核 通过 + 变更', 'status=APPLY_SUCCESS&businessType=CHANGE'),
    review('审核 credit code', `status=PENDING_REVIEW&socialCreditCode=91${'5019'.padStart(16, '0')}`),
    review('审核 name 蓝海', `status=PENDING_REVIEW&unitName=${encodeURIComponent('蓝海')}`),
    review('审核 name 第54240号 (rare)', `status=APPLY_SUCCESS&unitName=${encodeURIComponent('第54240号')}`),
  ]
}

async function measure(url: string, call: Call, token: string, connections: number) {
  let refused = 0
  const result = await autocannon({
    url: `${url}${call.path}`,
    method: call.method,
    connections,
    amount: requests,
    headers: { ...(call.body ? { 'content-type': 'application/json' } : {}), authorization: `Bearer ${call.admin ? adminToken : token}` },
    ...(call.body ? { body: JSON.stringify(call.body) } : {}),
    requests: [{ onResponse: (_status: number, body: string) => void (body.includes('"resultStatus":"00"') || refused++) }],
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
  const dataDir = '/tmp/speed-review-lists-bench'
  mkdirSync(dataDir, { recursive: true })
  const { token, deepId } = await prepare(databaseUrl, dataDir)
  const server = await startBuiltServer(port, { databaseUrl, dataDir, env: { ADMIN_TOKEN: adminToken } })
  try {
    console.log(`\npostgres: ${scale.applications} applications; ${requests} requests per row; budgets p99 ≤ ${budgets.one} ms (1 connection), ≤ ${budgets.ten} ms (10)`)
    console.log(`${'call'.padEnd(30)} ${'1 conn p50/p99'.padStart(15)} ${'10 conn p50/p99'.padStart(16)}  ${'rows'.padStart(5)} ${'bytes'.padStart(7)}`)
    const calls = callsFor(deepId)
    // A first round of each list warms the server (JIT, connection pool, plan cache); it is not reported.
    await measure(server.url, calls[0]!, token, 10)
    await measure(server.url, calls[4]!, token, 10)
    for (const call of calls) {
      const answer = await fetch(`${server.url}${call.path}`, {
        method: call.method,
        headers: { ...(call.body ? { 'content-type': 'application/json' } : {}), authorization: `Bearer ${call.admin ? adminToken : token}` },
        ...(call.body ? { body: JSON.stringify(call.body) } : {}),
      })
      const text = await answer.text()
      const parsed = JSON.parse(text)
      if (parsed.resultStatus !== '00' || parsed.data.records.length === 0) throw new Error(`${call.name}: ${text.slice(0, 200)}`)
      const one = await measure(server.url, call, token, 1)
      const ten = await measure(server.url, call, token, 10)
      const mark = (f: { p99: number; refused: number }, budget: number) => `${f.p99 <= budget ? ' ' : '!'}${f.refused ? `(${f.refused} not 00)` : ''}`
      console.log(
        `${call.name.padEnd(30)} ${`${one.p50}/${one.p99}${mark(one, budgets.one)}`.padStart(15)} ${`${ten.p50}/${ten.p99}${mark(ten, budgets.ten)}`.padStart(16)}  ${String(parsed.data.records.length).padStart(5)} ${String(Buffer.byteLength(text)).padStart(7)}`,
      )
    }
    console.log('(! = over budget; latencies in ms)')
  } finally {
    await server.stop()
  }
}

await main()
