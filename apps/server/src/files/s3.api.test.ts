import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sweepAfterStart } from '../repair.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { startCuttingRelay, startLocalS3, type LocalS3 } from '../test/s3.ts'
import { samplePdf, uploadFile } from '../test/seals.ts'
import { sweepOrphanFiles } from './repair.ts'
import { s3FileStore } from './s3-store.ts'
import { files } from './tables.ts'

const owner = { phone: '13700000071', name: '桶存测', identityNo: '110101199001011384' }

/**
 * Files through an S3-compatible store (s3rver in this process, reached through a relay that can cut
 * uploads): what a failed or cut upload leaves, and how the sweep settles it (decisions.md "Crash safety").
 */
describe('files in an S3-compatible store survive cut uploads without rows pointing at nothing', () => {
  let s3: LocalS3
  let relay: Awaited<ReturnType<typeof startCuttingRelay>>
  let store: ReturnType<typeof s3FileStore>
  /** The bucket as an operator sees it, not through the relay. */
  let bucket: ReturnType<typeof s3FileStore>
  let t: TestApp
  let token: string
  let pdf: Buffer

  const storedKeys = async () => {
    const keys: string[] = []
    for await (const object of bucket.list()) keys.push(object.key)
    return keys.sort()
  }
  const recordedKeys = async () => (await t.db.select({ key: files.storageKey }).from(files)).map((row) => row.key).sort()

  beforeAll(async () => {
    s3 = await startLocalS3()
    relay = await startCuttingRelay(s3.endpoint)
    store = s3FileStore({ ...s3.settings('seal/'), endpoint: relay.endpoint })
    bucket = s3FileStore(s3.settings('seal/'))
    t = await startTestApp({ files: store })
    token = await t.loginPersonal(owner.phone, { name: owner.name, identityNo: owner.identityNo })
    pdf = Buffer.from(await samplePdf())
  })
  afterAll(async () => {
    await t.close()
    store.close()
    bucket.close()
    await relay.stop()
    await s3.stop()
  })

  it('stores an upload whole in the bucket and streams it back on download', async () => {
    const fileId = await uploadFile(t, token, { name: '合同.pdf', bytes: pdf, type: 'application/pdf' })
    const [row] = await t.db.select().from(files).where(eq(files.id, fileId))
    expect((await bucket.get(row!.storageKey)).equals(pdf)).toBe(true)
    const download = await t.app.inject({ method: 'GET', url: `/api/file/download/${fileId}`, headers: { authorization: `Bearer ${token}` } })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-length']).toBe(String(pdf.length))
    expect(download.rawPayload.equals(pdf)).toBe(true)
  })

  it('records nothing when the connection is cut mid-upload, and sweeps whatever the store kept of it', async () => {
    const recordedBefore = await recordedKeys()
    relay.uploads = 'cut'
    try {
      const cut = await t.call({ method: 'POST', url: '/api/file/uploadBase64', token, body: { originalName: '断开.pdf', fileBase64: pdf.toString('base64') } })
      expect(cut.body.resultStatus).not.toBe('00')
    } finally {
      relay.uploads = 'pass'
    }
    expect(await recordedKeys()).toEqual(recordedBefore)

    // Whatever the store kept of the cut upload (s3rver may keep what reached it; S3 keeps nothing of an
    // incomplete PutObject) has no row, so the next start's sweep removes it and nothing else.
    await sweepOrphanFiles({ db: t.db, store, before: new Date(Date.now() + 1000) })
    expect(await storedKeys()).toEqual(recordedBefore)
    for (const key of recordedBefore) expect((await bucket.get(key)).length).toBeGreaterThan(0)
  })

  it('sweeps an object whose process died before its row was committed, keeping every recorded file', async () => {
    await uploadFile(t, token, { name: '留存.pdf', bytes: pdf, type: 'application/pdf' })
    // What storeFileBytes leaves when the process dies between the put and the row's commit.
    await store.put('2026/11/0b5c2a4e-died-before-its-row', pdf)
    const recorded = await recordedKeys()
    expect(await storedKeys()).toEqual([...recorded, '2026/11/0b5c2a4e-died-before-its-row'].sort())

    // The bucket stamps objects by its own clock: the start-up sweep leaves the last hour alone, even on PGlite.
    const startedAt = new Date(Date.now() + 1000)
    expect(await sweepAfterStart({ db: t.db, trust: t.app.trust, kind: 'pglite', startedAt })).toEqual({ removed: 0 })
    // An hour on, the orphan is swept.
    expect(await sweepAfterStart({ db: t.db, trust: t.app.trust, kind: 'pglite', startedAt: new Date(startedAt.getTime() + 3600_000) })).toEqual({ removed: 1 })
    expect(await storedKeys()).toEqual(recorded)
  })
})
