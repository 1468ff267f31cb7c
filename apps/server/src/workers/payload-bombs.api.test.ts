import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corruptPdf, xrefBombPdf, zeroPng } from '@seal/pdf/test/payload-bombs'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { stampPhoto } from '@seal/seal/test/stamp-photo'
import { multipart, startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor, samplePdf, uploadFile } from '../test/seals.ts'
import { STALL_MS, underLoad } from '../test/under-load.ts'
import { makeWriter, writeSignature } from '../signing/handwriting-synthetic.ts'


const holder = { phone: '13700000031', name: '赵炸弹', identityNo: '110101199001011253' }


describe('payload bombs: caps and the worker pool keep one request from stalling the others', () => {
  let t: TestApp
  let token: string
  let sealId: string
  const bomb = xrefBombPdf() // 1 MB that inflates to 1 GB
  const verify = (bytes: Uint8Array) => {
    const { payload, headers } = multipart({ name: 'bomb.pdf', bytes, type: 'application/pdf' })
    return t.app.inject({ method: 'POST', url: '/api/verify', payload, headers })
  }
  const sign = (fileId: string) => t.call({ url: '/api/seal/signDocument', body: { sealId, pin: 'bomb2026', fileId }, token })

  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginPersonal(holder.phone, { name: holder.name, identityNo: holder.identityNo })
    sealId = (await personalSealFor(t, token, { pin: 'bomb2026' })).seal.id
    // Warm up: the first task starts a worker thread; later measurements are of the work, not the start.
    await verify(await samplePdf())
  })
  afterAll(() => t.close())

  it('answers a PDF whose xref stream inflates to 1 GB on /api/verify quickly, without holding the loop or the memory', async () => {
    const { result, totalMs, cheapMs, loopMaxMs, grownMb } = await underLoad(t, () => verify(bomb))
    expect(result.statusCode).toBe(200)
    expect(result.json()).toMatchObject({ resultStatus: '10000', responseInfo: 'PDF文件过大或已损坏，无法验章' })
    expect(totalMs).toBeLessThan(5_000)
    expect(cheapMs).toBeLessThan(STALL_MS)
    expect(loopMaxMs).toBeLessThan(STALL_MS)
    expect(grownMb).toBeLessThan(200)
  })

  it('answers two bombs at once the same way', async () => {
    const { result, cheapMs, loopMaxMs, grownMb } = await underLoad(t, () => Promise.all([verify(bomb), verify(bomb)]))
    for (const answer of result) expect(answer.json().responseInfo).toBe('PDF文件过大或已损坏，无法验章')
    expect(cheapMs).toBeLessThan(STALL_MS)
    expect(loopMaxMs).toBeLessThan(STALL_MS)
    expect(grownMb).toBeLessThan(200)
  })

  it('refuses to seal an uploaded bomb with a clear message, without holding the loop', async () => {
    const fileId = await uploadFile(t, token, { name: '炸弹.pdf', bytes: bomb, type: 'application/pdf' })
    const { result, totalMs, cheapMs, loopMaxMs, grownMb } = await underLoad(t, () => sign(fileId))
    expect(result.status).toBe(200)
    expect(result.body.responseInfo).toBe('PDF文件过大或已损坏，无法签章')
    expect(totalMs).toBeLessThan(5_000)
    expect(cheapMs).toBeLessThan(STALL_MS)
    expect(loopMaxMs).toBeLessThan(STALL_MS)
    expect(grownMb).toBeLessThan(200)
  })

  it('answers a corrupt PDF with a clear message on /api/verify and on signing, never a 500', async () => {
    const broken = corruptPdf()
    const verified = await verify(broken)
    expect(verified.statusCode).toBe(200)
    expect(verified.json().responseInfo).toBe('文件无法解析，请确认是完整的PDF文件')
    const signed = await sign(await uploadFile(t, token, { name: '损坏.pdf', bytes: broken, type: 'application/pdf' }))
    expect(signed.status).toBe(200)
    expect(signed.body.responseInfo).toBe('文件不是有效的PDF文档，无法签章')
  })

  it('refuses a 10000×10000 handwriting PNG when it is saved, so no agreement is signed with it', async () => {
    const writer = makeWriter(7)
    const png = zeroPng(10_000, 10_000, 4)
    const body = {
      identity: holder.identityNo,
      name: holder.name,
      signData: writeSignature(writer, 'genuine', 1),
      device: { pointerType: 'touch', screenWidth: 390, screenHeight: 844, pixelRatio: 3 },
      signImage: `data:image/png;base64,${png.toString('base64')}`,
    }
    const { result, totalMs, cheapMs, loopMaxMs } = await underLoad(t, () => t.call({ url: '/api/sign/handwriting/save', body, token }))
    expect(result.body).toMatchObject({ resultStatus: '10000', responseInfo: '图片尺寸过大，请缩小后重新上传' })
    expect(totalMs).toBeLessThan(2_000)
    expect(cheapMs).toBeLessThan(STALL_MS)
    expect(loopMaxMs).toBeLessThan(STALL_MS)
  })

  it('refuses a 16000×16000 selfie on /api/face/verify before it is decoded', async () => {
    const faceToken = (
      await t.call({ url: '/api/verifySign/paasExchangeToken', body: { idType: '111', idCardNo: holder.identityNo, realName: holder.name }, token })
    ).body.data
    const image = `data:image/png;base64,${zeroPng(16_000, 16_000).toString('base64')}`
    const { result, totalMs, cheapMs, loopMaxMs } = await underLoad(t, () => t.call({ url: '/api/face/verify', body: { token: faceToken, image }, token }))
    expect(result.body).toMatchObject({ resultStatus: '10000', responseInfo: '图片尺寸过大，请缩小后重新上传' })
    expect(totalMs).toBeLessThan(2_000)
    expect(cheapMs).toBeLessThan(STALL_MS)
    expect(loopMaxMs).toBeLessThan(STALL_MS)
  })

  it('cuts a stamp out of a phone photo without holding the loop for its pixel analysis', async () => {
    const seal = Buffer.from((await renderOrganizationSeal({ unitName: '北京明远科技有限公司', sealTypeCode: '04', sealCode: '1101080012345' })).png)
    const photo = await stampPhoto({ seal, width: 2400, height: 1800 })
    const body = { file: `data:image/jpeg;base64,${photo.toString('base64')}` }
    const { result, cheapMs, loopMaxMs } = await underLoad(t, () => t.call({ url: '/api/seal-apply/seal/cutoutBase64', body, token }))
    expect(result.body.data).toMatchObject({ succ: true })
    expect(cheapMs).toBeLessThan(STALL_MS)
    expect(loopMaxMs).toBeLessThan(STALL_MS)
  })

  it('lays out the agreements (CJK font subsetting) without holding the loop', async () => {
    const { result, cheapMs, loopMaxMs } = await underLoad(t, () => t.call({ method: 'GET', url: '/api/apply/getAttachmentAgreement', token }))
    expect(result.body.data).toHaveLength(2)
    expect(cheapMs).toBeLessThan(STALL_MS)
    expect(loopMaxMs).toBeLessThan(STALL_MS)
  })

  it('still verifies and seals a real document through the workers', async () => {
    const fileId = await uploadFile(t, token, { name: '合同.pdf', bytes: await samplePdf(), type: 'application/pdf' })
    const signed = await sign(fileId)
    expect(signed.body.resultStatus).toBe('00')
  })
})
