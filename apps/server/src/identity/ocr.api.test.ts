import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../files/tables.ts'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { ocrRequests } from './tables.ts'
import { renderBusinessLicence } from './test-images/business-licence.ts'
import { renderIdCardBack, renderIdCardFront } from './test-images/id-card.ts'
import { photographed } from './test-images/photo-effects.ts'

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`

describe('OCR of ID cards and licences through the API', () => {
  let t: TestApp
  let token: string
  let other: string
  let front: Buffer
  let back: Buffer
  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginPersonal(demo.person.phone)
    other = await t.loginPersonal('13300000061', { name: '王芳', identityNo: '310104198511202465' })
    front = await photographed(
      await renderIdCardFront({ name: demo.person.name, idNumber: demo.person.identityNo }),
      {
        rotateDeg: 2,
        margin: 0.05,
        jpegQuality: 80,
      },
    )
    back = await renderIdCardBack({
      issuingAuthority: '北京市公安局东城分局',
      validFrom: '20160510',
      validTo: '20360510',
    })
  })
  afterAll(() => t.close())

  const upload = (body: object, as = token) =>
    t.call({ url: '/api/paas-ai/ocr/uploadImgBase64', body, token: as })
  const idCard = (serial: string, as = token) =>
    t.call({ url: `/api/paas-ai/ocr/idcard/${serial}`, token: as })

  it('recognises the front of the caller’s ID card photographed by phone, keeping only its hash', async () => {
    const uploaded = await upload({ fileBase64: dataUrl(front, 'image/jpeg'), imgType: '10' })
    expect(uploaded.body).toMatchObject({ resultStatus: '00', data: { busSerialNo: expect.any(String) } })
    const result = await idCard(uploaded.body.data.busSerialNo)
    expect(result.body.data).toMatchObject({
      busSerialNo: uploaded.body.data.busSerialNo,
      imgType: '10',
      idCardNum: demo.person.identityNo,
      userName: demo.person.name,
      birthDate: '19900307',
    })
    const [row] = await t.db
      .select()
      .from(ocrRequests)
      .where(eq(ocrRequests.id, uploaded.body.data.busSerialNo))
    expect(row!.imageSha256).toMatch(/^[0-9a-f]{64}$/)
    expect(await t.db.select().from(files)).toHaveLength(0)
  })

  it('recognises the back (bare base64, numeric imgType) with its validity and authority dates', async () => {
    const uploaded = await upload({ fileBase64: back.toString('base64'), imgType: 11 })
    const result = await idCard(uploaded.body.data.busSerialNo)
    expect(result.body.data).toMatchObject({
      imgType: '11',
      validFrom: '20160510',
      expiredDateStr: '20360510',
      authorDateStr: '2016.05.10-2036.05.10',
    })
  })

  it('answers the same picture uploaded again with the first serial, without reading it again', async () => {
    const first = await upload({ fileBase64: back.toString('base64'), imgType: '11' })
    const started = Date.now()
    const again = await upload({ fileBase64: dataUrl(back), imgType: '11' })
    expect(again.body.data.busSerialNo).toBe(first.body.data.busSerialNo)
    expect(Date.now() - started).toBeLessThan(500)
  })

  it("does not show one person's recognition to another, nor a card's serial as a licence", async () => {
    const uploaded = await upload({ fileBase64: back.toString('base64'), imgType: '11' })
    const serial = uploaded.body.data.busSerialNo
    expect((await idCard(serial, other)).body).toMatchObject({
      resultStatus: '404',
      responseInfo: '数据不存在',
      data: null,
    })
    const asLicence = await t.call({ url: `/api/paas-ai/ocr/businessLicense/${serial}`, token })
    expect(asLicence.body).toMatchObject({ resultStatus: '404', responseInfo: '数据不存在' })
    expect((await idCard('no-such-serial')).body.responseInfo).toBe('数据不存在')
  })

  it('says which side is expected when the wrong side was uploaded', async () => {
    const backAsFront = await upload({ fileBase64: dataUrl(back), imgType: '10' })
    expect((await idCard(backAsFront.body.data.busSerialNo)).body).toMatchObject({
      resultStatus: '10000',
      responseInfo: '请上传身份证正面',
    })
    const frontAsBack = await upload({ fileBase64: dataUrl(front, 'image/jpeg'), imgType: '11' })
    expect((await idCard(frontAsBack.body.data.busSerialNo)).body.responseInfo).toBe('请上传正确的证件国徽面')
  })

  it('answers 图片识别失败 for a picture with nothing to read', async () => {
    const blank = await sharp({ create: { width: 900, height: 570, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer()
    const uploaded = await upload({ fileBase64: dataUrl(blank, 'image/jpeg'), imgType: '10' })
    expect(uploaded.body.resultStatus).toBe('00')
    const result = await idCard(uploaded.body.data.busSerialNo)
    expect(result.body).toMatchObject({ resultStatus: '10000', responseInfo: '图片识别失败' })
  })

  it('refuses a picture over 5 MB, a file that is not png or jpeg, bad base64 and an unknown imgType', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const oversize = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)])
    expect((await upload({ fileBase64: dataUrl(oversize), imgType: '10' })).body).toMatchObject({
      resultStatus: '10000',
      responseInfo: '图片上传失败:图片大小不能超过5M',
    })
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')
    expect((await upload({ fileBase64: dataUrl(gif, 'image/png'), imgType: '10' })).body.responseInfo).toBe(
      '图片上传失败:请上传png、jpeg、jpg格式的图片',
    )
    const pdf = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1')
    expect(
      (await upload({ fileBase64: dataUrl(pdf, 'application/pdf'), imgType: '20' })).body.responseInfo,
    ).toBe('图片上传失败:请上传png、jpeg、jpg格式的图片')
    expect(
      (await upload({ fileBase64: 'data:image/png;base64,@@@not base64###', imgType: '10' })).body
        .responseInfo,
    ).toBe('图片上传失败:图片数据不是有效的base64编码')
    const truncated = png.subarray(0, 20)
    expect((await upload({ fileBase64: dataUrl(truncated), imgType: '10' })).body.responseInfo).toBe(
      '图片上传失败:图片已损坏，请重新选择',
    )
    expect((await upload({ fileBase64: '', imgType: '10' })).body.responseInfo).toBe(
      '图片上传失败:请选择图片',
    )
    const badType = await upload({ fileBase64: dataUrl(png), imgType: '12' })
    expect(badType.body).toMatchObject({
      resultStatus: '400',
      responseInfo: '不支持的图片类型（imgType应为10、11或20）',
    })
    const missing = await upload({ imgType: '10' })
    expect(missing.status).toBe(200)
    expect(missing.body.responseInfo).toBe('图片上传失败:请选择图片')
  })

  it('asks for a login before reading anything', async () => {
    const response = await t.call({
      url: '/api/paas-ai/ocr/uploadImgBase64',
      body: { fileBase64: back.toString('base64'), imgType: '11' },
    })
    expect(response.status).toBe(401)
  })

  it('recognises a business licence for an enterprise login', async () => {
    const enterprise = await t.loginEnterprise(demo.unit.socialCreditCode, demo.legalPerson.phone)
    const licence = await renderBusinessLicence({
      unitName: demo.unit.name,
      socialCreditCode: demo.unit.socialCreditCode,
      legalName: demo.legalPerson.name,
    })
    const uploaded = await upload({ fileBase64: dataUrl(licence), imgType: '20' }, enterprise)
    const result = await t.call({
      url: `/api/paas-ai/ocr/businessLicense/${uploaded.body.data.busSerialNo}`,
      token: enterprise,
    })
    expect(result.body.data).toEqual({
      busSerialNo: uploaded.body.data.busSerialNo,
      imgType: '20',
      unitName: demo.unit.name,
      socialCreditCode: demo.unit.socialCreditCode,
      legalName: demo.legalPerson.name,
    })
  })
})
