import sharp from 'sharp'
import { messages } from '@seal/shared/messages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxUnits } from '../identity/enterprise/sandbox-units.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { verifySealPin } from '../trust/pin.ts'
import { pictureFor, legalForm, type TestPerson } from './test-support.ts'

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`

/**
 * A unit verification that fails (other than 40075) does not end the application: the applicant goes on
 * with the uploaded licence and signed form, and a person decides (001 §4; issue #19). Auto review
 * (the sandbox default) must not approve it.
 */
describe('an application whose unit verification failed goes to a person with its materials', () => {
  let t: TestApp
  let zhao: TestPerson
  const unit = sandboxUnits.trading
  const call = (url: string, body?: unknown) => t.call({ method: body === undefined ? 'GET' : 'POST', url: `/api${url}`, body, token: zhao.token })
  const admin = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.app.inject({ method, url: `/api${url}`, payload, headers: { authorization: `Bearer ${t.secrets.adminToken}` } })).json()

  beforeAll(async () => {
    t = await startTestApp({ env: { REVIEW_MODE: 'auto' } })
    const person = { name: unit.legalPersonName, identityNo: unit.legalPersonIdentityNo, phone: unit.phone! }
    const token = await t.loginPersonal(person.phone, { name: person.name, identityNo: person.identityNo })
    zhao = { id: '', ...person, token, fileId: await pictureFor(t, token) }
  })
  afterAll(() => t.close())

  it('fails the four-element check, goes on with the licence and the signed form, waits under auto review, and is made once a reviewer approves', async () => {
    // A unit name the register does not have for this credit code: 四要素验证失败：单位名称不一致.
    const form = legalForm(zhao, { unitName: '示例贸易股份有限公司', socialCreditCode: unit.socialCreditCode }, { sealInfo: [{ _id: 'a', sealTypeCode: '01', sealPic: zhao.fileId }] })
    const id = (await call('/seal-apply/apply/temporary', form)).body.data.id as string
    const exchange = await call('/verifySign/paasExchangeToken', { idType: '111', idCardNo: zhao.identityNo, realName: zhao.name })
    const selfie = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#c8a27c' } }).png().toBuffer()
    const faceSerialNo = (await call('/face/verify', { token: exchange.body.data, image: dataUrl(selfie) })).body.data.serialNo
    const verdict = await call('/apply/fourElementsOfEnterpriseVerification', {
      applyId: id,
      legal: form.legalPersonName,
      legalIdentity: form.legalPersonIdentityNo,
      name: form.unitName,
      socialCode: form.socialCreditCode,
      faceSerialNo,
    })
    expect(verdict.body.data).toMatchObject({ resultStatus: '40001', data: { passed: false, nextStep: '1', reason: '单位名称不一致' } })

    // 上传材料转人工审核: on to seal setup without asking the vendor again, the PIN his own, then the materials.
    const pin = { legalPassword: 'Zhao6pin', legalPasswordConfirm: 'Zhao6pin' }
    expect((await call('/seal-apply/apply/save', { ...form, id, step: '2' })).body.data).toEqual({ id, step: '2' })
    expect((await call('/seal-apply/apply/save', { ...form, id, step: '3-1', ...pin })).body.data).toEqual({ id, step: '3-1' })
    const signedForm = await pictureFor(t, zhao.token)
    const materials = { ...form, id, step: '3-1', applicationFiles: [signedForm], truthful: true }
    expect((await call('/seal-apply/apply/submit', { id })).body.responseInfo).toBe(messages.applicationFormRequired)
    await call('/seal-apply/apply/temporary', materials)
    expect((await call('/seal-apply/apply/submit', { id })).body.data).toEqual({ id, applyStatus: 'PENDING_REVIEW' })
    expect((await call(`/seal-apply/apply/detail?id=${id}`)).body.data).toMatchObject({ applyStatus: 'PENDING_REVIEW', companyVerifyPass: false })

    // The reviewer sees why it came and what was uploaded.
    const detail = (await admin('GET', `/admin/applications/${id}`)).data
    expect(detail).toMatchObject({ applyStatus: 'PENDING_REVIEW', companyVerifyPass: false, companyVerifyReason: '四要素验证失败：单位名称不一致' })
    expect(detail.reviewReasons).toEqual(['单位核验未通过：四要素验证失败：单位名称不一致，已上传材料转人工审核'])
    const purposes = (detail.files as { purpose: string; fileId: string; url: string }[]).map((f) => [f.purpose, f.fileId])
    expect(purposes).toContainEqual(['businessLicense', zhao.fileId])
    expect(purposes).toContainEqual(['applicationFile:1', signedForm])
    const pending = (await admin('GET', `/admin/applications?socialCreditCode=${unit.socialCreditCode}`)).data.records
    expect(pending).toMatchObject([{ id, companyVerifyPass: false }])

    const ended = await admin('POST', `/admin/applications/${id}/review`, { reviewer: '审核员甲', decisions: [{ itemId: 'a', approve: true }] })
    expect(ended.data).toMatchObject({ applyStatus: 'APPLY_SUCCESS', reviewedBy: expect.stringContaining('ADMIN_TOKEN') })
    const sealId = ended.data.successSealItems[0].sealId as string
    expect((await verifySealPin(t.db, { sealId, pin: pin.legalPassword })).ok).toBe(true)
  })
})
