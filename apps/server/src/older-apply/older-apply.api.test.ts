import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../auth/tables.ts'
import { findCaller } from '../auth/sessions.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { unitApplications } from '../unit-apply/tables.ts'
import { creditCode, enterpriseSession, idNumber, personFor } from '../unit-apply/test-support.ts'

/**
 * The older step wizard's door (issue #21 §4): steps 1-2 stored as a legal representative's application,
 * verified by the unit verification, completed and submitted by POST /apply/multiple/seals, read back by
 * GET /seal/queryLogById — on the real server and database, the sandbox providers answering.
 */

type Person = { name: string; identityNo: string; phone: string }
type Unit = { unitName: string; socialCreditCode: string; legal: Person }

let serial = 0
const newUnit = (name: string, legalName: string): Unit => {
  serial += 1
  return {
    unitName: name,
    socialCreditCode: creditCode(700 + serial),
    legal: { name: legalName, identityNo: idNumber(700 + serial), phone: `1370000${String(700 + serial).padStart(4, '0')}` },
  }
}

describe('the older wizard for a new application', () => {
  let t: TestApp
  const admin = (url: string, body: unknown) => t.app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: `Bearer ${t.secrets.adminToken}` } }).then((r) => r.json())
  const call = (token: string, url: string, body?: unknown, method: 'GET' | 'POST' = 'POST') => t.call({ method, url: `/api${url}`, body, token })
  const reload = async (id: string) => (await t.db.select().from(unitApplications).where(eq(unitApplications.id, id)))[0]!

  async function registered(unit: Unit) {
    const answer = await admin('/api/admin/sandbox/enterprises', {
      socialCreditCode: unit.socialCreditCode,
      unitName: unit.unitName,
      legalPersonName: unit.legal.name,
      legalPersonIdentityNo: unit.legal.identityNo,
    })
    expect(answer.resultStatus).toBe('00')
  }

  async function faceCheck(token: string, person: Person) {
    const exchange = await t.call({ url: '/api/verifySign/paasExchangeToken', body: { idType: '111', idCardNo: person.identityNo, realName: person.name }, token })
    const selfie = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#c8a27c' } }).png().toBuffer()
    const face = await t.call({ url: '/api/face/verify', body: { token: exchange.body.data, image: `data:image/png;base64,${selfie.toString('base64')}` }, token })
    return face.body.data.serialNo as string
  }

  /** Steps 1 and 2 as the screens send them. */
  const draftBody = (unit: Unit, fileId: string, extra: Record<string, unknown> = {}) => ({
    unitName: unit.unitName,
    socialCreditCode: unit.socialCreditCode,
    unitTypeCode: '02',
    license: fileId,
    addressState: ['110000', '110100', '110105'],
    personName: unit.legal.name,
    identityNum: unit.legal.identityNo,
    identityFront: fileId,
    identityBack: fileId,
    tel: unit.legal.phone,
    seals: [{ sealTypeCode: '01' }, { sealTypeCode: '04' }],
    ...extra,
  })

  /** Step 2's 下一步: the draft stored, the face checked, the unit verified; answers the ranId. */
  async function verified(token: string, unit: Unit, fileId: string) {
    const saved = await call(token, '/apply/older/save', draftBody(unit, fileId))
    expect(saved.body.responseInfo).toBe('暂存成功')
    const id = saved.body.data.id as string
    const faceSerialNo = await faceCheck(token, unit.legal)
    const verification = await call(token, '/apply/fourElementsOfEnterpriseVerification', {
      applyId: id,
      legal: unit.legal.name,
      legalIdentity: unit.legal.identityNo,
      name: unit.unitName,
      socialCode: unit.socialCreditCode,
      unitTypeCode: '02',
      unitAdminNum: '110105',
      faceSerialNo,
    })
    expect(verification.body.resultStatus).toBe('00')
    return { id, ranId: verification.body.data.data.ranId as string, passed: verification.body.data.data.passed as boolean }
  }

  /** Step 4 as the screen sends it. */
  const sealsBody = (unit: Unit, fileId: string, ranId: string, extra: Record<string, unknown> = {}, seal: Record<string, unknown> = {}) => ({
    ranId,
    personFront: fileId,
    personBack: fileId,
    tel: unit.legal.phone,
    license: fileId,
    unitTypeCode: '02',
    cloudApplyParams: ['01', '04'].map((sealTypeCode) => ({
      personName: unit.legal.name,
      unitName: unit.unitName,
      socialCreditCode: unit.socialCreditCode,
      personIdentity: unit.legal.identityNo,
      unitAdminNum: '110105',
      phoneId: unit.legal.phone,
      sealName: '',
      pin: 'older123',
      sealTypeCode,
      identityType: '111',
      unitTypeCode: '02',
      sealCode: '',
      manualReview: false,
      applyType: 1,
      sealPic: fileId,
      originalFileId: fileId,
      ...seal,
    })),
    ...extra,
  })

  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('makes the verified legal representative’s seals: his submission is his signature, the log says 1 with the seals', async () => {
    const unit = newUnit('老向导科技有限公司', '周老')
    await registered(unit)
    const { token, fileId } = await personFor(t, unit.legal)
    const { id, ranId, passed } = await verified(token, unit, fileId)
    expect(passed).toBe(true)
    expect((await reload(id)).form.door).toBe('OLDER')

    const submitted = await call(token, '/apply/multiple/seals', sealsBody(unit, fileId, ranId))
    expect(submitted.body).toMatchObject({ resultStatus: '00', responseInfo: '提交成功', data: { logId: id, applyStatus: 'APPLY_SUCCESS' } })
    const row = await reload(id)
    const caller = (await findCaller(t.db, token))!
    // One application model: the new wizard's row, its door noted, signed by him, the PIN only as a hash.
    expect(row).toMatchObject({ applyType: 'LEGAL_APPLY', businessType: 'APPLY', companyVerifyPass: true, legalSignedBy: caller.person.id, reviewedBy: '自动审核' })
    expect(row.form.door).toBe('OLDER')
    expect(row.legalPinHash).toMatch(/^\$argon2id\$/)
    expect(JSON.stringify(row.form)).not.toContain('older123')

    const log = await call(token, `/seal/queryLogById/${id}`, undefined, 'GET')
    expect(log.body.data).toMatchObject({ applyStatus: 1, failReason: null, businessName: unit.unitName, socialCreditCode: unit.socialCreditCode, sealTypeCode: '01,04', personName: unit.legal.name })
    expect(log.body.data.personIdentity).not.toBe(unit.legal.identityNo)
    expect(log.body.data.seals.map((s: { sealTypeCode: string }) => s.sealTypeCode)).toEqual(['01', '04'])
    const official = log.body.data.seals[0]
    expect(official.sealName).toBe(unit.unitName)
    expect(official.certEndTime).toBeGreaterThan(official.certStartTime)
    expect(official.sealPic).toMatch(/^\/api\/seal\/picture\//)

    // The seal password he typed is the seal's PIN; the seal shows in his seal info.
    const pin = await call(token, '/seal/pinVerifyNew', { sealId: official.sealId, pin: 'older123' })
    expect(pin.body.data.success).toBe(true)
    const info = await call(token, '/seal/querySealInfoNew', { sealId: official.sealId })
    expect(info.body.data).toMatchObject({ id: official.sealId, sealTypeCode: '01', businessName: unit.unitName, status: '1' })

    // His unit's records now answer the existing-record query, and the types are taken.
    const records = await call(token, '/seal/queryMake', { carrierTypeCode: 1, socialCreditCode: unit.socialCreditCode })
    expect(records.body.data.map((r: { sealTypeCode: string; status: string }) => [r.sealTypeCode, r.status])).toEqual([
      ['01', '1'],
      ['04', '1'],
    ])
    const byCode = await call(token, '/seal/queryMake', { socialCreditCode: unit.socialCreditCode, sealCode: official.sealCode })
    expect(byCode.body.data).toHaveLength(1)
    const cannot = await call(token, '/seal/queryCannotMakeBySocialCreditCode', { socialCreditCode: unit.socialCreditCode })
    expect(cannot.body.data).toEqual([
      { sealTypeCode: '01', sealTypeName: '单位公章', applying: false },
      { sealTypeCode: '04', sealTypeName: '合同专用章', applying: false },
    ])
    const offered = await call(token, '/apply/get/applySealTypeCode', { socialCreditCode: unit.socialCreditCode })
    expect(offered.body.data.filter((type: { canMake: boolean }) => !type.canMake).map((type: { sealTypeCode: string }) => type.sealTypeCode)).toEqual(['01', '04'])

    // The same verification cannot submit twice.
    expect((await call(token, '/apply/multiple/seals', sealsBody(unit, fileId, ranId))).body.responseInfo).toBe('该申请已提交，请勿重复提交')
  })

  it('sends a unit whose verification failed to a person’s review with the signed form, and the log follows the reviewer', async () => {
    const unit = newUnit('未登记老向导商贸有限公司', '吴核')
    // Not in the sandbox registry: the four-element check fails.
    const { token, fileId } = await personFor(t, unit.legal)
    const { id, ranId, passed } = await verified(token, unit, fileId)
    expect(passed).toBe(false)

    expect((await call(token, '/apply/multiple/seals', sealsBody(unit, fileId, ranId))).body.responseInfo).toBe('请上传申请表！')
    const submitted = await call(token, '/apply/multiple/seals', sealsBody(unit, fileId, ranId, { applicationFiles: [fileId], truthful: true }))
    expect(submitted.body.data).toEqual({ logId: id, applyStatus: 'PENDING_REVIEW' })
    expect(await reload(id)).toMatchObject({ companyVerifyPass: false, legalSignedBy: null })
    expect((await call(token, `/seal/queryLogById/${id}`, undefined, 'GET')).body.data).toMatchObject({ applyStatus: 0, seals: [] })

    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/applications/${id}`, headers: { authorization: `Bearer ${t.secrets.adminToken}` } }).then((r) => r.json())
    expect(detail.data.reviewReasons[0]).toMatch(/^单位核验未通过/)
    const items = (await reload(id)).form.sealInfo
    const review = await admin(`/api/admin/applications/${id}/review`, {
      reviewer: '审核员甲',
      decisions: [
        { itemId: items[0]!._id, approve: true },
        { itemId: items[1]!._id, approve: false, reason: '印模不清晰' },
      ],
    })
    expect(review.data.applyStatus).toBe('APPLY_SUCCESS')
    const log = (await call(token, `/seal/queryLogById/${id}`, undefined, 'GET')).body.data
    expect(log).toMatchObject({ applyStatus: 1, failSeals: [{ sealTypeCode: '04', failReason: '印模不清晰' }] })
    expect(log.seals.map((s: { sealTypeCode: string }) => s.sealTypeCode)).toEqual(['01'])
    expect(log.feedbackTime).toBeGreaterThan(0)
  })

  it('says 2 with the reviewer’s reason when every seal is refused', async () => {
    const unit = newUnit('驳回老向导商贸有限公司', '郑驳')
    const { token, fileId } = await personFor(t, unit.legal)
    const { id, ranId } = await verified(token, unit, fileId)
    await call(token, '/apply/multiple/seals', sealsBody(unit, fileId, ranId, { applicationFiles: [fileId], truthful: true }))
    const items = (await reload(id)).form.sealInfo
    await admin(`/api/admin/applications/${id}/review`, { decisions: items.map((item) => ({ itemId: item._id, approve: false, reason: '申请表未盖章' })) })
    expect((await call(token, `/seal/queryLogById/${id}`, undefined, 'GET')).body.data).toMatchObject({ applyStatus: 2, failReason: '申请表未盖章', seals: [] })
  })

  it('is the verified legal representative’s own: others, unverified persons and other sessions are refused', async () => {
    const unit = newUnit('身份老向导科技有限公司', '冯身')
    await registered(unit)
    // An unverified person, even with the legal representative's name and number typed at login.
    const { token: unverified, fileId: unverifiedFile } = await personFor(t, { ...unit.legal, identityNo: idNumber(991), phone: '13700009901', verified: false })
    expect((await call(unverified, '/apply/older/save', draftBody(unit, unverifiedFile, { identityNum: idNumber(991) }))).body.responseInfo).toBe(
      '您尚未通过实名核验，请使用本人实名登记的手机号登录后再办理',
    )
    // A verified person applying in another's name.
    const other: Person = { name: '陈他', identityNo: idNumber(992), phone: '13700009902' }
    const { token: otherToken, fileId: otherFile } = await personFor(t, other)
    expect((await call(otherToken, '/apply/older/save', draftBody(unit, otherFile))).body.responseInfo).toBe('上传证件信息与当前法人身份信息不一致，请重新上传！')

    const { token, fileId } = await personFor(t, unit.legal)
    // The older rules, in the spec's words and order.
    expect((await call(token, '/apply/older/save', draftBody(unit, fileId, { unitName: '老向导' }))).body.responseInfo).toBe('单位名称过短')
    expect((await call(token, '/apply/older/save', draftBody(unit, fileId, { unitTypeCode: '06' }))).body.responseInfo).toBe('您上传的证照不是行政事业单位，请检查后重试')
    expect((await call(token, '/apply/older/save', draftBody(unit, fileId, { seals: [{ sealTypeCode: '04' }] }))).body.responseInfo).toBe('请选择单位公章')
    expect((await call(token, '/apply/older/save', draftBody(unit, fileId, { seals: [{ sealTypeCode: '1000' }] }))).body.responseInfo).toBe('请选择正确的印章类型')
    expect((await call(token, '/apply/older/save', draftBody(unit, fileId, { tel: '12345678901' }))).body.responseInfo).toBe('请输入正确的法人手机号')

    const { id, ranId } = await verified(token, unit, fileId)
    // Someone else's verification serial names nothing of theirs.
    expect((await call(otherToken, '/apply/multiple/seals', sealsBody(unit, otherFile, ranId))).body.responseInfo).toBe('请先完成法定代表人身份核验')
    // What is submitted is what was verified.
    expect((await call(token, '/apply/multiple/seals', sealsBody(unit, fileId, ranId, { tel: '13999999999' }))).body.responseInfo).toBe(
      '提交的信息与身份核验时的信息不一致，请返回上一步重新核验',
    )
    expect((await call(token, '/apply/multiple/seals', sealsBody(unit, fileId, ranId, {}, { unitName: '别的有限公司' }))).body.responseInfo).toBe(
      '提交的信息与身份核验时的信息不一致，请返回上一步重新核验',
    )
    // New applications only; one PIN by the seal-password rule; a pattern for every seal.
    expect((await call(token, '/apply/multiple/seals', sealsBody(unit, fileId, ranId, {}, { applyType: 2 }))).body.responseInfo).toBe(
      '此处仅办理印章新申请：待激活的印章请前往电子印章激活，已生效的印章请办理印章变更',
    )
    expect((await call(token, '/apply/multiple/seals', sealsBody(unit, fileId, ranId, {}, { pin: '123456' }))).body.responseInfo).toBe('请输入6-16位密码（数字/字母/特殊符号任意两种）')
    expect((await call(token, '/apply/multiple/seals', sealsBody(unit, fileId, ranId, {}, { sealPic: '', manualReview: false }))).body.responseInfo).toBe('请上传印章图样')
    // A physical seal code must be one of the unit's own records of that type.
    expect((await call(token, '/apply/multiple/seals', sealsBody(unit, fileId, ranId, {}, { sealCode: '1101050099999' }))).body.responseInfo).toBe('未查询到印章')
    expect((await call(token, '/apply/multiple/seals', { ...sealsBody(unit, fileId, ranId), cloudApplyParams: sealsBody(unit, fileId, ranId).cloudApplyParams.map((s, i) => ({ ...s, pin: i ? 'other123' : 'older123' })) })).body.responseInfo).toBe(
      '同一申请的印章密码须一致',
    )
    // A verification of an earlier session does not carry into a new login.
    const caller = (await findCaller(t.db, token))!
    await t.db.update(sessions).set({ createdAt: new Date(Date.now() + 60_000) }).where(eq(sessions.id, caller.sessionId))
    expect((await call(token, '/apply/multiple/seals', sealsBody(unit, fileId, ranId))).body.responseInfo).toBe('身份核验已失效，请返回上一步重新核验')
    expect((await reload(id)).applyStatus).toBe('TEMPORARY_SAVE')

    // The log of a draft is not a result; another person's application does not exist for them.
    expect((await call(token, `/seal/queryLogById/${id}`, undefined, 'GET')).body.responseInfo).toBe('申请尚未提交')
    expect((await call(otherToken, `/seal/queryLogById/${id}`, undefined, 'GET')).body).toMatchObject({ resultStatus: '404', responseInfo: '未查询到申请记录' })
  })

  it('tells a unit’s seal records to its own people only, and a stranger what an unknown unit answers', async () => {
    const unit = newUnit('记录老向导科技有限公司', '韩录')
    await registered(unit)
    const person = await personFor(t, unit.legal)
    const { ranId } = await verified(person.token, unit, person.fileId)
    await call(person.token, '/apply/multiple/seals', sealsBody(unit, person.fileId, ranId))
    // The unit's enterprise account hears its records.
    const legal = await enterpriseSession(t, unit.socialCreditCode, person.id)
    const records = await call(legal, '/seal/queryMake', { socialCreditCode: unit.socialCreditCode, useUnitName: unit.unitName })
    expect(records.body.data).toHaveLength(2)
    expect(records.body.data[0]).toMatchObject({ businessName: unit.unitName, personName: unit.legal.name, unitAdminNum: '110105', extraMark: '' })
    expect(records.body.data[0].personIdentity).not.toBe(unit.legal.identityNo)
    expect((await call(legal, '/seal/queryMake', { socialCreditCode: unit.socialCreditCode, useUnitName: '别的单位' })).body.data).toEqual([])
    expect((await call(legal, '/seal/queryMake', { socialCreditCode: creditCode(799) })).body.responseInfo).toBe('企业信息不匹配!')

    const { token: stranger } = await personFor(t, { name: '路人', identityNo: idNumber(993), phone: '13700009903' })
    const unknown = creditCode(798)
    for (const code of [unit.socialCreditCode, unknown]) {
      expect((await call(stranger, '/seal/queryMake', { socialCreditCode: code })).body.data).toEqual([])
      expect((await call(stranger, '/seal/queryCannotMakeBySocialCreditCode', { socialCreditCode: code })).body.data).toEqual([])
      const offered = (await call(stranger, '/apply/get/applySealTypeCode', { socialCreditCode: code })).body.data
      expect(offered.map((type: { sealTypeCode: string; canMake: boolean }) => `${type.sealTypeCode}${type.canMake}`)).toEqual(['01true', '02true', '03true', '04true', '05true', '99true'])
    }
    expect((await call(stranger, '/seal/queryMake', { socialCreditCode: '123' })).body.responseInfo).toBe('社会信用代码有误')
    const sealId = records.body.data[0].sealId
    expect((await call(stranger, '/seal/querySealInfoNew', { sealId })).body.resultStatus).toBe('404')
  })
})
