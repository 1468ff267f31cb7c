import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chineseContract } from '@seal/pdf/test/test-documents'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { platformDocuments } from '../platforms/tables.ts'
import { registerTestPlatform, type RegisteredPlatform } from '../platforms/test-support.ts'
import { sealUseRecords } from '../records/tables.ts'
import { seals } from '../seals/tables.ts'
import { sealCredentials } from '../trust/tables.ts'
import { multipart, startTestApp, type TestApp } from '../test/harness.ts'
import { idNumber } from '../unit-apply/test-support.ts'
import { personalSealOnPlatform, platformClient, rawSealingPath } from './test-support.ts'

const holder = { phone: '13700000281', name: '冯原件', identityNo: idNumber(981) }
const MIB = 1024 * 1024

/**
 * The raw form of POST /api/open/v1/documents (docs/platforms.md "Sealing a document"): the PDF's own
 * bytes as the body (`Content-Type: application/pdf`), the other fields in the query, signed as any query
 * is; and GET /documents/{id} answering the PDF itself to `Accept: application/pdf`.
 */
describe('open API: a platform seals a PDF sent as itself', () => {
  let t: TestApp
  let sealId: string
  let platform: RegisteredPlatform
  let a: ReturnType<typeof platformClient>
  let contract: Uint8Array

  const fields = (overrides: Record<string, unknown> = {}) => ({ sealId, fileName: '原件合同.pdf', positions: [{ page: 1, x: 380, y: 60 }], ...overrides })
  const newKey = () => `raw-${randomBytes(8).toString('hex')}`
  const useRecordsOfPlatform = async () => t.db.select().from(sealUseRecords).where(eq(sealUseRecords.platformId, platform.id))
  const documentsOfPlatform = async () => t.db.select().from(platformDocuments).where(eq(platformDocuments.platformId, platform.id))

  beforeAll(async () => {
    t = await startTestApp()
    ;({ sealId, platform, client: a } = await personalSealOnPlatform(t, holder))
    contract = await chineseContract({ pages: 2 })
  })
  afterAll(() => t.close())

  it('seals a PDF sent as the body with the fields in the query, and answers as the JSON form does', async () => {
    const sealed = await a.sealRaw(contract, fields({ positions: [{ page: 1, x: 380, y: 60 }, { keyword: '甲方（盖章）', page: 2 }], remark: '原件签章', businessName: '政府采购', timestamp: true }))
    expect(sealed.status, JSON.stringify(sealed.body)).toBe(200)
    expect(sealed.body).toMatchObject({ sealId, fileName: '原件合同（已签章）.pdf', signatures: 2, timestamped: true, documentId: expect.any(String) })
    const json = await a.seal({ ...fields(), pdf: Buffer.from(contract).toString('base64') })
    expect(Object.keys(sealed.body).sort()).toEqual(Object.keys(json.body).sort())

    const fetched = await a.document(sealed.body.documentId)
    const pdf = Buffer.from(fetched.body.pdf, 'base64')
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(sealed.body.sha256)
    const { payload, headers } = multipart({ name: 'sealed.pdf', bytes: pdf, type: 'application/pdf' })
    const report = (await t.app.inject({ method: 'POST', url: '/api/verify', payload, headers })).json()
    expect(report.data.signatures).toHaveLength(2)
    for (const signature of report.data.signatures) expect(signature).toMatchObject({ valid: true, timestampedAt: expect.any(Number) })
    const [record] = await t.db.select().from(sealUseRecords).where(eq(sealUseRecords.documentSha256, sealed.body.sha256))
    expect(record).toMatchObject({ fileName: '原件合同.pdf', remark: '原件签章', businessName: '政府采购', platformId: platform.id })
  })

  it('answers the PDF itself to Accept: application/pdf, and JSON with base64 otherwise', async () => {
    const sealed = await a.sealRaw(contract, fields())
    const raw = await a.document(sealed.body.documentId, { accept: 'application/pdf' })
    expect(raw.status).toBe(200)
    expect(raw.headers['content-type']).toBe('application/pdf')
    expect(raw.headers['x-seal-document-sha256']).toBe(sealed.body.sha256)
    expect(raw.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('原件合同（已签章）.pdf')}`)
    expect(createHash('sha256').update(raw.body as Buffer).digest('hex')).toBe(sealed.body.sha256)
    expect((raw.body as Buffer).length).toBe(sealed.body.size)

    for (const accept of [undefined, 'application/json', '*/*', 'application/json, application/pdf;q=0.5', 'application/pdf;q=0']) {
      const json = await a.document(sealed.body.documentId, accept ? { accept } : undefined)
      expect([json.status, String(json.headers['content-type'])], String(accept)).toEqual([200, 'application/json; charset=utf-8'])
      expect(Buffer.from(json.body.pdf, 'base64').equals(raw.body as Buffer)).toBe(true)
    }
    // Another platform's document is not found, in either form.
    const other = platformClient(t, await registerTestPlatform(t))
    const theirs = await other.document(sealed.body.documentId, { accept: 'application/pdf' })
    expect([theirs.status, theirs.body.code]).toEqual([404, 'DOCUMENT_NOT_FOUND'])
  })

  it('answers a retry with the same key, query and bytes with the first document; another query or body with the key is refused', async () => {
    const key = newKey()
    const before = { documents: (await documentsOfPlatform()).length, records: (await useRecordsOfPlatform()).length }
    const first = await a.sealRaw(contract, fields(), { 'idempotency-key': key })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    // The same fields in another order are the same signed query: the same request.
    const { positions, fileName, sealId: id } = fields()
    const retry = await a.sealRaw(contract, { positions, fileName, sealId: id }, { 'idempotency-key': key })
    expect([retry.status, retry.headers['idempotent-replayed']]).toEqual([200, 'true'])
    expect(retry.body).toEqual(first.body)
    expect((await documentsOfPlatform()).length).toBe(before.documents + 1)
    expect((await useRecordsOfPlatform()).length).toBe(before.records + 1)

    const otherQuery = await a.sealRaw(contract, fields({ positions: [{ page: 2, x: 100, y: 100 }] }), { 'idempotency-key': key })
    expect([otherQuery.status, otherQuery.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED'])
    const otherBytes = await a.sealRaw(await chineseContract({ pages: 1 }), fields(), { 'idempotency-key': key })
    expect([otherBytes.status, otherBytes.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED'])
    const asJson = await a.seal({ ...fields(), pdf: Buffer.from(contract).toString('base64') }, { 'idempotency-key': key })
    expect([asJson.status, asJson.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED'])
    expect((await useRecordsOfPlatform()).length).toBe(before.records + 1)
  })

  it('refuses a query or a body changed after signing', async () => {
    const signedPath = rawSealingPath(fields())
    const movedSeal = rawSealingPath(fields({ positions: [{ page: 2, x: 100, y: 100 }] }))
    const query = await a.call({ path: signedPath, rawBody: contract, sendPath: movedSeal })
    expect([query.status, query.body.code, query.body.message]).toEqual([401, 'SIGNATURE_INVALID', '请求签名校验失败'])
    const renamed = await a.call({ path: signedPath, rawBody: contract, sendPath: `${signedPath}&remark=x` })
    expect(renamed.body.code).toBe('SIGNATURE_INVALID')
    const tampered = Buffer.from(contract)
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 10) ^ 1, tampered.length - 10)
    const body = await a.call({ path: signedPath, rawBody: contract, sendBody: tampered })
    expect([body.status, body.body.code]).toEqual([401, 'SIGNATURE_INVALID'])
  })

  it('refuses a body that is not a PDF, an empty one, and one over 10 MiB, as the JSON form does', async () => {
    const notPdf = await a.sealRaw(Buffer.from('not a pdf at all'), fields())
    expect([notPdf.status, notPdf.body.code, notPdf.body.message]).toEqual([422, 'PDF_INVALID', '文件不是有效的PDF'])
    const empty = await a.sealRaw(new Uint8Array(0), fields())
    expect([empty.status, empty.body.code]).toEqual([422, 'PDF_INVALID'])
    const big = Buffer.concat([Buffer.from(contract), Buffer.alloc(10 * MIB + 1 - contract.length, 0x20)])
    const tooLarge = await a.sealRaw(big, fields())
    expect([tooLarge.status, tooLarge.body.code, tooLarge.body.message]).toEqual([413, 'PAYLOAD_TOO_LARGE', '文件大小不能超过10M'])
  })

  it('checks the query’s fields by the JSON body’s rules, naming the field', async () => {
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ fileName: '原件合同.pdf', positions: [{ page: 1, x: 380, y: 60 }] }, 400, 'INVALID_REQUEST', '请求参数错误：sealId'],
      [fields({ positions: undefined }), 400, 'INVALID_REQUEST', '请求参数错误：positions'],
      [fields({ positions: '[{"page":1,' }), 400, 'INVALID_REQUEST', 'positions 不是有效的JSON'],
      [fields({ positions: [] }), 400, 'INVALID_REQUEST'],
      [fields({ positions: [{ page: 1 }] }), 400, 'INVALID_REQUEST'],
      [fields({ fileName: '../x.pdf' }), 400, 'INVALID_REQUEST', '文件名不能包含路径或控制字符'],
      [fields({ timestamp: 'yes' }), 400, 'INVALID_REQUEST'],
      [fields({ positions: Array.from({ length: 21 }, () => ({ page: 1, x: 100, y: 100 })) }), 422, 'TOO_MANY_SIGNATURES', '一次最多加盖20处印章'],
      [fields({ positions: [{ page: 9, x: 100, y: 100 }] }), 422, 'PAGE_OUT_OF_RANGE'],
      [fields({ sealId: 'no-such-seal' }), 403, 'SEAL_NOT_BOUND'],
    ]
    for (const [query, status, code, message] of cases) {
      const answer = await a.sealRaw(contract, query)
      expect([answer.status, answer.body.code], JSON.stringify([query, answer.body])).toEqual([status, code])
      if (message) expect(answer.body.message).toBe(message)
    }
  })

  it('refuses another content type with 415 UNSUPPORTED_MEDIA_TYPE, and a PDF body on a call that takes none', async () => {
    const plain = await a.call({ path: rawSealingPath(fields()), rawBody: contract, headers: { 'content-type': 'text/plain' } })
    expect([plain.status, plain.body.code, plain.body.message]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE', '请以 application/json 或 application/pdf 发送请求'])
    const octets = await a.call({ path: rawSealingPath(fields()), rawBody: contract, headers: { 'content-type': 'application/octet-stream' } })
    expect([octets.status, octets.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE'])
    const token = await t.app.inject({ method: 'POST', url: '/api/open/v1/token', headers: { 'content-type': 'application/pdf' }, payload: Buffer.from(contract) })
    expect([token.statusCode, token.json().code, token.json().message]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE', '请以 application/json 发送请求'])
  })

  it('refuses at once a seal whose certificate was revoked or which was frozen after it sealed, though its key was kept', async () => {
    expect((await a.sealRaw(contract, fields())).status).toBe(200)
    await t.db.update(sealCredentials).set({ status: 'revoked', revokedAt: new Date() }).where(eq(sealCredentials.sealId, sealId))
    const revoked = await a.sealRaw(contract, fields())
    expect([revoked.status, revoked.body.code, revoked.body.message]).toEqual([403, 'SEAL_UNUSABLE', '印章证书已吊销'])
    await t.db.update(sealCredentials).set({ status: 'active', revokedAt: null }).where(eq(sealCredentials.sealId, sealId))
    expect((await a.sealRaw(contract, fields())).status).toBe(200)
    const [seal] = await t.db.select({ status: seals.status }).from(seals).where(eq(seals.id, sealId))
    await t.db.update(seals).set({ status: sealStatusWide.FROZEN }).where(eq(seals.id, sealId))
    const frozen = await a.sealRaw(contract, fields())
    expect([frozen.status, frozen.body.code]).toEqual([403, 'SEAL_UNUSABLE'])
    await t.db.update(seals).set({ status: seal!.status }).where(eq(seals.id, sealId))
    expect((await a.sealRaw(contract, fields())).status).toBe(200)
  })

  it('documents both forms in the served OpenAPI document', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const post = docs.paths['/api/open/v1/documents'].post
    expect(Object.keys(post.requestBody.content).sort()).toEqual(['application/json', 'application/pdf'])
    expect(post.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['sealId', 'fileName', 'pdf', 'positions']))
    expect(post.requestBody.content['application/pdf'].schema).toMatchObject({ type: 'string', format: 'binary' })
    const query = (post.parameters as { in: string; name: string; schema: { type?: string } }[]).filter((p) => p.in === 'query')
    expect(query.map((p) => p.name).sort()).toEqual(['businessName', 'fileName', 'positions', 'remark', 'sealId', 'timestamp'])
    expect(query.find((p) => p.name === 'positions')!.schema.type).toBe('string')
    const get = docs.paths['/api/open/v1/documents/{documentId}'].get
    expect(Object.keys(get.responses['200'].content).sort()).toEqual(['application/json', 'application/pdf'])
    expect(get.responses['200'].content['application/json'].schema.required).toContain('pdf')
  })
})
