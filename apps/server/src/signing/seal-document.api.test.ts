import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipart, startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor, samplePdf, uploadFile } from '../test/seals.ts'

const holder = { phone: '13700000011', name: '陈用章', identityNo: '110101199001011237' }
const stranger = { phone: '13700000012', name: '林旁人', identityNo: '110101199202023453' }

describe('用章: POST /seal/signDocument', () => {
  let t: TestApp
  let token: string
  let otherToken: string
  let sealId: string
  let pdfId: string
  let pngId: string

  const upload = (bytes: Uint8Array, name: string, type: string, as = token) => uploadFile(t, as, { name, bytes, type })
  const sign = (body: unknown, as = token) => t.call({ url: '/api/seal/signDocument', body, token: as })

  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginPersonal(holder.phone, { name: holder.name, identityNo: holder.identityNo })
    otherToken = await t.loginPersonal(stranger.phone, { name: stranger.name, identityNo: stranger.identityNo })
    const made = await personalSealFor(t, token, { pin: 'seal2026', sealName: holder.name })
    sealId = made.seal.id
    pdfId = await upload(await samplePdf(), '合同.pdf', 'application/pdf')
    pngId = await upload(made.image, 'seal.png', 'image/png')
  })
  afterAll(() => t.close())

  it('seals the holder’s PDF with the right password; 验章 names the person and finds it intact', async () => {
    const wrong = await sign({ sealId, pin: 'seal2027', fileId: pdfId })
    expect(wrong.body.responseInfo).toMatch(/印章密码错误，还可尝试4次/)
    // A refusal carrying data is still a JSON envelope the client can read.
    expect(wrong.raw.headers['content-type']).toMatch(/^application\/json/)

    const signed = await sign({ sealId, pin: 'seal2026', fileId: pdfId, remark: '合同签章' })
    expect(signed.body).toMatchObject({ resultStatus: '00', data: { fileId: expect.any(String), fileName: '合同（已签章）.pdf' } })

    const download = await t.app.inject({ method: 'GET', url: `/api/file/download/${signed.body.data.fileId}`, headers: { authorization: `Bearer ${token}` } })
    const { payload, headers } = multipart({ name: 'signed.pdf', bytes: download.rawPayload, type: 'application/pdf' })
    const report = (await t.app.inject({ method: 'POST', url: '/api/verify', payload, headers })).json()
    expect(report.data.signatures).toHaveLength(1)
    expect(report.data.signatures[0]).toMatchObject({
      valid: true,
      documentUnchanged: true,
      signer: { kind: 'person', sealTypeCode: '1000', commonName: expect.stringContaining(holder.name) },
    })
  })

  it('refuses someone else’s seal or file, a picture instead of a PDF, and a page the document does not have', async () => {
    expect((await sign({ sealId, pin: 'seal2026', fileId: pdfId }, otherToken)).body.responseInfo).toBe('数据不存在')
    const theirs = await upload(Buffer.from('%PDF-1.4\n%%EOF\n'), 'x.pdf', 'application/pdf', otherToken)
    expect((await sign({ sealId, pin: 'seal2026', fileId: theirs })).body.responseInfo).toBe('文件ID不存在')
    expect((await sign({ sealId, pin: 'seal2026', fileId: pngId })).body.responseInfo).toBe('请选择PDF格式的文件')
    expect((await sign({ sealId, pin: 'seal2026', fileId: pdfId, page: 99 })).body.responseInfo).toBe('签章页码超出文档页数')
  })

  it('answers bad input with a clear message, never a 500', async () => {
    const missing = await sign({ pin: 'seal2026', fileId: pdfId })
    expect(missing.status).toBeLessThan(500)
    expect(missing.body.responseInfo).toContain('sealId')
    const wrongType = await sign({ sealId, pin: 'seal2026', fileId: pdfId, page: 'one' })
    expect(wrongType.status).toBeLessThan(500)
    expect(wrongType.body.resultStatus).not.toBe('00')
    const anonymous = await t.call({ url: '/api/seal/signDocument', body: { sealId, pin: 'seal2026', fileId: pdfId } })
    expect(anonymous.status).toBe(401)
  })
})
