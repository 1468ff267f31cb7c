import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chineseDate } from '@seal/pdf/documents/format'
import { compactText } from '@seal/pdf/documents/inspect-pdf'
import { findCaller } from '../auth/sessions.ts'
import { files } from '../files/tables.ts'
import { renderIdCardBack, renderIdCardFront } from '../identity/test-images/id-card.ts'
import { demo } from '../seed.ts'
import { makeWriter, writeSignature } from '../signing/handwriting-synthetic.ts'
import { sealDocument } from '../signing/seal-document.ts'
import { multipart, startTestApp, type TestApp } from '../test/harness.ts'

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`
const applicant = { phone: '13300000071', name: '陈静', identityNo: '320102199511203453' }

describe('personal name seal application', () => {
  let t: TestApp
  let token: string
  let frontSerial: string
  let backSerial: string
  let faceSerial: string
  let signatureId: string
  const call = (url: string, body?: unknown, as = token) => t.call({ method: body === undefined ? 'GET' : 'POST', url, body, token: as })
  const verify = async (bytes: Buffer) => {
    const { payload, headers } = multipart({ name: 'a.pdf', bytes, type: 'application/pdf' })
    return (await t.app.inject({ method: 'POST', url: '/api/verify', payload, headers })).json()
  }
  const uploadId = async (image: Buffer, imgType: '10' | '11', as = token) =>
    (await call('/api/paas-ai/ocr/uploadImgBase64', { fileBase64: dataUrl(image), imgType }, as)).body.data.busSerialNo as string

  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginPersonal(applicant.phone, { name: applicant.name, identityNo: applicant.identityNo })
    frontSerial = await uploadId(await renderIdCardFront({ name: applicant.name, idNumber: applicant.identityNo }), '10')
    backSerial = await uploadId(await renderIdCardBack({ issuingAuthority: '南京市公安局玄武分局', validFrom: '20160510', validTo: '20360510' }), '11')
  })
  afterAll(() => t.close())

  it('refuses an enterprise account, and a back side where the front belongs', async () => {
    const enterprise = await t.loginEnterprise(demo.unit.socialCreditCode, demo.legalPerson.phone)
    const refused = await call('/api/personSeal/apply/draft', undefined, enterprise)
    expect(refused.body.responseInfo).toBe('请切换至个人账户进行个人电子名章申请')
    const swapped = await call('/api/personSeal/apply/identity', { personName: applicant.name, identityNum: applicant.identityNo, tel: applicant.phone, frontSerial: backSerial, backSerial })
    expect(swapped.body.responseInfo).toBe('请上传身份证正面')
  })

  it('refuses an ID card of someone else than the logged-in person', async () => {
    const other = await uploadId(await renderIdCardFront({ name: demo.person.name, idNumber: demo.person.identityNo }), '10')
    const answer = await call('/api/personSeal/apply/identity', { personName: applicant.name, identityNum: applicant.identityNo, tel: applicant.phone, frontSerial: other, backSerial })
    expect(answer.body.responseInfo).toBe('证件号与登录号码不一致，请重新上传')
  })

  it('checks identity by OCR, then face, keeping a draft the person can come back to', async () => {
    expect((await call('/api/personSeal/queryCanOrNotApply', { dzmzcyzZjhm: applicant.identityNo, dzmzcyzXm: applicant.name })).body.data).toBe(false)
    const identity = await call('/api/personSeal/apply/identity', { personName: applicant.name, identityNum: applicant.identityNo, tel: applicant.phone, frontSerial, backSerial })
    expect(identity.body).toMatchObject({ resultStatus: '00', data: { identityChecked: true, step: 2 } })

    const faceToken = (await call('/api/verifySign/paasExchangeToken', { idType: '111', idCardNo: applicant.identityNo, realName: applicant.name })).body.data
    const selfie = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#c8a27c' } }).png().toBuffer()
    const face = await call('/api/face/verify', { token: faceToken, image: dataUrl(selfie) })
    expect(face.body.data.status).toBe('2')
    faceSerial = face.body.data.serialNo
    expect((await call('/api/personSeal/apply/face', { serialNo: faceSerial })).body.data).toMatchObject({ faceSerialNo: faceSerial, step: 3 })
    expect((await call('/api/personSeal/apply/draft')).body.data).toMatchObject({ personName: applicant.name, identityChecked: true, step: 3 })
  })

  it('signs the agreements by hand: each signed PDF verifies as intact and trusted', async () => {
    const writer = makeWriter(7)
    const sample = (seed: number) => ({ identity: applicant.identityNo, name: applicant.name, signData: writeSignature(writer, 'genuine', seed) })
    const first = await call('/api/sign/handwriting/save', sample(1))
    signatureId = first.body.data.signatureId
    const agreements = await call('/api/apply/getAttachmentAgreement')
    expect(agreements.body.data.map((a: { title: string }) => a.title)).toEqual(['个人电子名章申请协议', '实名认证服务协议'])
    // Reading the agreements again stores nothing new: the same files come back.
    const caller = (await findCaller(t.db, token))!
    const stored = () => t.db.$count(files, eq(files.ownerAccountId, caller.accountId))
    const before = await stored()
    for (let i = 0; i < 3; i += 1) expect((await call('/api/apply/getAttachmentAgreement')).body.data).toEqual(agreements.body.data)
    expect(await stored()).toBe(before)

    const signed = await call('/api/apply/signAgreement', { identity: applicant.identityNo, name: applicant.name, handwritingInfo: { signatureId } })
    expect(signed.body.resultStatus).toBe('00')
    expect(signed.body.data).toHaveLength(2)
    for (const { fileId } of signed.body.data) {
      const file = await t.app.inject({ method: 'GET', url: `/api/file/download/${fileId}`, headers: { authorization: `Bearer ${token}` } })
      // The 日期 box carries the signing day, Beijing time.
      expect(compactText(new Uint8Array(file.rawPayload))).toContain(chineseDate(Date.now()))
      const report = await verify(file.rawPayload)
      expect(report.data.signatures).toHaveLength(1)
      expect(report.data.signatures[0]).toMatchObject({ valid: true, chainTrusted: true, documentUnchanged: true, coversWholeDocument: true })
    }
    for (const seed of [2, 3]) expect((await call('/api/sign/handwriting/save', sample(seed))).body.data.pass).toBe(true)
  })

  it('previews the three styles from the name, records the choices and makes a seal that can sign', async () => {
    const styles = await call('/api/personSeal/stylePreview', {})
    expect(styles.body.data.map((s: { style: string }) => s.style)).toEqual(['1', '2', '3'])
    expect(styles.body.data[0].image).toMatch(/^data:image\/png;base64,/)
    await call('/api/personSeal/apply/choose', { signatureId })
    expect((await call('/api/personSeal/apply/choose', { style: '2' })).body.data).toMatchObject({ style: '2', step: 6 })

    const payload = {
      personIdentity: applicant.identityNo,
      personName: applicant.name,
      personFront: frontSerial,
      personBack: backSerial,
      makeDate: '20261122',
      tel: applicant.phone,
      style: '2',
      serialNo: faceSerial,
    }
    const weak = await call('/api/seal-apply/apply/save/person', { ...payload, pin: '12345678' })
    expect(weak.body.responseInfo).toBe('请输入6-16位密码（数字/字母/特殊符号任意两种）')
    const made = await call('/api/seal-apply/apply/save/person', { ...payload, pin: ' seal 2026 ' })
    expect(made.body).toMatchObject({ resultStatus: '00', data: { sealId: expect.any(String) } })

    const list = await call('/api/seal/queryPersonSeals', { needPic: true })
    expect(list.body.data).toHaveLength(1)
    expect(list.body.data[0]).toMatchObject({ id: made.body.data.sealId, sealTypeCode: '1000', status: '1', personName: applicant.name })
    expect((await call('/api/personSeal/queryCanOrNotApply', { dzmzcyzZjhm: applicant.identityNo, dzmzcyzXm: applicant.name })).body.data).toBe(true)
    const again = await call('/api/personSeal/apply/identity', { personName: applicant.name, identityNum: applicant.identityNo, tel: applicant.phone, frontSerial, backSerial })
    expect(again.body.responseInfo).toBe('个人名章正在申请中或生效中，请勿重新申请！')

    // The new seal signs with its password (spaces stripped, as the rule says) and the signature verifies.
    const caller = (await findCaller(t.db, token))!
    const [agreementFile] = (await call('/api/apply/getAttachmentAgreement')).body.data
    const original = await t.app.inject({ method: 'GET', url: `/api/file/download/${agreementFile.fileId}`, headers: { authorization: `Bearer ${token}` } })
    const { pdf } = await sealDocument(t.app.trust, {
      caller,
      sealId: made.body.data.sealId,
      pin: 'seal2026',
      pdf: new Uint8Array(original.rawPayload),
      placement: { page: 1, x: 400, y: 100, width: 60, height: 60 },
      fileName: 'agreement.pdf',
    })
    const report = await verify(Buffer.from(pdf))
    expect(report.data.signatures[0]).toMatchObject({ valid: true, signer: { kind: 'person', commonName: expect.stringContaining(applicant.name), sealTypeCode: '1000' } })
  })

  it('重新填写 starts again: the new application carries no face check, agreements or signature of the old one', async () => {
    const person = { phone: '13300000072', name: '王芳', identityNo: '310104198511202465' }
    const other = await t.loginPersonal(person.phone, { name: person.name, identityNo: person.identityNo })
    const front = await uploadId(await renderIdCardFront({ name: person.name, idNumber: person.identityNo }), '10', other)
    const back = await uploadId(await renderIdCardBack({ issuingAuthority: '上海市公安局黄浦分局', validFrom: '20160510', validTo: '20360510' }), '11', other)
    const identity = { personName: person.name, identityNum: person.identityNo, tel: person.phone, frontSerial: front, backSerial: back }
    await call('/api/personSeal/apply/identity', identity, other)
    const faceToken = (await call('/api/verifySign/paasExchangeToken', { idType: '111', idCardNo: person.identityNo, realName: person.name }, other)).body.data
    const selfie = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#c8a27c' } }).png().toBuffer()
    const face = await call('/api/face/verify', { token: faceToken, image: dataUrl(selfie) }, other)
    const old = (await call('/api/personSeal/apply/face', { serialNo: face.body.data.serialNo }, other)).body.data
    expect(old).toMatchObject({ step: 3, faceSerialNo: face.body.data.serialNo })

    const restarted = await call('/api/personSeal/apply/restart', {}, other)
    expect(restarted.body.resultStatus).toBe('00')
    expect((await call('/api/personSeal/apply/draft', undefined, other)).body.data).toBeNull()
    // The face serial of the old application cannot be brought back into the new one either.
    expect((await call('/api/personSeal/apply/face', { serialNo: face.body.data.serialNo }, other)).body.responseInfo).toBe('申请信息不完整，请按步骤完成申请')
    const fresh = (await call('/api/personSeal/apply/identity', identity, other)).body.data
    expect(fresh).toMatchObject({ step: 2, faceSerialNo: null, agreementFiles: [], signatureId: null })
    expect(fresh.applyId).not.toBe(old.applyId)
    // Restarting with nothing open is not an error.
    await call('/api/personSeal/apply/restart', {}, other)
    expect((await call('/api/personSeal/apply/restart', {}, other)).body.resultStatus).toBe('00')
  })
})
