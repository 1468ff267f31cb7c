import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeTimeStampRequest, httpTimestampAuthority, readTimeStampResponse, timestampQueryType } from '@seal/pdf/sign/http-tsa'
import { findCaller } from '../auth/sessions.ts'
import { loadConfig } from '../config.ts'
import { files } from '../files/tables.ts'
import { multipart, startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor, samplePdf, uploadFile } from '../test/seals.ts'

const holder = { phone: '13700000021', name: '郑时戳', identityNo: '110101199001011237' }

/** A logged-in holder with a personal seal (PIN seal2026) and an uploaded PDF, on `t`. */
async function holderWithSealAndPdf(t: TestApp) {
  const token = await t.loginPersonal(holder.phone, holder)
  const caller = (await findCaller(t.db, token))!
  const made = await personalSealFor(t, token, { pin: 'seal2026', sealName: holder.name })
  const fileId = await uploadFile(t, token, { name: '合同.pdf', bytes: await samplePdf(), type: 'application/pdf' })
  return { token, accountId: caller.accountId, sealId: made.seal.id, fileId }
}

async function verifyReport(t: TestApp, token: string, fileId: string) {
  const download = await t.app.inject({ method: 'GET', url: `/api/file/download/${fileId}`, headers: { authorization: `Bearer ${token}` } })
  const { payload, headers } = multipart({ name: 'signed.pdf', bytes: download.rawPayload, type: 'application/pdf' })
  return (await t.app.inject({ method: 'POST', url: '/api/verify', payload, headers })).json().data.signatures[0]
}

const imprint = (text: string) => new Uint8Array(createHash('sha256').update(text).digest())

describe('signature timestamps with the sandbox TSA (the default)', () => {
  let t: TestApp
  let tsaUrl: string
  beforeAll(async () => {
    t = await startTestApp()
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    tsaUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/trust/tsa`
  })
  afterAll(() => t.close())

  it('timestamps every seal it applies: 验章 shows when and by whom (PAdES B-T)', async () => {
    const { token, sealId, fileId } = await holderWithSealAndPdf(t)
    const before = Date.now()
    const signed = await t.call({ url: '/api/seal/signDocument', body: { sealId, pin: 'seal2026', fileId }, token })
    expect(signed.body.resultStatus).toBe('00')
    const report = await verifyReport(t, token, signed.body.data.fileId)
    expect(report).toMatchObject({ valid: true, verdict: 'valid', problems: [], timestampAuthority: expect.stringContaining('电子印章服务 时间戳（沙箱）') })
    // The authority reads as a name, not as a raw distinguished name.
    expect(report.timestampAuthority).not.toMatch(/CN=|O=/)
    expect(report.timestampedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000)
    expect(report.timestampedAt).toBeLessThanOrEqual(Date.now())
  })

  it('answers RFC 3161 requests over HTTP with tokens that openssl ts verifies against the CA', async () => {
    const token = await httpTimestampAuthority({ url: tsaUrl, timeoutMs: 5000 }).requestToken(imprint('授权书'))
    const chain = await t.app.inject({ method: 'GET', url: '/api/trust/ca.crt?format=pem' })
    const dir = mkdtempSync(join(tmpdir(), 'seal-tsa-'))
    try {
      writeFileSync(join(dir, 'token.der'), token)
      writeFileSync(join(dir, 'chain.pem'), chain.body)
      const check = (digest: string) =>
        spawnSync('openssl', ['ts', '-verify', '-digest', digest, '-in', join(dir, 'token.der'), '-token_in', '-CAfile', join(dir, 'chain.pem')], { encoding: 'utf8' })
      expect(`${check(Buffer.from(imprint('授权书')).toString('hex')).stdout}`).toContain('Verification: OK')
      expect(check(Buffer.from(imprint('另一份')).toString('hex')).status).not.toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses a malformed time-stamp request in the protocol, and a request of another type with a message', async () => {
    const garbled = await t.app.inject({ method: 'POST', url: '/api/trust/tsa', payload: Buffer.from('not DER'), headers: { 'content-type': timestampQueryType } })
    expect(garbled.statusCode).toBe(200)
    expect(garbled.headers['content-type']).toBe('application/timestamp-reply')
    expect(() => readTimeStampResponse(garbled.rawPayload, imprint('x'), new Uint8Array([1]))).toThrow('时间戳服务拒绝了请求（状态 2）')

    const json = await t.call({ url: '/api/trust/tsa', body: { hash: 'abc' } })
    expect(json.status).toBeLessThan(500)
    expect(json.body.responseInfo).toBe('请以 application/timestamp-query 提交时间戳请求')

    const huge = await t.app.inject({ method: 'POST', url: '/api/trust/tsa', payload: Buffer.alloc(10_000), headers: { 'content-type': timestampQueryType } })
    expect(huge.statusCode).toBeLessThan(500)

    // A well-formed request with another hash algorithm's length is refused as badAlg, not stamped.
    const short = encodeTimeStampRequest(new Uint8Array(20), new Uint8Array([7]))
    const refused = await t.app.inject({ method: 'POST', url: '/api/trust/tsa', payload: Buffer.from(short), headers: { 'content-type': timestampQueryType } })
    expect(() => readTimeStampResponse(refused.rawPayload, new Uint8Array(20), new Uint8Array([7]))).toThrow('状态 2')
  })
})

describe('signature timestamps from a configured TSA', () => {
  it('refuses to seal, and keeps nothing, when the timestamp server cannot be reached', async () => {
    const t = await startTestApp({ env: { TSA_PROVIDER: 'http', TSA_PROVIDER_URL: 'http://127.0.0.1:1/tsp', TSA_TIMEOUT_MS: '2000' } })
    try {
      const { token, accountId, sealId, fileId } = await holderWithSealAndPdf(t)
      const filesBefore = await t.db.select().from(files).where(eq(files.ownerAccountId, accountId))
      const signed = await t.call({ url: '/api/seal/signDocument', body: { sealId, pin: 'seal2026', fileId }, token })
      expect(signed.status).toBe(200)
      expect(signed.body.responseInfo).toBe('时间戳服务暂不可用，请稍后再试（无法连接时间戳服务）')
      expect(await t.db.select().from(files).where(eq(files.ownerAccountId, accountId))).toHaveLength(filesBefore.length)
      // The sandbox TSA is not served when another one is configured.
      expect((await t.app.inject({ method: 'POST', url: '/api/trust/tsa', payload: Buffer.from(encodeTimeStampRequest(imprint('x'), new Uint8Array([1]))), headers: { 'content-type': timestampQueryType } })).statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })

  it('signs without a timestamp when timestamps are off (PAdES B-B)', async () => {
    const t = await startTestApp({ env: { TSA_PROVIDER: 'none' } })
    try {
      const { token, sealId, fileId } = await holderWithSealAndPdf(t)
      const signed = await t.call({ url: '/api/seal/signDocument', body: { sealId, pin: 'seal2026', fileId }, token })
      expect(await verifyReport(t, token, signed.body.data.fileId)).toMatchObject({ valid: true, timestampedAt: null, timestampAuthority: null })
    } finally {
      await t.close()
    }
  })

  it('will not start with TSA_PROVIDER=http and no address, or a timeout that is not a number', () => {
    expect(() => loadConfig({ TSA_PROVIDER: 'http' })).toThrow('TSA_PROVIDER_URL must be set')
    expect(() => loadConfig({ TSA_TIMEOUT_MS: 'soon' })).toThrow('TSA_TIMEOUT_MS')
    expect(loadConfig({}).timestamping).toEqual({ provider: 'sandbox', timeoutMs: 10_000 })
  })
})
