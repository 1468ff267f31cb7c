import { createHash, randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chineseContract } from '@seal/pdf/test/test-documents'
import { platformDocuments, platformIdempotencyKeys } from '../platforms/tables.ts'
import { registerTestPlatform, type RegisteredPlatform } from '../platforms/test-support.ts'
import { sealUseRecords } from '../records/tables.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { idNumber } from '../unit-apply/test-support.ts'
import { openApiHousekeeping } from './housekeeping.ts'
import { claimIdempotencyKey, completeIdempotencyKey, IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_LEASE_MS, renewIdempotencyLease } from './idempotency.ts'
import { personalSealOnPlatform, platformClient } from './test-support.ts'

const holder = { phone: '13700000071', name: '郑重试', identityNo: idNumber(871) }

describe('open API: sealing with an Idempotency-Key', () => {
  let t: TestApp
  let sealId: string
  let platform: RegisteredPlatform
  let a: ReturnType<typeof platformClient>
  let contract: string

  const sealRequest = (overrides: Record<string, unknown> = {}) => ({ sealId, fileName: '重试合同.pdf', pdf: contract, positions: [{ page: 1, x: 380, y: 60 }], ...overrides })
  const newKey = () => `order-${randomBytes(8).toString('hex')}`
  const keyed = (key: string) => ({ 'idempotency-key': key })
  const documentsOfPlatform = async () => t.db.select().from(platformDocuments).where(eq(platformDocuments.platformId, platform.id))
  const useRecordsOfPlatform = async () => t.db.select().from(sealUseRecords).where(eq(sealUseRecords.platformId, platform.id))
  /** The body digest the key is kept with: the SHA-256 of the bytes sent (the test client sends JSON.stringify). */
  const digestOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex')

  beforeAll(async () => {
    t = await startTestApp()
    ;({ sealId, platform, client: a } = await personalSealOnPlatform(t, holder))
    contract = Buffer.from(await chineseContract({ pages: 2 })).toString('base64')
  })
  afterAll(() => t.close())

  it('answers a retry with the first document: no second signature, document or use record', async () => {
    const before = { documents: (await documentsOfPlatform()).length, records: (await useRecordsOfPlatform()).length }
    const key = newKey()
    const first = await a.seal(sealRequest(), keyed(key))
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.headers['idempotent-replayed']).toBeUndefined()

    // The answer was lost; the platform sends the same request again (a new nonce and signature, the same key).
    const retry = await a.seal(sealRequest(), keyed(key))
    expect(retry.status).toBe(200)
    expect(retry.headers['idempotent-replayed']).toBe('true')
    expect(retry.body).toEqual(first.body)
    expect((await documentsOfPlatform()).length).toBe(before.documents + 1)
    expect((await useRecordsOfPlatform()).length).toBe(before.records + 1)

    // The document it names is the one sealed once, with one signature.
    const fetched = await a.document(retry.body.documentId)
    expect(fetched.status).toBe(200)
    expect(fetched.body.sha256).toBe(first.body.sha256)
    expect(Buffer.from(fetched.body.pdf, 'base64').toString('latin1').match(/\/ByteRange/g)).toHaveLength(1)
  })

  it('refuses the same key with another body, and seals nothing for it', async () => {
    const key = newKey()
    expect((await a.seal(sealRequest(), keyed(key))).status).toBe(200)
    const before = (await useRecordsOfPlatform()).length
    const other = await a.seal(sealRequest({ positions: [{ page: 2, x: 100, y: 100 }] }), keyed(key))
    expect(other.status).toBe(409)
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: expect.stringContaining('已用于内容不同的请求') })
    expect((await useRecordsOfPlatform()).length).toBe(before)
  })

  it('lets 20 copies sent at once seal exactly once: one document, one use record, no 500', async () => {
    const key = newKey()
    const before = { documents: (await documentsOfPlatform()).length, records: (await useRecordsOfPlatform()).length }
    const answers = await Promise.all(Array.from({ length: 20 }, () => a.seal(sealRequest(), keyed(key))))
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200 && status !== 409)).toEqual([])
    const sealed = answers.filter((answer) => answer.status === 200)
    // Exactly one ran; copies that came after it finished were answered its document; those that came
    // while it ran were told to come back.
    expect(sealed.filter((answer) => !answer.headers['idempotent-replayed'])).toHaveLength(1)
    expect(new Set(sealed.map((answer) => answer.body.documentId)).size).toBe(1)
    for (const waiting of answers.filter((answer) => answer.status === 409)) {
      expect(waiting.body.code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS')
      expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0)
    }
    expect((await documentsOfPlatform()).length).toBe(before.documents + 1)
    expect((await useRecordsOfPlatform()).length).toBe(before.records + 1)
    // Coming back later, every copy hears the one document.
    const later = await a.seal(sealRequest(), keyed(key))
    expect(later.body.documentId).toBe(sealed[0]!.body.documentId)
  })

  it('seals every request without a key, as before: two requests, two documents, two use records', async () => {
    const before = (await useRecordsOfPlatform()).length
    const one = await a.seal(sealRequest())
    const two = await a.seal(sealRequest())
    expect([one.status, two.status]).toEqual([200, 200])
    expect(one.body.documentId).not.toBe(two.body.documentId)
    expect((await useRecordsOfPlatform()).length).toBe(before + 2)
  })

  it('gives the key back when the request is refused, so the corrected request may use it', async () => {
    const key = newKey()
    const refused = await a.seal(sealRequest({ positions: [{ page: 9, x: 100, y: 100 }] }), keyed(key))
    expect(refused.status).toBe(422)
    expect(refused.body.code).toBe('PAGE_OUT_OF_RANGE')
    const corrected = await a.seal(sealRequest(), keyed(key))
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200)
    expect(corrected.headers['idempotent-replayed']).toBeUndefined()
  })

  it('tells a retry to wait while the first request holds the key, and lets it take over once a crashed one’s lease has run out', async () => {
    const key = newKey()
    const body = sealRequest()
    // A request that took the key and crashed before it finished: its lease still runs.
    const [left] = await t.db
      .insert(platformIdempotencyKeys)
      .values({ platformId: platform.id, idempotencyKey: key, requestSha256: digestOf(body), leaseToken: 'crashed', leaseUntil: new Date(Date.now() + 60_000) })
      .returning()
    const waiting = await a.seal(body, keyed(key))
    expect(waiting.status).toBe(409)
    expect(waiting.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS', message: '使用该 Idempotency-Key 的请求正在处理中，请稍后重试' })
    expect(waiting.headers['retry-after']).toBe('2')

    await t.db.update(platformIdempotencyKeys).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(platformIdempotencyKeys.id, left!.id))
    const takenOver = await a.seal(body, keyed(key))
    expect(takenOver.status, JSON.stringify(takenOver.body)).toBe(200)
    expect(takenOver.headers['idempotent-replayed']).toBeUndefined()
    expect((await a.seal(body, keyed(key))).body.documentId).toBe(takenOver.body.documentId)
  })

  it('keeps a running request’s key by renewing its short lease, and renews nothing once it has finished', async () => {
    const key = newKey()
    const claim = await claimIdempotencyKey(t.db, { platformId: platform.id, key, requestSha256: digestOf(sealRequest()), now: new Date() })
    if (claim.kind !== 'run') throw new Error('the key should be free')
    const where = eq(platformIdempotencyKeys.id, claim.lease.rowId)
    const later = new Date(Date.now() + IDEMPOTENCY_LEASE_MS * 3)
    expect(await renewIdempotencyLease(t.db, claim.lease, later)).toBe(true)
    const [renewed] = await t.db.select().from(platformIdempotencyKeys).where(where)
    expect(renewed!.leaseUntil!.getTime()).toBe(later.getTime() + IDEMPOTENCY_LEASE_MS)
    // Another request's token renews nothing; nor does the request's own once it completed.
    expect(await renewIdempotencyLease(t.db, { ...claim.lease, token: 'someone-else' }, later)).toBe(false)
    const sealed = await a.seal(sealRequest(), keyed(newKey()))
    await completeIdempotencyKey(t.db, claim.lease, { documentId: sealed.body.documentId, response: sealed.body, now: new Date() })
    expect(await renewIdempotencyLease(t.db, claim.lease, later)).toBe(false)
    await t.db.delete(platformIdempotencyKeys).where(where)
  })

  it('forgets a key after a day: it seals anew, and the housekeeping deletes the old row', async () => {
    const key = newKey()
    const first = await a.seal(sealRequest(), keyed(key))
    const dayAgo = new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS - 60_000)
    const where = and(eq(platformIdempotencyKeys.platformId, platform.id), eq(platformIdempotencyKeys.idempotencyKey, key))
    await t.db.update(platformIdempotencyKeys).set({ createdAt: dayAgo }).where(where)
    const again = await a.seal(sealRequest(), keyed(key))
    expect(again.status).toBe(200)
    expect(again.body.documentId).not.toBe(first.body.documentId)

    await t.db.update(platformIdempotencyKeys).set({ createdAt: dayAgo }).where(where)
    await openApiHousekeeping(t.db, new Date())
    expect(await t.db.select().from(platformIdempotencyKeys).where(where)).toEqual([])
  })

  it('keeps keys per platform: another platform with the same key gets nothing of this one’s', async () => {
    const key = newKey()
    expect((await a.seal(sealRequest(), keyed(key))).status).toBe(200)
    const other = platformClient(t, await registerTestPlatform(t))
    const refused = await other.seal(sealRequest(), keyed(key))
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('SEAL_NOT_BOUND')
  })

  it('documents the header in the served OpenAPI document', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const parameters = docs.paths['/api/open/v1/documents'].post.parameters as { in: string; name: string; required?: boolean }[]
    expect(parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }))
  })

  it('refuses a malformed key before sealing', async () => {
    const before = (await useRecordsOfPlatform()).length
    for (const key of ['short', 'x'.repeat(65), 'has space in it', '订单-00000001']) {
      const refused = await a.seal(sealRequest(), keyed(key))
      expect(refused.status, key).toBe(400)
      expect(refused.body.code).toBe('IDEMPOTENCY_KEY_INVALID')
    }
    expect((await useRecordsOfPlatform()).length).toBe(before)
  })
})
