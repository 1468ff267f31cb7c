import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { offlineMessages, OFFLINE_SEAL_PATTERN_MAX_BYTES } from '@seal/shared/api/offline-apply'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import { messages } from '@seal/shared/messages'
import { seals } from '../seals/tables.ts'
import { multipart, startTestApp, type TestApp } from '../test/harness.ts'
import { samplePdf, uploadFile } from '../test/seals.ts'
import { applicantFor, creditCode, idNumber, insertApplication } from '../test/unit-applications.ts'
import { sealPins } from '../trust/tables.ts'
import { unitApplications } from '../unit-apply/tables.ts'
import { pictureFor } from '../unit-apply/test-support.ts'
import { givePatterns, institutionCreditCode, offlineBase, offlineForm, operatorFor, type Operator } from './test-support.ts'

/**
 * An administrative or public institution (06) applies through step-2-2 (signed documents, 稍后上传) and is
 * approved only after a person's review, into seals pending activation; the same for a 06 operator's
 * application of the new wizard, which skips the legal representative's online signature (001 §1, §4).
 * Uploads are bounded: seal patterns 10 MB, documents 5 of 10 MB.
 */
describe('government units and bounded uploads at the offline door', () => {
  let t: TestApp
  let operator: Operator
  let legal: Operator
  const call = (url: string, body?: unknown, who: { token: string } = operator) =>
    t.call({ method: body === undefined ? 'GET' : 'POST', url: url.startsWith('/api') ? url : `${offlineBase}${url}`, body, token: who.token })
  const admin = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.app.inject({ method, url: `/api${url}`, payload, headers: { authorization: `Bearer ${t.secrets.adminToken}` } })).json()
  const pinsOf = (ids: string[]) => t.db.select().from(sealPins).where(inArray(sealPins.sealId, ids))

  beforeAll(async () => {
    t = await startTestApp({ env: { REVIEW_MODE: 'auto' } })
    operator = await operatorFor(t, 811, '冯经办')
    legal = await operatorFor(t, 812, '陈局长')
  })
  afterAll(() => t.close())

  it('takes a 06 application through the signed documents, save-for-later included, to pending-activation seals after review', async () => {
    const unit = { unitName: '某市数据管理中心', socialCreditCode: institutionCreditCode(811), unitTypeCode: '06' }
    const applyId = (await call('/create', offlineForm(operator, legal, unit))).body.data.applyId as string
    await givePatterns(t, operator, applyId, unit.unitName)

    // step-2-2: without the signed documents a 06 new application is not submitted; 稍后上传 keeps the draft there.
    expect((await call('/submitTodo', { applyId })).body.responseInfo).toBe(messages.applicationFormRequired)
    expect((await call('/pendingUpload', { applyId })).body).toMatchObject({ resultStatus: '00', responseInfo: offlineMessages.savedForLater, data: { applyId, applyStatus: 7 } })
    expect((await call(`/applyDetail/${applyId}`)).body.data).toMatchObject({ pendingUpload: true, applyStatus: 7 })

    // Images and PDFs, at most five; the same file again changes nothing; one taken off again.
    const pdf = await uploadFile(t, operator.token, { name: '申请表.pdf', bytes: await samplePdf(), type: 'application/pdf' })
    const attach = (fileId: string) => call('/uploadDocumentByApplyId', { applyId, fileId, documentType: 2 })
    expect((await attach(pdf)).body.data).toMatchObject([{ fileId: pdf, documentType: 2, mediaType: 'application/pdf' }])
    expect((await attach(pdf)).body.data).toHaveLength(1)
    const images = [] as string[]
    for (let i = 0; i < 5; i++) images.push(await pictureFor(t, operator.token))
    for (const image of images.slice(0, 4)) expect((await attach(image)).body.resultStatus).toBe('00')
    expect((await attach(images[4]!)).body).toMatchObject({ resultStatus: '10000', responseInfo: offlineMessages.documentsFull })
    expect((await call('/deleteDocumentByApplyId', { applyId, fileId: images[0] })).body.data).toHaveLength(4)
    // Someone else's file is no document of this application.
    const others = await pictureFor(t, legal.token)
    expect((await attach(others)).body.responseInfo).toBe('文件ID不存在')

    const submitted = await call('/submitTodo', { applyId })
    expect(submitted.body.data).toEqual({ applyId, applyStatus: 9 })
    const review = (await admin('GET', `/admin/applications/${applyId}`)).data
    expect(review).toMatchObject({ door: 'OFFLINE', makesPendingActivation: true, unitTypeCode: '06' })
    expect(review.reviewReasons).toContain('已上传签署材料4份')
    expect((review.files as { purpose: string; title: string }[]).filter((f) => f.purpose.startsWith('applicationFile:')).map((f) => f.title)).toEqual([
      '签署材料（1）',
      '签署材料（2）',
      '签署材料（3）',
      '签署材料（4）',
    ])

    const items = (await call(`/applyDetail/${applyId}`)).body.data.gaSealTypeInfos as { id: string }[]
    const ended = await admin('POST', `/admin/applications/${applyId}/review`, { decisions: items.map((item) => ({ itemId: item.id, approve: true })) })
    expect(ended.data).toMatchObject({ applyStatus: 'APPLY_SUCCESS' })
    const made = (ended.data.successSealItems as { sealId: string }[]).map((item) => item.sealId)
    expect(made).toHaveLength(2)
    expect((await t.db.select().from(seals).where(inArray(seals.id, made))).map((seal) => seal.status)).toEqual(['4', '4'])
    expect(await pinsOf(made)).toEqual([])
    expect((await call(`/applyDetail/${applyId}`)).body.data).toMatchObject({ applyStatus: 4, statusLabel: '申请通过', actions: [] })
  })

  it('approves a 06 operator’s application of the new wizard, which the legal representative did not sign online, into pending-activation seals', async () => {
    const applicant = await applicantFor(t, { name: '褚经办', identityNo: idNumber(821), phone: '13600000821' })
    const legalPerson = { name: '卫主任', identityNo: idNumber(822), phone: '13600000822' }
    const row = await insertApplication(t, {
      applicant,
      unit: { name: '某区档案服务中心', socialCreditCode: institutionCreditCode(821) },
      legal: legalPerson,
      applyType: 'OPERATOR_APPLY',
      seals: [{ sealTypeCode: '01' }],
      form: { unitTypeCode: '06' },
      extra: { legalPinHash: null },
    })
    const detail = (await admin('GET', `/admin/applications/${row.id}`)).data
    expect(detail).toMatchObject({ door: null, makesPendingActivation: true })
    expect(detail.reviewReasons).toContain('行政事业单位经办人申请，法定代表人未在线签署，转人工审核')
    const ended = await admin('POST', `/admin/applications/${row.id}/review`, { decisions: [{ itemId: 'item-1', approve: true }] })
    expect(ended.data).toMatchObject({ applyStatus: 'APPLY_SUCCESS' })
    const sealId = ended.data.successSealItems[0].sealId as string
    expect((await t.db.select().from(seals).where(eq(seals.id, sealId)))[0]).toMatchObject({ status: '4' })
    expect(await pinsOf([sealId])).toEqual([])

    // An ordinary enterprise's operator application without the legal representative's PIN is still refused.
    const ordinary = await insertApplication(t, {
      applicant,
      unit: { name: '普通商贸有限公司', socialCreditCode: creditCode(823) },
      legal: legalPerson,
      applyType: 'OPERATOR_APPLY',
      seals: [{ sealTypeCode: '01' }],
      extra: { legalPinHash: null },
    })
    const refused = await admin('POST', `/admin/applications/${ordinary.id}/review`, { decisions: [{ itemId: 'item-1', approve: true }] })
    expect(refused).toMatchObject({ responseInfo: reviewMessages.legalPinMissing })
    expect((await t.db.select().from(unitApplications).where(eq(unitApplications.id, ordinary.id)))[0]).toMatchObject({ applyStatus: 'PENDING_REVIEW' })
  })

  it('refuses a seal pattern over 10 MB and a document over 10 MB with a clear message', async () => {
    const applyId = (await call('/create', offlineForm(operator, legal, { unitName: '大图测试科技有限公司', socialCreditCode: creditCode(831) }))).body.data.applyId as string
    const jpeg = (bytes: number) => {
      const buffer = Buffer.alloc(bytes, 0x41)
      buffer.set([0xff, 0xd8, 0xff, 0xe0])
      return buffer.toString('base64')
    }
    const over = await call('/uploadSealBase64Pic', { applyId, sealTypeCode: '01', base64File: jpeg(OFFLINE_SEAL_PATTERN_MAX_BYTES + 30 * 1024) })
    expect(over.body).toMatchObject({ resultStatus: '400', responseInfo: offlineMessages.sealPatternTooLarge })
    const farOver = await call('/uploadSealBase64Pic', { applyId, sealTypeCode: '01', base64File: jpeg(12 * 1024 * 1024) })
    expect(farOver.status).toBe(413)
    expect(farOver.body.responseInfo).toBe('请求内容过大')
    // Nothing was kept: the item list is as it was.
    expect((await call(`/applyDetail/${applyId}`)).body.data.gaSealTypeInfos).toHaveLength(2)

    const big = Buffer.concat([await samplePdf(), Buffer.alloc(10 * 1024 * 1024)])
    const { payload, headers } = multipart({ name: '申请表.pdf', bytes: big, type: 'application/pdf' })
    const upload = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, authorization: `Bearer ${operator.token}` } })
    expect(upload.json()).toMatchObject({ responseInfo: '文件大小不能超过10M' })
  })
})
