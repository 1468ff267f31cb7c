import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureAccount } from './auth/login.ts'
import { createSession } from './auth/sessions.ts'
import { persons } from './auth/tables.ts'
import { openDatabase } from './db/client.ts'
import { sweepOrphanFiles } from './files/repair.ts'
import { s3FileStore } from './files/s3-store.ts'
import { files } from './files/tables.ts'
import { createPostgresDatabase } from './test/harness.ts'
import { startCuttingRelay, startLocalS3, type LocalS3 } from './test/s3.ts'
import { samplePdf } from './test/seals.ts'
import { killServerProcesses, startServerProcess } from './test/server-process.ts'
import { until } from './test/waits.ts'

/**
 * The real server on an S3-compatible store (s3rver in this process, behind a relay), killed with SIGKILL
 * while uploads are half sent, then started again on the same data (decisions.md "Crash safety"): every
 * file row points at an object holding its bytes, the killed uploads have no rows, and the sweep leaves the
 * bucket holding exactly what rows point at. On PGlite, and on PostgreSQL in the server-postgres project.
 */
describe('a server killed mid-upload to S3 leaves no row pointing at a missing object', () => {
  let dataDir: string
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined
  let s3: LocalS3
  let relay: Awaited<ReturnType<typeof startCuttingRelay>>
  let token: string

  const open = () => openDatabase({ databaseUrl: postgres?.url, dataDir, warn: () => {} })

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'seal-crash-s3-'))
    postgres = process.env.TEST_DATABASE === 'postgres' ? await createPostgresDatabase() : undefined
    s3 = await startLocalS3()
    relay = await startCuttingRelay(s3.endpoint)
    const { db, close } = await open()
    try {
      const [person] = await db.insert(persons).values({ name: '桶存崩', identityNo: '110101199001011421', phone: '13900000071' }).returning()
      const accountId = await ensureAccount(db, { kind: 'personal', personId: person!.id, unitId: null })
      token = (await createSession(db, accountId)).token
    } finally {
      await close()
    }
  })
  afterAll(async () => {
    killServerProcesses()
    await relay.stop()
    await s3.stop()
    await postgres?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('records only uploads whose bytes reached the bucket whole, across a kill mid-upload', async () => {
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      TSA_PROVIDER: 'none',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...s3.env('seal/'),
      S3_ENDPOINT: relay.endpoint,
    }
    const pdf = Buffer.from(await samplePdf())
    expect(pdf.length).toBeGreaterThan(64 * 1024) // larger than what a held upload lets through
    const upload = (url: string, name: string) =>
      fetch(`${url}/api/file/uploadBase64`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ originalName: name, fileBase64: pdf.toString('base64') }),
      }).then(async (response) => ((await response.json()) as { resultStatus: string }).resultStatus)

    let server = await startServerProcess(env)
    for (const n of [1, 2, 3]) expect(await upload(server.url, `完成${n}.pdf`)).toBe('00')

    // Four uploads at once, each stopped after its first 16 KB reached the bucket; the kill finds them there.
    relay.uploads = 'hold'
    const cut = [1, 2, 3, 4].map((n) => upload(server.url, `中断${n}.pdf`).catch(() => 'cut off by the kill'))
    await until(() => relay.inFlight() === 4, { everyMs: 5, waitingFor: 'the uploads to be under way' })
    await server.kill()
    expect(await Promise.all(cut)).toEqual(Array(4).fill('cut off by the kill'))
    relay.uploads = 'pass'

    server = await startServerProcess(env)
    await server.swept
    expect(await upload(server.url, '重启后.pdf')).toBe('00')
    await server.stop()

    const { db, close } = await open()
    const bucket = s3FileStore(s3.settings('seal/'))
    try {
      expect(await db.select().from(files).where(like(files.originalName, '中断%'))).toEqual([])
      const rows = await db.select().from(files)
      expect(rows.length).toBeGreaterThanOrEqual(5) // ours, and the operation manual the server stores at its first start
      for (const row of rows) {
        const bytes = await bucket.get(row.storageKey)
        expect(createHash('sha256').update(bytes).digest('hex'), `${row.originalName} in the bucket`).toBe(row.sha256)
      }
      // The bucket's objects are stamped by its clock, so the sweep at start left the last hour; a start an hour
      // later sweeps whatever the killed uploads left, and nothing a row points at.
      // s3rver keeps what reached it of a cut upload (S3 keeps nothing of an incomplete PutObject): at most the four.
      const { removed } = await sweepOrphanFiles({ db, store: bucket, before: new Date(Date.now() + 1000) })
      expect(removed).toBeLessThanOrEqual(4)
      const stored: string[] = []
      for await (const object of bucket.list()) stored.push(object.key)
      expect(stored.sort()).toEqual(rows.map((row) => row.storageKey).sort())
    } finally {
      bucket.close()
      await close()
    }
  }, 240_000)
})

