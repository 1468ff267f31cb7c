import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { stampPhoto } from '@seal/seal/test/stamp-photo'
import { offlineMessages } from '@seal/shared/api/offline-apply'
import { configDefaults } from '@seal/shared/api/config'
import { messages } from '@seal/shared/messages'
import { setConfig } from '../config/service.ts'
import { seals } from '../seals/tables.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { creditCode } from '../test/unit-applications.ts'
import { sealPins } from '../trust/tables.ts'
import { reviewSubmitted } from '../unit-apply/review/run.ts'
import { givePatterns, offlineBase, offlineForm, operatorFor, type Operator } from './test-support.ts'

/** The impression check reads the seal's face with tesseract; on a loaded machine one takes a minute. */
const WITH_EXTRACTION_MS = 240_000

/**
 * The operator's offline-materials door end to end (001 §2 "Operator offline flow", §4, §7; issue #21):
 * step-1 → seal patterns (the real impression extraction; a twice-failed photo goes to a person) → submit →
 * the application form to print → the courier → a person's review per seal → seals pending activation →
 * 重新申请 for the rejected seal.
 */
describe('the offline-materials door', () => {
  let t: TestApp
  let operator: Operator
  let legal: Operator
  let stranger: Operator
  const unit = { unitName: '线下材料科技有限公司', socialCreditCode: creditCode(611) }
  const call = (who: { token: string }, url: string, body?: unknown) =>
    t.call({ method: body === undefined ? 'GET' : 'POST', url: url.startsWith('/api') ? url : `${offlineBase}${url}`, body, token: who.token })
  const admin = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.app.inject({ method, url: `/api${url}`, payload, headers: { authorization: `Bearer ${t.secrets.adminToken}` } })).json()

  beforeAll(async () => {
    t = await startTestApp({ env: { REVIEW_MODE: 'auto' } })
    operator = await operatorFor(t, 611, '钱经办')
    legal = await operatorFor(t, 612, '孙法人')
    stranger = await operatorFor(t, 613, '李路人')
  })
  afterAll(() => t.close())

  it('takes an application from step-1 to pending-activation seals, one seal rejected with a reason the applicant reads and reapplies for', async () => {
    // step-1: a draft (7) the operator may continue or cancel.
    const created = await call(operator, '/create', offlineForm(operator, legal, unit))
    expect(created.body).toMatchObject({ resultStatus: '00', data: { applyId: expect.any(String), applyStatus: 7 } })
    const applyId = created.body.data.applyId as string
    const detail = async (who = operator) => (await call(who, `/applyDetail/${applyId}`)).body
    expect((await detail()).data).toMatchObject({ applyStatus: 7, statusLabel: '暂存', actions: ['continue', 'cancel'], businessType: 1, sealUseCompany: unit.unitName, mine: true })
    const [official, contract] = (await detail()).data.gaSealTypeInfos as { id: string; sealType: string }[]
    expect([official!.sealType, contract!.sealType]).toEqual(['01', '04'])

    // A draft is the operator's alone: the legal representative and a stranger hear what an unknown id hears.
    const unknown = await call(operator, '/applyDetail/no-such-application')
    expect(unknown.body).toMatchObject({ resultStatus: '404', responseInfo: '未查询到申请记录' })
    for (const who of [legal, stranger]) expect((await detail(who))).toEqual(unknown.body)

    // step-2-1: the official seal's pattern is cut out; the contract seal's photo fails twice and goes to a person.
    const sealPng = (await renderOrganizationSeal({ unitName: unit.unitName, sealTypeCode: '01', sealCode: '1101080061101' })).png
    const good = await stampPhoto({ seal: sealPng, stampFraction: 0.6, rotateDeg: 8 })
    const cut = await call(operator, '/uploadSealBase64Pic', { applyId, id: official!.id, sealTypeCode: '01', base64File: `data:image/jpeg;base64,${good.toString('base64')}` })
    expect(cut.body).toMatchObject({ resultStatus: '00', data: { id: official!.id, manualReview: false, errorCount: 0 } })
    expect(Buffer.from(cut.body.data.picBase64, 'base64').subarray(1, 4).toString()).toBe('PNG')
    const tiny = (await stampPhoto({ seal: sealPng, stampFraction: 0.12 })).toString('base64')
    const first = await call(operator, '/uploadSealBase64Pic', { applyId, id: contract!.id, sealTypeCode: '04', base64File: tiny })
    expect(first.body).toMatchObject({ resultStatus: '10000', data: { id: contract!.id, errorCount: 1 } })
    expect(first.body.responseInfo).toMatch(/^印模提取失败:/)
    const second = await call(operator, '/uploadSealBase64Pic', { applyId, id: contract!.id, sealTypeCode: '04', base64File: tiny })
    expect(second.body).toMatchObject({ resultStatus: '00', responseInfo: '印模提取失败，已转人工审核', data: { id: contract!.id, manualReview: true, errorCount: 2, picBase64: tiny } })

    // Submitted: 0, waiting for the paper; the legal representative now reads it too, a stranger still not.
    const submitted = await call(operator, '/submitTodo', { applyId })
    expect(submitted.body).toMatchObject({ resultStatus: '00', data: { applyId, applyStatus: 0 } })
    expect((await detail()).data).toMatchObject({ applyStatus: 0, actions: ['withdraw', 'mail'], deliveryRecord: null })
    expect((await detail(legal)).data).toMatchObject({ applyStatus: 0, mine: false, actions: ['withdraw', 'mail'] })
    expect(await detail(stranger)).toEqual(unknown.body)

    // The form to print, sign and stamp, by a link carrying an access token; a wrong token opens nothing.
    const link = await call(operator, '/documentLink', { applyId, type: 'applicationForm' })
    expect(link.body.data).toMatchObject({ fileName: '电子印章申请表.pdf', url: expect.stringContaining('access_token=') })
    const pdf = await t.app.inject({ method: 'GET', url: link.body.data.url })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const attorney = (await detail()).data.attorneyDocFileInfo as { url: string }
    const letter = await t.app.inject({ method: 'GET', url: attorney.url })
    expect(letter.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const forged = await t.app.inject({ method: 'GET', url: attorney.url.replace(/access_token=[^&]+/, 'access_token=1.abc') })
    expect(forged.json()).toMatchObject({ responseInfo: '文件ID不存在' })
    expect((await call(stranger, '/documentLink', { applyId, type: 'applicationForm' })).body).toEqual(unknown.body)

    // step-4: the courier, both fields required; then 1.
    const missing = await call(operator, '/recheckByApplyId', { applyId, deliverCompany: '顺丰速运', deliverNo: '' })
    expect(missing.body.responseInfo).toBe(offlineMessages.deliverNoRequired)
    expect((await call(operator, '/recheckByApplyId', { applyId, deliverNo: 'SF1' })).body.responseInfo).toBe(offlineMessages.deliverCompanyRequired)
    const mailed = await call(operator, '/recheckByApplyId', { applyId, deliverCompany: '顺丰速运', deliverNo: 'SF1234567890', authType: '1' })
    expect(mailed.body).toMatchObject({ resultStatus: '00', data: { applyStatus: 1 } })
    expect((await detail()).data.deliveryRecord).toMatchObject({ deliverCompany: '顺丰速运', deliverNo: 'SF1234567890', authType: '1' })

    // Automatic review never approves it; the reviewer sees the door, the courier, and why it came.
    await reviewSubmitted(t.app.trust, applyId)
    const review = (await admin('GET', `/admin/applications/${applyId}`)).data
    expect(review).toMatchObject({ applyStatus: 'PENDING_REVIEW', door: 'OFFLINE', makesPendingActivation: true, deliveryRecord: { deliverNo: 'SF1234567890' } })
    expect(review.reviewReasons).toEqual([
      '线下材料申请：单位下载申请表签字盖章后上传或邮寄纸质材料，须人工审核',
      '未上传签署材料',
      '纸质材料已寄出：顺丰速运，快递单号SF1234567890',
      '印模提取失败转人工审核：合同专用章',
      '通过后印章为待激活状态，由法定代表人本人激活并设置印章密码',
    ])
    const listed = (await admin('GET', `/admin/applications?socialCreditCode=${unit.socialCreditCode}`)).data.records
    expect(listed).toMatchObject([{ id: applyId, door: 'OFFLINE', manualReview: true }])

    // Approve the official seal, reject the contract seal: 11, the reason on the detail, the seal pending activation without a PIN.
    const ended = await admin('POST', `/admin/applications/${applyId}/review`, {
      reviewer: '审核员乙',
      note: '公章通过',
      decisions: [
        { itemId: official!.id, approve: true },
        { itemId: contract!.id, approve: false, reason: '印章照片不清晰，请重新拍摄' },
      ],
    })
    expect(ended.data).toMatchObject({ applyStatus: 'APPLY_SUCCESS' })
    const after = (await detail()).data
    expect(after).toMatchObject({
      applyStatus: 11,
      statusLabel: '部分申请通过',
      actions: ['reapply'],
      checkRemark: '公章通过',
      failSealItems: [{ sealType: '04', failReason: '印章照片不清晰，请重新拍摄' }],
      successSealItems: [{ sealType: '01', sealName: unit.unitName, sealId: expect.any(String) }],
    })
    const sealId = after.successSealItems[0].sealId as string
    const [made] = await t.db.select().from(seals).where(eq(seals.id, sealId))
    expect(made).toMatchObject({ status: '4', sealTypeCode: '01', sealName: unit.unitName })
    expect(await t.db.select().from(sealPins).where(inArray(sealPins.sealId, [sealId]))).toEqual([])

    // 重新申请: a draft with the rejected seal only; pressed again, the same draft.
    const again = await call(operator, `/reApply/${applyId}`, {})
    expect(again.body).toMatchObject({ resultStatus: '00', data: { applyStatus: 7 } })
    expect((await call(operator, `/reApply/${applyId}`, {})).body.data.applyId).toBe(again.body.data.applyId)
    const redo = (await call(operator, `/applyDetail/${again.body.data.applyId}`)).body.data
    expect(redo.gaSealTypeInfos).toMatchObject([{ sealType: '04', manualReview: true }])
    expect(redo).toMatchObject({ applyStatus: 7, deliveryRecord: null, documents: [] })
    // The newest for the unit is the draft (firstApplyDetail); the body's identity is not read.
    const latest = await call(operator, '/firstApplyDetail', { identityType: '111', personIdentity: stranger.identityNo, socialCode: unit.socialCreditCode })
    expect(latest.body.data.applyId).toBe(again.body.data.applyId)
    expect((await call(stranger, '/firstApplyDetail', { socialCode: unit.socialCreditCode })).body.data).toBeNull()
  }, WITH_EXTRACTION_MS)

  it('refuses a legal representative’s password from the operator and a manager other than the operator', async () => {
    const typed = await call(operator, '/create', offlineForm(operator, legal, unit, { legalPassword: 'Abc12345', legalConfirmPassword: 'Abc12345' }))
    expect(typed.body).toMatchObject({ resultStatus: '10000', responseInfo: offlineMessages.legalPasswordByLegal })
    const manager = { setSealManager: true, sealManagerName: legal.name, sealManagerIdentityNo: legal.identityNo, sealManagerTel: legal.phone, sealManagerIdFrontFileId: operator.fileId, sealManagerIdBackFileId: operator.fileId }
    const other = { ...unit, socialCreditCode: creditCode(614) }
    const applyId = (await call(operator, '/create', offlineForm(operator, legal, other, manager))).body.data.applyId as string
    await givePatterns(t, operator, applyId, other.unitName)
    expect((await call(operator, '/submitTodo', { applyId })).body.responseInfo).toBe(offlineMessages.managerMustBeOperator)
    // The operator as the manager sets his own password, kept as a hash only.
    const himself = { ...manager, sealManagerName: operator.name, sealManagerIdentityNo: operator.identityNo, operatorIsManager: true }
    const body = offlineForm(operator, legal, other, himself)
    const held = (await call(operator, `/applyDetail/${applyId}`)).body.data.gaSealTypeInfos as { id: string; sealType: string }[]
    const withIds = { ...body, applyId, gaSealTypeInfos: held.map((item) => ({ id: item.id, sealType: item.sealType })) }
    expect((await call(operator, '/updateByApplyId', withIds)).body.data).toEqual({ applyId, applyStatus: 7 })
    expect((await call(operator, '/submitTodo', { applyId })).body.responseInfo).toBe(messages.managerPasswordRequired)
    await call(operator, '/updateByApplyId', { ...withIds, sealManagerPassword: 'Mgr2026a', sealManagerPasswordConfirm: 'Mgr2026a' })
    const detail = (await call(operator, `/applyDetail/${applyId}`)).body.data
    expect(detail).toMatchObject({ sealManagerPasswordSet: true, operatorIsManager: true })
    expect(JSON.stringify(detail)).not.toContain('Mgr2026a')
    expect((await call(operator, '/submitTodo', { applyId })).body.data).toEqual({ applyId, applyStatus: 0 })
  })

  it('answers the consignee and the material lists from the configuration, each falling back to its default', async () => {
    const defaults = await call(operator, '/api/paas-seal-offline-sdk/v1/config/consignee')
    expect(defaults.body.data).toEqual({
      recipientName: configDefaults.consignee.name,
      recipientPhone: configDefaults.consignee.phone,
      recipientAddress: configDefaults.consignee.address,
      adminMaterials: configDefaults.consignee.adminMaterials,
      nonAdminMaterials: configDefaults.consignee.nonAdminMaterials,
      governmentMaterials: configDefaults.consignee.governmentMaterials,
    })
    await setConfig(t.db, { scope: 'global', key: 'consignee', value: { name: '印章中心收发室', phone: '010-12345678', address: '北京市东城区某街1号', materials: ['盖章申请表'], adminMaterials: 'not a list' } })
    const configured = (await call(operator, '/api/paas-seal-offline-sdk/v1/config/consignee')).body.data
    expect(configured).toMatchObject({
      recipientName: '印章中心收发室',
      recipientPhone: '010-12345678',
      recipientAddress: '北京市东城区某街1号',
      nonAdminMaterials: ['盖章申请表'],
      adminMaterials: configDefaults.consignee.adminMaterials,
    })
    expect((await t.call({ method: 'GET', url: '/api/paas-seal-offline-sdk/v1/config/consignee' })).status).toBe(401)
  })
})
