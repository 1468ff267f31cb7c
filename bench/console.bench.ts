// The console's reads (issue #22) on PostgreSQL at 100k seals, 1M use records, 1M audit events and 100k
// enterprise applications, as the console calls them (HTTP with the admin key), at 1 and 10 connections:
// p50/p99 beside the budgets (p99 ≤ 30 ms with one client, like the H5 lists; ≤ 100 ms at 10). Also the time
// to stream a 100k-row CSV export.
//
//   npm run build && npx tsx bench/console.bench.ts
//
// Env: BENCH_PG (default postgres://postgres@127.0.0.1:5432), BENCH_DB (default bench_console, made if
// missing; drop it when done), BENCH_PREPARE_ONLY (make the data set and stop), BENCH_PORT (8495), BENCH_REQUESTS (requests per call and concurrency, default 200).
// The data set: lists-data.ts (25,000 persons and units, 100k seals, 1M use records: a tenth by 5 platforms,
// the rest naming their user, 300k on seal bs-0), plus an account per person, 100k applications (15% waiting
// for review, half decided within the last 60 days, none SEALING: the server's start would resume it) and
// 1M audit events over a year: 70% logins of the
// accounts, 20% seal actions on seals, 10% by 10 operators (审核员0 … 审核员9), 1% of them seal.revoked.
import { mkdirSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import type { Database } from '../apps/server/src/db/client.ts'
import { benchData, fullScale, generateBenchData, hasBenchData, rowsOf } from './lists-data.ts'
import { startBuiltServer } from './server.ts'

const port = Number(process.env.BENCH_PORT ?? 8495)
const requests = Number(process.env.BENCH_REQUESTS ?? 200)
const pgBase = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432'
const database = process.env.BENCH_DB ?? 'bench_console'
const adminToken = 'bench-console-admin-token-0123456789abcdef'
const budgets = { one: 30, ten: 100 }
const scale = { applications: 100_000, auditEvents: 1_000_000 }

const run = (db: Database, text: string) => db.execute(sql.raw(text))

async function generateConsoleData(db: Database) {
  const step = async (what: string, text: string) => {
    const t = Date.now()
    await run(db, text)
    console.log(`  ${what}: ${((Date.now() - t) / 1000).toFixed(1)} s`)
  }
  const [{ persons } = { persons: 0 }] = await rowsOf<{ persons: number }>(
    db,
    sql`select count(*)::int as persons from persons where id like 'bp-%'`,
  )
  await step(
    'accounts',
    `insert into accounts (id, kind, person_id) select 'bca-' || i, 'personal', 'bp-' || i from generate_series(0, ${persons - 1}) i`,
  )
  // The names on the forms are those of lists-data's persons (one in eight is 张伟).
  const names = `array['张伟','王芳','李娜','赵敏','陈静','刘强','杨磊','黄军']`
  const statuses = `array['APPLY_SUCCESS','APPLY_SUCCESS','APPLY_SUCCESS','APPLY_SUCCESS','APPLY_SUCCESS','APPLY_SUCCESS','APPLY_SUCCESS','APPLY_SUCCESS','APPLY_SUCCESS','APPLY_FAIL',
                           'APPLY_FAIL','CANCELED','LEGAL_REFUSED','PENDING_REVIEW','PENDING_REVIEW','PENDING_REVIEW','PENDING_SIGN','TEMPORARY_SAVE','PENDING_SIGN','APPLY_SUCCESS']`
  await step(
    `applications (${scale.applications})`,
    `insert into unit_applications (id, applicant_account_id, applicant_person_id, apply_type, business_type, step, apply_status,
                                    social_credit_code, unit_name, legal_person_identity_no, seal_types, form, created_at, updated_at,
                                    submitted_at, reviewed_at)
     select 'bca-app-' || i, 'bca-' || (i % ${persons}), 'bp-' || (i % ${persons}), 'LEGAL_APPLY', 'APPLY', '3-1', o.status,
            '91' || lpad(i::text, 16, '0'), '基准第' || i || '号科技有限公司', '8' || lpad((i % ${persons})::text, 17, '0'), '01',
            jsonb_build_object('businessType', 'APPLY', 'applyType', 'LEGAL_APPLY', 'unitName', '基准第' || i || '号科技有限公司', 'unitTypeCode', '02',
                               'legalPersonName', (${names})[(i / 20) % 8 + 1], 'legalPersonIdentityNo', '8' || lpad((i % ${persons})::text, 17, '0'),
                               'operatorRealName', (${names})[(i / 7) % 8 + 1],
                               'sealInfo', jsonb_build_array(jsonb_build_object('_id', 'a', 'sealTypeCode', '01', 'manualReview', i % 10 = 0))),
            o.submitted - interval '1 hour', o.submitted,
            case when o.status = 'TEMPORARY_SAVE' then null else o.submitted end,
            case when o.status in ('APPLY_SUCCESS', 'APPLY_FAIL') then o.submitted + (i % 72) * interval '1 hour' + interval '10 minutes' end
     from generate_series(0, ${scale.applications - 1}) i,
          lateral (select (${statuses})[i % 20 + 1] as status, now() - (i % 86400) * interval '1 minute' - interval '3 days' as submitted) o`,
  )
  const operatorActions = `array['unit-apply.reviewed','config.changed','platform.registered','offline.received','unit-apply.reviewed','unit-apply.reviewed','platform.secret.rotated','unit-apply.reviewed','config.changed','seal.revoked']`
  const sealActions = `array['seal.made','seal.pin.changed','seal.activated','seal.reissued','seal-auth.password.changed']`
  await step(
    `audit events (${scale.auditEvents})`,
    `insert into audit_events (id, account_id, operator_id, operator_name, action, target, detail, ip, created_at, chain_seq, prev_hash, entry_hash)
     select 'bae-' || i,
            case when i % 10 = 9 then null else 'bca-' || ((i::bigint * 7919) % ${persons}) end,
            case when i % 10 = 9 then 'bop-' || (i / 10) % 10 end,
            case when i % 10 = 9 then '审核员' || (i / 10) % 10 end,
            case when i % 10 = 9 then (${operatorActions})[(i / 100) % 10 + 1]
                 when i % 10 >= 7 then (${sealActions})[i % 5 + 1]
                 when i % 2 = 0 then 'login.personal' else 'login.enterprise' end,
            case when i % 10 >= 7 then 'bs-' || ((i::bigint * 31) % ${fullScale.seals}) end,
            jsonb_build_object('n', i), '10.0.' || (i % 250) || '.' || (i % 200),
            now() - (${scale.auditEvents} - i) * interval '30 seconds',
            i + 1, md5((i - 1)::text) || md5((i - 1)::text), md5(i::text) || md5(i::text)
     from generate_series(0, ${scale.auditEvents - 1}) i`,
  )
  await step('vacuum analyze', 'vacuum analyze')
}

async function prepare(databaseUrl: string, dataDir: string) {
  const { openDatabase } = await import('../apps/server/src/db/client.ts')
  const opened = await openDatabase({ databaseUrl, dataDir })
  if (!(await hasBenchData(opened.db, fullScale))) {
    console.log('generating the list data set (100k seals, 1M use records)')
    await generateBenchData(opened.db, join(dataDir, 'files'), fullScale)
  }
  const [row] = await rowsOf<{ n: number }>(
    opened.db,
    sql`select count(*)::int as n from audit_events where id like 'bae-%'`,
  )
  if (row!.n !== scale.auditEvents) {
    if (row!.n > 0) throw new Error(`an unfinished data set is in the way: drop database ${database}`)
    console.log('generating the console data set (accounts, 100k applications, 1M audit events)')
    await generateConsoleData(opened.db)
  }
  await run(opened.db, 'analyze')
  const deep = async (query: ReturnType<typeof sql>) =>
    (await rowsOf<{ id: string }>(opened.db, query))[0]!.id
  const cursors = {
    audit10k: await deep(
      sql`select id from audit_events order by created_at desc, id desc offset 10000 limit 1`,
    ),
    operator5k: await deep(
      sql`select id from audit_events where operator_name = '审核员3' order by created_at desc, id desc offset 5000 limit 1`,
    ),
    uses100k: await deep(
      sql`select id from seal_use_records order by created_at desc, seq desc offset 100000 limit 1`,
    ),
    busy100k: await deep(
      sql`select id from seal_use_records where seal_id = ${benchData.busySealId} order by created_at desc, seq desc offset 100000 limit 1`,
    ),
    seals10k: await deep(sql`select id from seals order by created_at desc, id desc offset 10000 limit 1`),
    target: await deep(
      sql`select target as id from audit_events where target is not null offset 5000 limit 1`,
    ),
    queue5k: await deep(
      sql`select id from unit_applications where apply_status = 'PENDING_REVIEW' and submitted_at is not null and deleted_at is null order by submitted_at, id offset 5000 limit 1`,
    ),
  }
  await opened.close()
  return cursors
}

type Call = { name: string; path: string; expect?: 'rows' | 'any' }

function callsFor(cursors: Awaited<ReturnType<typeof prepare>>): Call[] {
  const day = 86_400_000
  const now = Date.now()
  const q = (value: string) => encodeURIComponent(value)
  const audit = (name: string, query: string, expect: Call['expect'] = 'rows'): Call => ({
    name: `审计 ${name}`,
    path: `/api/admin/audit/events?${query}`,
    expect,
  })
  const uses = (name: string, query: string): Call => ({
    name: `用章 ${name}`,
    path: `/api/admin/audit/use-records?${query}`,
  })
  const queue = (name: string, query: string, expect: Call['expect'] = 'rows'): Call => ({
    name: `审核 ${name}`,
    path: `/api/admin/applications?${query}`,
    expect,
  })
  const seals = (name: string, query: string): Call => ({
    name: `印章 ${name}`,
    path: `/api/admin/seals?${query}`,
  })
  return [
    audit('newest 20', ''),
    audit('after 10,000', `lastId=${cursors.audit10k}`),
    audit('who operator 审核员3', `who=${q('审核员3')}`),
    audit('who 审核员3 after 5,000', `who=${q('审核员3')}&lastId=${cursors.operator5k}`),
    audit('who phone', `who=${benchData.person.phone}`),
    audit('who ID number', `who=8${'0'.padStart(17, '0')}`),
    audit('who name 张伟 (3k people)', `who=${q('张伟')}`),
    audit('action seal.', `action=seal.`),
    audit('action seal.revoked (1%)', `action=seal.revoked`),
    audit('action login.personal', `action=login.personal`),
    audit('target a seal', `target=${cursors.target}`),
    audit('period 200 days ago', `from=${now - 200 * day}&to=${now - 193 * day}`),
    audit(
      'who 审核员3 + action + period',
      `who=${q('审核员3')}&action=unit-apply.&from=${now - 100 * day}&to=${now - 90 * day}`,
    ),
    queue('待审核 first 20', ''),
    queue('待审核 after 5,000', `lastId=${cursors.queue5k}`),
    queue('q 科技 (every one)', `q=${q('科技')}`),
    queue('q 张伟 (1 in 4)', `q=${q('张伟')}`),
    queue('q 张伟 after 5,000', `q=${q('张伟')}&lastId=${cursors.queue5k}`),
    queue('q 第4242号 (rare)', `status=APPLY_SUCCESS&q=${q('第4241号')}`),
    queue('q credit code', `status=APPLY_SUCCESS&q=91${'4241'.padStart(16, '0')}`),
    queue('q 第4243号 (none waiting)', `q=${q('第4243号')}`, 'any'),
    uses('newest 20', ''),
    uses('after 100,000', `lastId=${cursors.uses100k}`),
    uses('seal bs-0 (300k)', `sealId=${benchData.busySealId}`),
    uses('seal bs-0 after 100,000', `sealId=${benchData.busySealId}&lastId=${cursors.busy100k}`),
    uses('person ID number', `person=8${'7'.padStart(17, '0')}`),
    uses('person name 张伟', `person=${q('张伟')}`),
    uses('platform', `platformId=bplat-3`),
    uses('period 200 days ago', `from=${now - 200 * day}&to=${now - 199 * day}`),
    seals('newest 20', ''),
    seals('after 10,000', `lastId=${cursors.seals10k}`),
    seals('unit name 华东', `unitName=${q('华东')}`),
    seals('unit name 第4242号 (rare)', `unitName=${q('第4242号')}`),
    seals('credit code', `socialCreditCode=91${'4242'.padStart(16, '0')}`),
    seals('person name 张伟', `personName=${q('张伟')}`),
    seals('ID number', `identityNo=8${'0'.padStart(17, '0')}`),
    seals('status 2', `status=2`),
    { name: '概览 dashboard (30 s reading)', path: '/api/admin/dashboard', expect: 'any' },
  ]
}

async function measure(url: string, call: Call, connections: number) {
  let refused = 0
  const result = await autocannon({
    url: `${url}${call.path}`,
    connections,
    amount: requests,
    headers: { authorization: `Bearer ${adminToken}` },
    requests: [
      {
        onResponse: (_status: number, body: string) =>
          void (body.includes('"resultStatus":"00"') || refused++),
      },
    ],
  })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${call.name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { p50: result.latency.p50, p99: result.latency.p99, min: result.latency.min, refused }
}

/** One reading of the dashboard (what the route answers for 30 s), called directly 20 times. */
async function measureDashboardReading(databaseUrl: string, dataDir: string) {
  const { openDatabase } = await import('../apps/server/src/db/client.ts')
  const { dashboard } = await import('../apps/server/src/console/dashboard.ts')
  const opened = await openDatabase({ databaseUrl, dataDir })
  try {
    const times: number[] = []
    for (let i = 0; i < 21; i++) {
      const started = performance.now()
      await dashboard(opened.db)
      if (i > 0) times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]!)
    console.log(`概览 one reading, uncached (20 calls): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`)
  } finally {
    await opened.close()
  }
}

async function main() {
  const admin = new pg.Client({ connectionString: `${pgBase}/postgres` })
  await admin.connect()
  const exists = await admin.query(`select 1 from pg_database where datname = '${database}'`)
  if (exists.rowCount === 0) await admin.query(`create database ${database}`)
  await admin.end()
  const databaseUrl = `${pgBase}/${database}`
  const dataDir = `/tmp/speed-console-bench-${database}`
  mkdirSync(dataDir, { recursive: true })
  const cursors = await prepare(databaseUrl, dataDir)
  // BENCH_PREPARE_ONLY=1 makes the data set (no build needed) and stops.
  if (process.env.BENCH_PREPARE_ONLY) return
  const server = await startBuiltServer(port, {
    databaseUrl,
    dataDir,
    env: { ADMIN_TOKEN: adminToken, AUDIT_CHAIN_SIGN_MINUTES: '0' },
  })
  try {
    console.log(
      `\npostgres: 100k seals, 1M use records, 1M audit events, 100k applications; ${requests} requests per row; budgets p99 ≤ ${budgets.one} ms (1 connection), ≤ ${budgets.ten} ms (10)`,
    )
    console.log(
      `${'call'.padEnd(34)} ${'1 conn p50/p99'.padStart(15)} ${'min'.padStart(4)} ${'10 conn p50/p99'.padStart(16)}  ${'rows'.padStart(5)} ${'bytes'.padStart(7)}`,
    )
    const calls = callsFor(cursors)
    // A first round warms the server (JIT, connection pool, plan cache); it is not reported.
    await measure(server.url, calls[0]!, 10)
    for (const call of calls) {
      const answer = await fetch(`${server.url}${call.path}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
      const text = await answer.text()
      const parsed = JSON.parse(text)
      const rows = parsed.data?.records?.length
      if (parsed.resultStatus !== '00' || (call.expect !== 'any' && !rows))
        throw new Error(`${call.name}: ${text.slice(0, 200)}`)
      const one = await measure(server.url, call, 1)
      const ten = await measure(server.url, call, 10)
      const mark = (f: { p99: number; refused: number }, budget: number) =>
        `${f.p99 <= budget ? ' ' : '!'}${f.refused ? `(${f.refused} not 00)` : ''}`
      console.log(
        `${call.name.padEnd(34)} ${`${one.p50}/${one.p99}${mark(one, budgets.one)}`.padStart(15)} ${String(one.min).padStart(4)} ${`${ten.p50}/${ten.p99}${mark(ten, budgets.ten)}`.padStart(16)}  ${String(rows ?? '-').padStart(5)} ${String(Buffer.byteLength(text)).padStart(7)}`,
      )
    }
    console.log('(! = over budget; latencies in ms; min: the fastest of one client, what a quiet machine approaches)')
    console.log(`load average while measuring: ${loadavg().map((n) => n.toFixed(1)).join(' ')} on ${cpus().length} cores`)
    await measureDashboardReading(databaseUrl, dataDir)
    for (const [name, path] of [
      ['审计 export, 100k rows (capped)', '/api/admin/audit/events/export'],
      ['用章 export, 100k rows (capped)', '/api/admin/audit/use-records/export'],
    ] as const) {
      const started = Date.now()
      const answer = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${adminToken}`, 'accept-encoding': 'identity' },
      })
      const body = Buffer.from(await answer.arrayBuffer())
      const lines = body.toString('utf8').trimEnd().split('\r\n').length
      console.log(
        `${name}: ${((Date.now() - started) / 1000).toFixed(1)} s, ${(body.length / 1024 / 1024).toFixed(1)} MB, ${lines} lines`,
      )
    }
  } finally {
    await server.stop()
  }
}

await main()
