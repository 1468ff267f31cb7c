/**
 * The load test of issue #23 §4: virtual users against the real server run as `npm start` runs it with
 * PostgreSQL and Redis (apps/server/src/main.ts, PROCESSES=2 by default), while one server process is killed
 * with SIGKILL and both are then replaced by a rolling restart (SIGUSR2). It prints per-call p50/p99, errors
 * and throughput, then checks in the database that every accepted sealing has exactly one document and one
 * use record and that nothing is half-made. Exits 1 when a check fails.
 *
 * The mix (docs/deploy.md "Load test"): each person logs in by SMS code, then, with 1–4 s of thought between
 * calls, lists their seals (with pictures now and then), reads the seal's use records, reads the start-up
 * configuration, and seals their own PDF (用章: upload, use information, sign with the seal password); every
 * tenth virtual user is a platform sealing through the open API (a new Idempotency-Key per document).
 *
 * Retries, as a careful client makes them: a call whose connection was refused or cut is sent again (and
 * counted as a retried reset). A sealing through the open API is sent again with the same key and bytes
 * (also after IDEMPOTENCY_KEY_IN_PROGRESS, waiting its Retry-After). 用章 has no key: after a cut answer
 * the client looks for its use record by the unique remark it gave, and seals again only if there is none.
 *
 * Run:   npx tsx bench/load/load.ts                 (needs DATABASE_URL and REDIS_URL; 200 users, 10 minutes)
 *        LOAD_USERS=40 LOAD_SECONDS=60 npx tsx bench/load/load.ts    (the short mode CI runs)
 * Settings: LOAD_USERS (200), LOAD_SECONDS (600), LOAD_PROCESSES (2), LOAD_PORT (8290), LOAD_FAULTS (true).
 * A fresh database is made on DATABASE_URL's server and dropped after; Redis keys get a prefix of their own.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, request, type Dispatcher } from 'undici'
import { chineseContract } from '../../packages/pdf/test/test-documents.ts'
import { childrenOf, freshPostgresDatabase } from '../server.ts'

const USERS = Number(process.env.LOAD_USERS ?? 200)
const SECONDS = Number(process.env.LOAD_SECONDS ?? 600)
const PROCESSES = Number(process.env.LOAD_PROCESSES ?? 2)
const PORT = Number(process.env.LOAD_PORT ?? 8290)
const FAULTS = process.env.LOAD_FAULTS !== 'false'
const PIN = 'load2026'
/** Every tenth virtual user is a platform (at least one). */
const PLATFORM_USERS = Math.max(1, Math.round(USERS / 10))
const PERSONS = USERS - PLATFORM_USERS
/**
 * The longest any single request may take: the open API's idempotency lease (a crashed sealing blocks its
 * retries no longer, docs/platforms.md), also far above the duplicate guard's 15 s lease.
 */
const MAX_REQUEST_MS = 30_000
/**
 * The longest one sealing may take with its retries: a request cut by a kill holds its key for the lease,
 * then the retry (after Retry-After) seals.
 */
const MAX_SEALING_MS = 2 * MAX_REQUEST_MS
/** A virtual user gives up a call after this many attempts (an error, reported). */
const MAX_ATTEMPTS = 30

const root = new URL('../..', import.meta.url).pathname
const url = `http://127.0.0.1:${PORT}`

type Person = { phone: string; sealId: string }
type Platform = { clientId: string; clientSecret: string; sealIds: string[] }

// ---- figures ----
const timings = new Map<string, number[]>()
const errors = new Map<string, string[]>()
let retriedResets = 0
/** Refusals that say nothing was done and to come back: 503 (a process closing, a full queue) and 系统繁忙. */
let retriedBusy = 0
let longest = { ms: 0, call: '' }
let longestWhole = { ms: 0, call: '' }
const accepted = { h5: [] as { remark: string; fileId: string }[], open: [] as { key: string; documentId: string }[] }
let reconciled = 0
let replayed = 0

const note = (call: string, ms: number) => {
  if (!timings.has(call)) timings.set(call, [])
  timings.get(call)!.push(ms)
  if (call.includes('whole')) {
    if (ms > longestWhole.ms) longestWhole = { ms, call }
  } else if (ms > longest.ms) longest = { ms, call }
}
const fail = (call: string, why: string) => {
  if (!errors.has(call)) errors.set(call, [])
  errors.get(call)!.push(why)
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const think = () => sleep(1000 + Math.random() * 3000)

/** A connection refused or cut: nothing or an unknown part of the request reached a process. */
const isConnectionError = (error: unknown) => {
  const code = (error as { code?: string }).code ?? ''
  return ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNABORTED'].includes(code)
}

const dispatcher: Dispatcher = new Agent({ connections: 64, keepAliveTimeout: 4_000, headersTimeout: 120_000, bodyTimeout: 120_000 })

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: any }

/** One HTTP request, timed under `call`; connection errors are thrown for the caller's retry policy. */
async function send(call: string, path: string, options: { method?: 'GET' | 'POST'; body?: string | Buffer; headers?: Record<string, string> }): Promise<Answer> {
  const started = performance.now()
  const answer = await request(`${url}${path}`, { method: options.method ?? 'POST', body: options.body, headers: options.headers, dispatcher })
  const text = await answer.body.text()
  note(call, performance.now() - started)
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: kept as text
  }
  return { status: answer.statusCode, headers: answer.headers, body }
}

/**
 * "Come back later", with nothing done: HTTP 503 (a process closing after SIGTERM answers a request that
 * arrives on a kept connection so; the open API's SERVER_BUSY) or the envelope's 系统繁忙 (the sealing
 * workers' queue is full: refused before anything is signed or stored).
 */
const isBusy = (answer: Answer) => answer.status === 503 || answer.body?.responseInfo === '系统繁忙，请稍后再试'

/** Sends again after a cut connection or a busy answer (a call that is safe to repeat then). */
async function withResets(call: string, attempt: () => Promise<Answer>): Promise<Answer | undefined> {
  let cut = false
  for (let n = 1; n <= MAX_ATTEMPTS; n++) {
    try {
      const answer = await attempt()
      // After a cut, 请求重复 is the first attempt still held by the duplicate guard (up to its 15 s lease
      // when its process died): come back.
      const heldByTheCutOne = cut && answer.body?.resultStatus === '409'
      if (!isBusy(answer) && !heldByTheCutOne) return answer
      retriedBusy++
      await sleep(1000 + Math.random() * 2000)
    } catch (error) {
      if (!isConnectionError(error)) {
        fail(call, (error as Error).message)
        return undefined
      }
      cut = true
      retriedResets++
      await sleep(200 * n)
    }
  }
  fail(call, `no answer after ${MAX_ATTEMPTS} attempts`)
  return undefined
}

const json = (token: string | undefined, body: unknown) => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
})

/** An H5 call answered in the envelope; anything but 00 is an error of that call. */
async function h5(call: string, path: string, token: string | undefined, body: unknown): Promise<any> {
  const answer = await withResets(call, () => send(call, `/api${path}`, json(token, body)))
  if (!answer) return undefined
  if (answer.status !== 200 || answer.body?.resultStatus !== '00') {
    fail(call, `${answer.status} ${answer.body?.resultStatus ?? ''} ${answer.body?.responseInfo ?? answer.body?.message ?? JSON.stringify(answer.body).slice(0, 80)}`)
    return undefined
  }
  return answer.body.data ?? null
}

// ---- the person's session ----
async function login(person: Person): Promise<string | undefined> {
  for (let round = 0; round < 5; round++) {
    if ((await h5('login: send code', '/auth/sms/send', undefined, { phone: person.phone })) === undefined) return undefined
    for (let look = 0; look < 5; look++) {
      const outbox = await withResets('login: read code', () => send('login: read code', '/api/dev/sms-outbox', { method: 'GET' }))
      const message = (outbox?.body?.data as { phone: string; text: string }[] | undefined)?.find((m) => m.phone === person.phone)
      const code = message && /验证码为(\d{6})/.exec(message.text)?.[1]
      if (code) {
        const answer = await h5('login', '/auth/login/personal', undefined, { phone: person.phone, code })
        return answer?.token as string | undefined
      }
      await sleep(500)
    }
  }
  fail('login', 'code never arrived')
  return undefined
}

async function personUser(person: Person, pdf: Buffer, until: number) {
  await sleep(Math.random() * Math.min(20_000, SECONDS * 250)) // arrivals spread over the first moments
  let token = await login(person)
  let sessionEnds = performance.now() + 120_000 + Math.random() * 120_000
  while (performance.now() < until && token) {
    await think()
    const roll = Math.random()
    if (roll < 0.3) await h5('seal list', '/seal/queryPersonSeals', token, { needPic: Math.random() < 0.3 })
    else if (roll < 0.55) await h5('use records', '/signSealLog/queryByTypeAndSocialCreditCode', token, { sealId: person.sealId, pageNum: 1 + Math.floor(Math.random() * 3), pageSize: 20 })
    else if (roll < 0.7) await h5('configuration', '/config/queryByIdentity', token, {})
    else await sealH5(token, person, pdf)
    if (performance.now() > sessionEnds && performance.now() < until) {
      // A session ends and a new one begins, as people come back later in the day.
      await h5('logout', '/auth/logout', token, {})
      token = await login(person)
      sessionEnds = performance.now() + 120_000 + Math.random() * 120_000
    }
  }
}

/** 用章: upload the PDF, ask the use information, seal it with the password. */
async function sealH5(token: string, person: Person, pdf: Buffer) {
  const boundary = `----load${randomBytes(8).toString('hex')}`
  const name = `合同-${randomUUID().slice(0, 8)}.pdf`
  const multipart = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  // An upload repeated after a cut answer at most leaves an unused file of the caller's, as a second tap would.
  const uploaded = await withResets('用章: upload', () =>
    send('用章: upload', '/api/file/upload', { body: multipart, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } }),
  )
  const fileId = uploaded?.body?.data?.fileId as string | undefined
  if (!fileId) {
    if (uploaded) fail('用章: upload', `${uploaded.status} ${uploaded.body?.responseInfo}`)
    return
  }
  await think()
  if ((await h5('用章: use info', '/seal/useInfo', token, { sealId: person.sealId })) === undefined) return
  await think()
  const remark = `load-${randomUUID()}`
  const body = json(token, { sealId: person.sealId, fileId, pin: PIN, page: 1, remark })
  const started = performance.now()
  for (let n = 1; n <= MAX_ATTEMPTS; n++) {
    let answer: Answer | undefined
    try {
      answer = await send('用章: sign', '/api/seal/signDocument', body)
    } catch (error) {
      if (!isConnectionError(error)) return fail('用章: sign', (error as Error).message)
      retriedResets++
    }
    if (answer && isBusy(answer)) {
      retriedBusy++
      await sleep(1000 + Math.random() * 2000)
      continue
    }
    if (answer?.body?.resultStatus === '00') {
      accepted.h5.push({ remark, fileId: answer.body.data.fileId })
      return note('用章: whole (retries included)', performance.now() - started)
    }
    if (answer && answer.body?.resultStatus !== '409') return fail('用章: sign', `${answer.status} ${answer.body?.resultStatus} ${answer.body?.responseInfo}`)
    // Cut, or 请求重复 (the same request still held by a process, or by one that died, for up to 15 s):
    // was it sealed? Its use record says so.
    await sleep(Math.min(5_000, 500 * n))
    const found = await h5('用章: look for the record', '/signSealLog/queryByTypeAndSocialCreditCode', token, { sealId: person.sealId, remark, pageNum: 1, pageSize: 5 })
    const record = (found as { remark: string | null; fileId: string | null }[] | undefined)?.find((r) => r.remark === remark)
    if (record) {
      reconciled++
      accepted.h5.push({ remark, fileId: record.fileId ?? '' })
      return note('用章: whole (retries included)', performance.now() - started)
    }
  }
  fail('用章: sign', `not sealed after ${MAX_ATTEMPTS} attempts`)
}

// ---- the platform ----
async function platformUser(platform: Platform, pdf: Buffer, until: number) {
  await sleep(Math.random() * Math.min(10_000, SECONDS * 100))
  let token: string | undefined
  let tokenAt = 0
  const pdfBase64 = pdf.toString('base64')
  while (performance.now() < until) {
    await think()
    if (!token || performance.now() - tokenAt > 30 * 60_000) {
      const answer = await withResets('open API: token', () => send('open API: token', '/api/open/v1/token', json(undefined, { clientId: platform.clientId, clientSecret: platform.clientSecret })))
      token = answer?.body?.accessToken
      tokenAt = performance.now()
      if (!token) {
        fail('open API: token', `${answer?.status} ${answer?.body?.code}`)
        await sleep(5_000)
        continue
      }
    }
    const sealId = platform.sealIds[Math.floor(Math.random() * platform.sealIds.length)]!
    await sealOpen(platform, token, sealId, pdfBase64)
  }
}

/** One document sealed through the open API: the same key and bytes until it is answered. */
async function sealOpen(platform: Platform, token: string, sealId: string, pdfBase64: string) {
  const key = `load-${randomUUID()}`
  const body = JSON.stringify({ sealId, fileName: `采购合同-${key.slice(5, 13)}.pdf`, pdf: pdfBase64, positions: [{ page: 1, x: 380, y: 60 }], timestamp: false })
  const bodySha256 = createHash('sha256').update(body).digest('hex')
  const path = '/api/open/v1/documents'
  const started = performance.now()
  for (let n = 1; n <= MAX_ATTEMPTS; n++) {
    const timestamp = String(Math.floor(Date.now() / 1000))
    const nonce = randomBytes(16).toString('hex')
    const signature = createHmac('sha256', platform.clientSecret).update(['SEAL-HMAC-SHA256', 'POST', path, '', timestamp, nonce, bodySha256].join('\n')).digest('hex')
    let answer: Answer | undefined
    try {
      answer = await send('open API: seal', path, {
        body,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key, 'x-seal-timestamp': timestamp, 'x-seal-nonce': nonce, 'x-seal-signature': signature },
      })
    } catch (error) {
      if (!isConnectionError(error)) return fail('open API: seal', (error as Error).message)
      retriedResets++
      await sleep(500 * Math.min(n, 4))
      continue
    }
    if (answer.status === 200) {
      if (answer.headers['idempotent-replayed'] === 'true') replayed++
      accepted.open.push({ key, documentId: answer.body.documentId })
      return note('open API: whole (retries included)', performance.now() - started)
    }
    const comeBack = answer.status === 503 || answer.status === 429 || answer.body?.code === 'IDEMPOTENCY_KEY_IN_PROGRESS'
    if (!comeBack) return fail('open API: seal', `${answer.status} ${answer.body?.code} ${answer.body?.message}`)
    if (answer.body?.code !== 'IDEMPOTENCY_KEY_IN_PROGRESS') retriedBusy++
    await sleep(1000 * Number(answer.headers['retry-after'] ?? 1))
  }
  fail('open API: seal', `not sealed after ${MAX_ATTEMPTS} attempts`)
}

// ---- set-up: people, seals, a platform, in the database the server will use ----
async function prepare(databaseUrl: string, dataDir: string): Promise<{ persons: Person[]; platform: Platform }> {
  const { renderPersonalSeal } = await import('@seal/seal/personal-seal')
  const { buildBenchApp } = await import('../in-process-app.ts')
  const { openDatabase } = await import('../../apps/server/src/db/client.ts')
  const { persons } = await import('../../apps/server/src/auth/tables.ts')
  const { makeSeal } = await import('../../apps/server/src/seals/make-seal.ts')
  const { registerPlatform } = await import('../../apps/server/src/platforms/registry.ts')
  const { sealBindings } = await import('../../apps/server/src/bindings/tables.ts')
  const { closeWorkerPool } = await import('../../apps/server/src/workers/pool.ts')
  const { idNumber } = await import('../../apps/server/src/unit-apply/test-support.ts')
  const { eq } = await import('drizzle-orm')

  const database = await openDatabase({ databaseUrl, dataDir })
  const app = await buildBenchApp({ dataDir, db: database.db, env: { HOST: '127.0.0.1', DATABASE_URL: databaseUrl } })
  try {
    // Six at a time: the seals' keys and certificates are most of the set-up.
    const people: Person[] = new Array(PERSONS)
    let next = 0
    const maker = async () => {
      for (let i = next++; i < PERSONS; i = next++) {
        const name = `压测${'甲乙丙丁戊己庚辛壬癸'[i % 10]}${Math.floor(i / 10)}`
        const identityNo = idNumber(5000 + i)
        const [person] = await database.db
          .insert(persons)
          .values({ name, identityType: '111', identityNo, phone: `176${String(i).padStart(8, '0')}`, verifiedAt: new Date(), verificationMethod: 'three-element' })
          .returning()
        const { png } = await renderPersonalSeal({ name, style: '1' })
        const { seal } = await makeSeal(app.trust, {
          owner: { kind: 'person', personId: person!.id, name, identityNo },
          sealName: name,
          sealTypeCode: '1000',
          image: png,
          certStartTime: new Date(),
          certEndTime: new Date(Date.now() + 365 * 86_400_000),
          pin: PIN,
        })
        people[i] = { phone: person!.phone, sealId: seal.id }
      }
    }
    await Promise.all(Array.from({ length: 6 }, maker))
    // The platform seals with the first ten persons' seals, bound to it by their holders.
    const { platform, clientSecret } = await registerPlatform(database.db, app.trust.keys, { clientName: '压测平台', platformType: '9', rateLimitPerMinute: 100_000 })
    const bound = people.slice(0, Math.min(10, people.length))
    for (const person of bound) {
      const [holder] = await database.db.select({ id: persons.id }).from(persons).where(eq(persons.phone, person.phone))
      await database.db.insert(sealBindings).values({ sealId: person.sealId, platformId: platform.id, personId: holder!.id, useType: '2' })
    }
    return { persons: people, platform: { clientId: platform.clientId, clientSecret, sealIds: bound.map((p) => p.sealId) } }
  } finally {
    await app.close()
    await closeWorkerPool()
    await database.close()
  }
}

// ---- the server ----
type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null> }

function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  // LOG_LEVEL=info for "Server listening"; of the JSON log only that and warnings or worse are kept.
  let output = ''
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.startsWith('{') || line.includes('Server listening') || !/"level":[0-3]\d,/.test(line)) output += `${line}\n`
    }
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const server = { child, output: () => output, exited }
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if ((output.match(/Server listening at/g) ?? []).length >= PROCESSES) {
        clearInterval(timer)
        resolve(server)
      }
    }, 200)
    void exited.then((code) => {
      clearInterval(timer)
      reject(new Error(`server exited (${code}) before listening:\n${output.slice(-3000)}`))
    })
  })
}

// ---- the checks ----
async function check(databaseUrl: string, dataDir: string): Promise<string[]> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const problems: string[] = []
  const rows = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[]
  try {
    // 用章: each accepted sealing's remark names exactly one use record, whose document is stored.
    const h5Records = await rows<{ remark: string; n: number }>(`select remark, count(*)::int as n from seal_use_records where remark like 'load-%' group by remark`)
    const byRemark = new Map(h5Records.map((r) => [r.remark, r.n]))
    const h5Lost = accepted.h5.filter((a) => byRemark.get(a.remark) !== 1)
    if (h5Lost.length) problems.push(`用章: ${h5Lost.length} accepted sealings without exactly one use record (e.g. ${h5Lost[0]!.remark}: ${byRemark.get(h5Lost[0]!.remark) ?? 0})`)
    const acceptedRemarks = new Set(accepted.h5.map((a) => a.remark))
    const h5Extra = h5Records.filter((r) => !acceptedRemarks.has(r.remark))
    if (h5Extra.length) problems.push(`用章: ${h5Extra.length} use records of sealings no client was told of (e.g. ${h5Extra[0]!.remark})`)

    // Open API: each accepted key names one completed key row, one platform document, one use record.
    const keys = await rows<{ idempotency_key: string; document_id: string | null; completed: boolean; lease_until: Date | null }>(
      `select idempotency_key, document_id, completed_at is not null as completed, lease_until from platform_idempotency_keys`,
    )
    const keyRows = new Map(keys.map((k) => [k.idempotency_key, k]))
    const openLost = accepted.open.filter((a) => keyRows.get(a.key)?.document_id !== a.documentId)
    if (openLost.length) problems.push(`open API: ${openLost.length} accepted sealings whose key does not name their document`)
    const unfinished = keys.filter((k) => !k.completed)
    if (unfinished.length) problems.push(`open API: ${unfinished.length} keys still held by a request that never finished`)
    const documents = await rows<{ id: string; uses: number }>(
      `select d.id, (select count(*)::int from seal_use_records u where u.document_file_id = d.file_id) as uses from platform_documents d`,
    )
    const acceptedDocuments = new Set(accepted.open.map((a) => a.documentId))
    if (documents.length !== acceptedDocuments.size) problems.push(`open API: ${documents.length} documents for ${acceptedDocuments.size} accepted sealings`)
    const notOne = documents.filter((d) => d.uses !== 1)
    if (notOne.length) problems.push(`open API: ${notOne.length} documents without exactly one use record`)

    // Nothing half-made: every use record points at a file row whose bytes are stored, and nothing else was used.
    const records = await rows<{ n: number }>(`select count(*)::int as n from seal_use_records`)
    const expected = accepted.h5.length + accepted.open.length
    if (records[0]!.n !== expected) problems.push(`${records[0]!.n} use records in all, ${expected} accepted sealings`)
    const dangling = await rows<{ id: string; storage_key: string | null }>(
      `select u.id, f.storage_key from seal_use_records u left join files f on f.id = u.document_file_id`,
    )
    const missing = dangling.filter((d) => !d.storage_key || !existsSync(join(dataDir, 'files', d.storage_key)))
    if (missing.length) problems.push(`${missing.length} use records whose document is not stored`)
    // Each seal's records numbered 1…n in writing order with no gap or repeat, and its count n, whatever was
    // killed or rolled back on the way: a page by number of its use records starts from these numbers.
    const misnumbered = await rows<{ seal_id: string }>(
      `select u.seal_id from seal_use_records u left join seal_use_counts c on c.seal_id = u.seal_id
       group by u.seal_id, c.records
       having count(*) <> coalesce(c.records, -1) or min(u.seal_ordinal) <> 1 or max(u.seal_ordinal) <> count(*)
           or array_agg(u.seal_ordinal order by u.seq) <> array_agg(u.seal_ordinal order by u.seal_ordinal)`,
    )
    if (misnumbered.length) problems.push(`${misnumbered.length} seals whose use records are not numbered 1…n in writing order (e.g. ${misnumbered[0]!.seal_id})`)
  } finally {
    await client.end()
  }
  return problems
}

// ---- the run ----
async function main() {
  const redisUrl = process.env.REDIS_URL
  const postgres = await freshPostgresDatabase('load')
  if (!postgres || !redisUrl) {
    console.log('load test: skipped (set DATABASE_URL to a PostgreSQL server and REDIS_URL to a Redis)')
    return
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'seal-load-'))
  let server: Server | undefined
  try {
    const t0 = performance.now()
    const pdf = Buffer.from(await chineseContract({ pages: 2 }))
    const { persons, platform } = await prepare(postgres.url, dataDir)
    console.log(`set-up: ${persons.length} persons with a seal each, 1 platform bound to ${platform.sealIds.length} seals (${((performance.now() - t0) / 1000).toFixed(0)} s)`)
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `seal-load-${randomBytes(4).toString('hex')}:`,
      PROCESSES: String(PROCESSES),
      HOST: '127.0.0.1',
      PORT: String(PORT),
      LOG_LEVEL: 'info',
      TSA_PROVIDER: 'none',
      // Every virtual user comes from 127.0.0.1: the per-client SMS limit would otherwise stop the logins.
      SMS_SENDS_PER_CLIENT: '1000000',
      SMS_RESEND_SECONDS: '1',
    }
    const t1 = performance.now()
    server = await startServer(env)
    console.log(`server: ${PROCESSES} processes on PostgreSQL and Redis, listening (${((performance.now() - t1) / 1000).toFixed(0)} s)`)

    const started = performance.now()
    const until = started + SECONDS * 1000
    const faults: string[] = []
    const injecting = FAULTS ? injectFaults(server, started, faults) : Promise.resolve()
    await Promise.all([
      ...persons.map((person) => personUser(person, pdf, until)),
      ...Array.from({ length: PLATFORM_USERS }, () => platformUser(platform, pdf, until)),
      injecting,
    ])
    const elapsed = (performance.now() - started) / 1000

    report(elapsed, faults)
    // What the primary said about its processes meanwhile (exits, restarts, the rolling restart).
    const said = server.output().split('\n').filter((line) => /已退出|重新启动|滚动重启|连续/.test(line))
    if (said.length) console.log(`\n  server log:\n${said.map((line) => `    ${line}`).join('\n')}`)
    const problems = await check(postgres.url, dataDir)
    const errorCount = [...errors.values()].reduce((n, list) => n + list.length, 0)
    if (errorCount) problems.push(`${errorCount} errors`)
    if (longest.ms > MAX_REQUEST_MS) problems.push(`a request took ${(longest.ms / 1000).toFixed(1)} s (${longest.call}), over the ${MAX_REQUEST_MS / 1000} s lease`)
    if (longestWhole.ms > MAX_SEALING_MS) problems.push(`a sealing took ${(longestWhole.ms / 1000).toFixed(1)} s with its retries (${longestWhole.call}), over ${MAX_SEALING_MS / 1000} s`)
    if (FAULTS && faults.length < 2) problems.push('the faults were not both injected')
    console.log(`\nchecks: ${accepted.h5.length} 用章 and ${accepted.open.length} open-API sealings accepted; each has exactly one document and one use record, nothing half-made: ${problems.length ? 'NO' : 'yes'}`)
    for (const problem of problems) console.log(`  ✘ ${problem}`)
    console.log(problems.length ? 'FAIL' : 'PASS')
    if (problems.length) process.exitCode = 1
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM')
      await Promise.race([server.exited, sleep(30_000)])
      if (server.child.exitCode === null) server.child.kill('SIGKILL')
    }
    await dispatcher.close()
    await postgres.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** A SIGKILL to one server process at a quarter of the run, a rolling restart of both at a half. */
async function injectFaults(server: Server, started: number, faults: string[]) {
  const at = (share: number) => sleep(Math.max(0, started + SECONDS * 1000 * share - performance.now()))
  const primary = server.child.pid!
  await at(0.25)
  const victim = childrenOf(primary)[0]
  if (victim) {
    process.kill(victim, 'SIGKILL')
    faults.push(`${((performance.now() - started) / 1000).toFixed(0)} s: server process ${victim} killed with SIGKILL`)
  }
  // Its replacement listening again before the rolling restart.
  await at(0.5)
  const before = server.output().length
  process.kill(primary, 'SIGUSR2')
  const rollingFrom = performance.now()
  while (!server.output().slice(before).includes('滚动重启完成') && performance.now() - rollingFrom < 300_000) await sleep(200)
  const done = server.output().slice(before).includes('滚动重启完成')
  faults.push(`${((rollingFrom - started) / 1000).toFixed(0)} s: rolling restart (SIGUSR2) ${done ? `done in ${((performance.now() - rollingFrom) / 1000).toFixed(0)} s` : 'NOT finished'}`)
  if (!done) faults.pop()
}

function report(elapsed: number, faults: string[]) {
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
  console.log(`\nload: ${PERSONS} persons and ${PLATFORM_USERS} platform users for ${elapsed.toFixed(0)} s against ${PROCESSES} server processes`)
  for (const fault of faults) console.log(`  fault at ${fault}`)
  console.log(`\n  ${'call'.padEnd(34)} ${'count'.padStart(7)} ${'per s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'errors'.padStart(7)}`)
  const calls = [...new Set([...timings.keys(), ...errors.keys()])].sort()
  for (const call of calls) {
    const times = (timings.get(call) ?? []).sort((a, b) => a - b)
    console.log(
      `  ${call.padEnd(34)} ${String(times.length).padStart(7)} ${(times.length / elapsed).toFixed(1).padStart(7)} ${pct(times, 0.5).toFixed(0).padStart(8)} ${pct(times, 0.99).toFixed(0).padStart(8)} ${(times.at(-1) ?? 0).toFixed(0).padStart(8)} ${String(errors.get(call)?.length ?? 0).padStart(7)}`,
    )
  }
  const all = [...timings.entries()].filter(([call]) => !call.includes('whole')).reduce((n, [, list]) => n + list.length, 0)
  console.log(`\n  requests: ${all} (${(all / elapsed).toFixed(1)}/s); retried connection resets: ${retriedResets}; retried busy answers (503, 系统繁忙): ${retriedBusy}; 用章 settled from the use records after a cut answer or 请求重复: ${reconciled}; open-API answers replayed for a key: ${replayed}`)
  console.log(`  longest single request: ${(longest.ms / 1000).toFixed(1)} s (${longest.call}); limit ${MAX_REQUEST_MS / 1000} s`)
  console.log(`  longest sealing with its retries: ${(longestWhole.ms / 1000).toFixed(1)} s (${longestWhole.call}); limit ${MAX_SEALING_MS / 1000} s`)
  for (const [call, list] of errors) {
    const counts = new Map<string, number>()
    for (const why of list) counts.set(why, (counts.get(why) ?? 0) + 1)
    for (const [why, n] of counts) console.log(`  error ${call}: ${n}× ${why}`)
  }
}

await main()
