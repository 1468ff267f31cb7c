import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { olderChangeMessages } from '@seal/shared/api/older-change'
import type { UnitApplicationFormInput } from '@seal/shared/api/unit-apply'
import { messages } from '@seal/shared/messages'
import { creditCodeCheckCharacter } from '@seal/shared/rules/credit-code'
import { smsSendSlots, units } from '../auth/tables.ts'
import { seals, sealAuths } from '../seals/tables.ts'
import { makeWriter, writeSignature } from '../signing/handwriting-synthetic.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { applicantFor, creditCode, idNumber, insertApplication, type Applicant } from '../test/unit-applications.ts'
import { reviewSubmitted } from '../unit-apply/review/run.ts'
import { unitApplications } from '../unit-apply/tables.ts'
import { credentialsOf, enterpriseSession, pictureFor, subjectOf } from '../unit-apply/test-support.ts'

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`
const PIN = 'Seal2026'

/**
 * The older change and renewal pages are doors into the new wizard's applications (issue #21 §4): the
 * draft is saved and verified by the wizard's calls, and the older calls check, sign and submit it. Only
 * the unit's verified legal representative on record (or his enterprise login), after a unit verification
 * in this session; the application counts as signed by him, and review reissues as it does for the wizard.
 */
describe('the older change and renewal pages', () => {
  let t: TestApp
  let legal: Applicant
  let stranger: Applicant
  let picture: string
  const unit = { name: '旧门变更科技有限公司', socialCreditCode: creditCode(2101) }
  const newName = '旧门更名科技有限公司'
  let official: string
  let contract: string
  const call = (token: string, url: string, body?: unknown) => t.call({ method: body === undefined ? 'GET' : 'POST', url: `/api${url}`, body, token })
  const admin = (url: string, body: unknown) => t.app.inject({ method: 'POST', url: `/api${url}`, payload: body as object, headers: { authorization: `Bearer ${t.secrets.adminToken}` } })
  const application = async (id: string) => (await t.db.select().from(unitApplications).where(eq(unitApplications.id, id)))[0]!
  const register = (unitName: string) => admin('/admin/sandbox/enterprises', { socialCreditCode: unit.socialCreditCode, unitName, legalPersonName: legal.name, legalPersonIdentityNo: legal.identityNo })

  /** The person's own face check through the real face routes (sandbox provider). */
  async function faceCheck(token: string, person: { name: string; identityNo: string }) {
    const exchange = await call(token, '/verifySign/paasExchangeToken', { idType: '111', idCardNo: person.identityNo, realName: person.name })
    const selfie = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#c8a27c' } }).png().toBuffer()
    return (await call(token, '/face/verify', { token: exchange.body.data, image: dataUrl(selfie) })).body.data.serialNo as string
  }

  /** The form the older pages build: the seal's unit as typed, the legal representative himself, the seals named. */
  const olderForm = (businessType: 'CHANGE' | 'RENEWAL', unitName: string, sealIds: [string, string][]): UnitApplicationFormInput => ({
    businessType,
    applyType: 'LEGAL_APPLY',
    sealId: sealIds[0]![0],
    businessLicense: picture,
    unitName,
    socialCreditCode: unit.socialCreditCode,
    addr: ['110000', '110100', '110108'],
    unitTypeCode: '02',
    legalPersonName: legal.name,
    legalPersonIdentityNo: legal.identityNo,
    legalTel: legal.phone,
    legalPersonIdFrontFileId: picture,
    legalPersonIdBackFileId: picture,
    sealInfo: sealIds.map(([sealId, sealTypeCode], i) => ({ _id: `o${i}`, sealId, sealTypeCode, sealPic: picture })),
  })

  /** Step 1 and 2 of the older pages: the draft saved, the face checked, the unit verified. Answers the draft and the serial. */
  async function verifiedDraft(form: UnitApplicationFormInput, token = legal.token) {
    const saved = await call(token, '/seal-apply/apply/temporary', form)
    expect(saved.body.resultStatus, saved.body.responseInfo).toBe('00')
    const id = saved.body.data.id as string
    const verified = await call(token, '/apply/fourElementsOfEnterpriseVerification', {
      applyId: id,
      legal: legal.name,
      legalIdentity: legal.identityNo,
      name: form.unitName,
      socialCode: unit.socialCreditCode,
      faceSerialNo: await faceCheck(token, legal),
    })
    expect(verified.body.data, verified.body.responseInfo).toMatchObject({ resultStatus: '00', data: { passed: true } })
    return { id, ranId: verified.body.data.data.ranId as string }
  }

  /** The legal representative signs the draft's documents (handwriting and an SMS code), as the signing page does. */
  async function sign(id: string) {
    await t.db.delete(smsSendSlots).where(eq(smsSendSlots.phone, legal.phone))
    const sent = await call(legal.token, '/seal-apply/apply/signCode', { applyId: id })
    expect(sent.body.resultStatus, sent.body.responseInfo).toBe('00')
    const outbox = await t.call({ method: 'GET', url: '/api/dev/sms-outbox' })
    const code = /验证码为(\d{6})/.exec(outbox.body.data.find((m: { phone: string }) => m.phone === legal.phone).text)![1]!
    await t.db.delete(smsSendSlots).where(eq(smsSendSlots.phone, legal.phone))
    const saved = await call(legal.token, '/sign/handwriting/save', { identity: legal.identityNo, name: legal.name, signData: writeSignature(makeWriter(11), 'genuine', 1) })
    const signed = await call(legal.token, '/seal-apply/apply/submitSign', { applyId: id, signatureId: saved.body.data.signatureId, smsCode: code })
    expect(signed.body.resultStatus, signed.body.responseInfo).toBe('00')
    return signed.body.data.signedFiles as { key: string; fileId: string }[]
  }

  const param = (applyType: number, unitName: string, sealId: string, sealTypeCode: string, extra: Record<string, unknown> = {}) => ({
    personName: legal.name,
    personIdentity: legal.identityNo,
    unitName,
    socialCreditCode: unit.socialCreditCode,
    sealId,
    sealTypeCode,
    applyType,
    identityType: '111',
    ...extra,
  })

  beforeAll(async () => {
    t = await startTestApp()
    legal = await applicantFor(t, { name: '郑旧门', identityNo: idNumber(881), phone: '13721012101' })
    stranger = await applicantFor(t, { name: '冯旁人', identityNo: idNumber(882), phone: '13721012102' })
    picture = await pictureFor(t, legal.token)
    await register(unit.name)
    const made = await insertApplication(t, { applicant: legal, unit, legal, pin: PIN, seals: [{ sealTypeCode: '01' }, { sealTypeCode: '04' }] })
    await reviewSubmitted(t.app.trust, made.id)
    const done = await application(made.id)
    expect(done.applyStatus).toBe('APPLY_SUCCESS')
    ;[official, contract] = done.successSealItems.map((item) => item.sealId!) as [string, string]
  })
  afterAll(() => t.close())

  it('checks a change against the unit on record: type 0 when nothing changed, 3 for a new name with every seal required', async () => {
    const body = { personName: legal.name, personIdentity: legal.identityNo, socialCreditCode: unit.socialCreditCode, identityType: '111', sealId: official, sealTypeCodes: ['01'] }
    const same = await call(legal.token, '/apply/checkChangeLegal', { ...body, unitName: unit.name })
    expect(same.body.data).toMatchObject({ isChange: false, changeType: '0', requiredSealIds: [] })
    const renamed = await call(legal.token, '/apply/checkChangeLegal', { ...body, unitName: newName })
    expect(renamed.body.data).toMatchObject({ isChange: true, changeType: '3', requiredSealIds: expect.arrayContaining([official, contract]) })
    expect(renamed.body.data.sealTypeList).toEqual([
      expect.objectContaining({ sealId: official, sealTypeCode: '01', sealTypeName: '单位公章', needsPicture: true }),
      expect.objectContaining({ sealId: contract, sealTypeCode: '04', sealTypeName: '合同专用章', needsPicture: true }),
    ])
    // The unit's enterprise login asks as its legal representative.
    const enterprise = await enterpriseSession(t, unit.socialCreditCode, legal.personId)
    expect((await call(enterprise, '/apply/checkChangeLegal', { ...body, unitName: newName })).body.data.changeType).toBe('3')
    // Anyone else hears what a seal that does not exist answers; the holder naming another person is told so.
    expect((await call(stranger.token, '/apply/checkChangeLegal', { ...body, personName: stranger.name, personIdentity: stranger.identityNo })).body.responseInfo).toBe(messages.noChangeableSeals)
    expect((await call(stranger.token, '/apply/checkChangeLegal', { ...body, sealId: 'no-such-seal' })).body.responseInfo).toBe(messages.noChangeableSeals)
    expect((await call(legal.token, '/apply/checkChangeLegal', { ...body, personName: stranger.name, personIdentity: stranger.identityNo })).body.responseInfo).toBe(
      '上传证件信息与当前法人身份信息不一致，请重新上传！',
    )
  })

  it('lists the unit’s seal records whatever their status, and a seal’s authorisations with ids, to the holder only', async () => {
    const records = await call(legal.token, '/seal/queryMakeIgnoreStatus', { carrierTypeCode: 1, socialCreditCode: unit.socialCreditCode })
    expect(records.body.data.map((r: { sealId: string }) => r.sealId)).toEqual([official, contract])
    const [first] = records.body.data
    expect(first).toMatchObject({ sealTypeCode: '01', status: '1', useUnitName: unit.name, socialCreditCode: unit.socialCreditCode })
    expect((await call(legal.token, '/seal/queryMakeIgnoreStatus', { sealCode: first.sealCode })).body.data).toHaveLength(1)
    expect((await call(stranger.token, '/seal/queryMakeIgnoreStatus', { socialCreditCode: unit.socialCreditCode })).body.data).toEqual([])

    const [grant] = await t.db
      .insert(sealAuths)
      .values({ sealId: contract, granteePersonId: stranger.personId, granteePhone: stranger.phone, grantorPersonId: legal.personId, grantorRole: 1, authUseType: '1', useType: '2', status: 'active', startTime: new Date(Date.now() - 86_400_000), endTime: new Date(Date.now() + 30 * 86_400_000) })
      .returning()
    const auths = await call(legal.token, '/paas-composite-seal/seal/authorize/queryBySealId', { sealId: contract, sealPlatType: 0 })
    expect(auths.body.data).toEqual([expect.objectContaining({ id: grant!.id, authId: grant!.id, sealId: contract, name: stranger.name, authUseType: '1' })])
    // The seal user is no manager: the list is not theirs.
    expect((await call(stranger.token, '/paas-composite-seal/seal/authorize/queryBySealId', { sealId: contract })).body.data).toEqual([])
  })

  it('changes the unit name through the older door: verified, signed by the legal representative, reissued under the new name', async () => {
    await register(newName)
    const form = olderForm('CHANGE', newName, [
      [official, '01'],
      [contract, '04'],
    ])
    const { id, ranId } = await verifiedDraft(form)
    // Step 3: pictures and the password, through the wizard's save.
    expect((await call(legal.token, '/seal-apply/apply/save', { ...form, id, step: '3-1', legalPassword: PIN, legalPasswordConfirm: PIN })).body.resultStatus).toBe('00')
    const grant = (await t.db.select().from(sealAuths).where(eq(sealAuths.sealId, contract)))[0]!
    const askFile = (authIds: string[], extra: Record<string, unknown> = {}) =>
      call(legal.token, '/apply/getUpdateAuthFile', { authIds, businessName: newName, identityType: '111', personIdentity: legal.identityNo, personName: legal.name, socialCreditCode: unit.socialCreditCode, ranId, ...extra })

    // Another account cannot use the serial; a part of the authorisations cannot be kept.
    expect((await call(stranger.token, '/apply/getUpdateAuthFile', { authIds: [], businessName: newName, personIdentity: legal.identityNo, personName: legal.name, socialCreditCode: unit.socialCreditCode, ranId })).body.responseInfo).toBe(olderChangeMessages.verificationRequired)
    expect((await askFile(['someone-else'])).body.responseInfo).toBe(olderChangeMessages.keepAllOrNone)
    expect((await askFile([], { businessName: '别的科技有限公司' })).body.responseInfo).toBe(olderChangeMessages.payloadDiffers)
    const file = await askFile([grant.id])
    expect(file.body.data).toMatchObject({ authFileId: expect.any(String), signLocation: { page: expect.any(Number) }, files: [{ key: 'applyFormId', title: '电子印章申请表' }, { key: 'applyConfirmDocumentId' }] })
    expect((await application(id)).form).toMatchObject({ reservedAuth: true, authPersons: [expect.objectContaining({ authId: grant.id })] })

    const submission = (authFileId: string, extra: Record<string, unknown> = {}) => ({
      authFileId,
      authIds: [grant.id],
      ranId,
      serialNo: ranId,
      tel: legal.phone,
      personFront: picture,
      personBack: picture,
      license: picture,
      unitTypeCode: '02',
      cloudApplyParams: [param(3, newName, official, '01'), param(3, newName, contract, '04')],
      ...extra,
    })
    // Not signed yet.
    expect((await call(legal.token, '/apply/multiple/updateOrApply', submission(file.body.data.authFileId))).body.responseInfo).toBe('请法定代表人完成申请材料签署后再提交')
    const signedFiles = await sign(id)
    const signedForm = signedFiles.find((f) => f.key === 'applyFormId')!.fileId
    // The payload is not the verified draft: one seal left out, another phone.
    expect((await call(legal.token, '/apply/multiple/updateOrApply', submission(signedForm, { cloudApplyParams: [param(3, newName, official, '01')] }))).body.responseInfo).toBe(olderChangeMessages.payloadDiffers)
    expect((await call(legal.token, '/apply/multiple/updateOrApply', submission(signedForm, { tel: '13800000000' }))).body.responseInfo).toBe(olderChangeMessages.payloadDiffers)
    // A file he did not sign is no authorisation file.
    expect((await call(legal.token, '/apply/multiple/updateOrApply', submission(picture))).body.responseInfo).toBe('请法定代表人完成申请材料签署后再提交')

    const [oldOfficial] = await credentialsOf(t, official)
    const done = await call(legal.token, '/apply/multiple/updateOrApply', submission(signedForm))
    expect(done.body.data, done.body.responseInfo).toEqual({ applyId: id, applyStatus: 'APPLY_SUCCESS' })
    const row = await application(id)
    expect(row).toMatchObject({ businessType: 'CHANGE', legalSignedBy: legal.personId, reviewedBy: '自动审核' })
    expect(row.form.door).toBe('OLDER')
    expect((await t.db.select().from(units).where(eq(units.socialCreditCode, unit.socialCreditCode)))[0]!.name).toBe(newName)
    const credentials = await credentialsOf(t, official)
    expect(credentials.map((c) => c.status)).toEqual(['revoked', 'active'])
    expect(credentials[0]!.id).toBe(oldOfficial!.id)
    expect(subjectOf(credentials[1]!.certificateDer)).toContain(`O=${newName}`)
    // The authorisation was kept.
    expect((await t.db.select().from(sealAuths).where(eq(sealAuths.id, grant.id)))[0]!.status).toBe('active')
    // Submitted once: again is refused.
    expect((await call(legal.token, '/apply/multiple/updateOrApply', submission(signedForm))).body.responseInfo).toBe('该申请已提交，请勿重复提交')
  })

  it('refuses a change that no longer changes anything (检查到信息未发生更新…), and a verification of an earlier session', async () => {
    // Verified while the unit had another name, then the unit is renamed to it by another change.
    const target = '旧门再更名科技有限公司'
    await register(target)
    const form = olderForm('CHANGE', target, [
      [official, '01'],
      [contract, '04'],
    ])
    const { id, ranId } = await verifiedDraft(form)
    const other = await insertApplication(t, {
      applicant: legal,
      unit: { name: target, socialCreditCode: unit.socialCreditCode },
      legal,
      businessType: 'CHANGE',
      seals: [
        { sealTypeCode: '01', sealId: official },
        { sealTypeCode: '04', sealId: contract },
      ],
    })
    await reviewSubmitted(t.app.trust, other.id)
    expect((await application(other.id)).applyStatus).toBe('APPLY_SUCCESS')
    const submission = { authFileId: 'x', authIds: [], ranId, tel: legal.phone, cloudApplyParams: [param(3, target, official, '01'), param(3, target, contract, '04')] }
    expect((await call(legal.token, '/apply/multiple/updateOrApply', submission)).body.responseInfo).toBe(messages.nothingChanged)
    expect((await application(id)).applyStatus).toBe('TEMPORARY_SAVE')

    // A new login is a new session: the verification of the earlier one does not count.
    const again = await t.loginPersonal(legal.phone)
    expect((await call(again, '/apply/multiple/updateOrApply', submission)).body.responseInfo).toBe(olderChangeMessages.verificationRequired)
    legal = { ...legal, token: again }
  })

  it('renews through the older door: the renewable seals, applyType 4, the certificates reissued for the full validity', async () => {
    const current = (await t.db.select().from(units).where(eq(units.socialCreditCode, unit.socialCreditCode)))[0]!.name
    await register(current)
    const form = olderForm('RENEWAL', current, [
      [official, '01'],
      [contract, '04'],
    ])
    const { id, ranId } = await verifiedDraft(form)
    expect((await call(legal.token, '/seal-apply/apply/save', { ...form, id, step: '3-1' })).body.responseInfo).toBe('操作成功')
    const grant = (await t.db.select().from(sealAuths).where(eq(sealAuths.sealId, contract)))[0]!
    const renewal = (extra: Record<string, unknown> = {}) => ({
      ranId,
      serialNo: ranId,
      tel: legal.phone,
      personFront: picture,
      personBack: picture,
      sealPlatType: 0,
      cloudApplyParams: [param(4, current, official, '01', { authIds: [] }), param(4, current, contract, '04', { authIds: [grant.id] })],
      ...extra,
    })
    expect((await call(legal.token, '/paas-composite-seal/seal/apply/update/multipleSealOperate', renewal())).body.responseInfo).toBe('请法定代表人完成申请材料签署后再提交')
    await sign(id)
    // The change's applyType is not a renewal's; an operator's renewal is the new wizard's.
    expect(
      (await call(legal.token, '/paas-composite-seal/seal/apply/update/multipleSealOperate', renewal({ cloudApplyParams: [param(3, current, official, '01'), param(3, current, contract, '04')] }))).body
        .responseInfo,
    ).toBe(olderChangeMessages.payloadDiffers)
    expect((await call(legal.token, '/paas-composite-seal/seal/apply/update/multipleSealOperate', renewal({ isOperatorApply: true }))).body.responseInfo).toBe(olderChangeMessages.operatorNotHere)

    const before = (await t.db.select().from(seals).where(eq(seals.id, official)))[0]!
    const done = await call(legal.token, '/paas-composite-seal/seal/apply/update/multipleSealOperate', renewal())
    expect(done.body.data, done.body.responseInfo).toEqual({ applyId: id, applyStatus: 'APPLY_SUCCESS' })
    const row = await application(id)
    expect(row).toMatchObject({ businessType: 'RENEWAL', legalSignedBy: legal.personId })
    expect(row.form.door).toBe('OLDER')
    const after = (await t.db.select().from(seals).where(eq(seals.id, official)))[0]!
    expect(after.certEndTime.getTime()).toBeGreaterThanOrEqual(before.certEndTime.getTime())
    expect((await credentialsOf(t, official)).map((c) => c.status)).toEqual(['revoked', 'revoked', 'revoked', 'active'])
    expect((await t.db.select().from(sealAuths).where(eq(sealAuths.id, grant.id)))[0]!.status).toBe('active')
  })

  it('offers no renewal to an administrative or public institution (06): /seal/canRenewal lists none and the verification refuses it', async () => {
    const first17 = '12110108MB0K6R2Q4'
    const institution = { name: '旧门事业单位', socialCreditCode: first17 + creditCodeCheckCharacter(first17) }
    const head = await applicantFor(t, { name: '卫事业', identityNo: idNumber(883), phone: '13721012103' })
    const made = await insertApplication(t, { applicant: head, unit: institution, legal: head, seals: [{ sealTypeCode: '01' }], form: { unitTypeCode: '06' } })
    await reviewSubmitted(t.app.trust, made.id)
    const sealId = (await application(made.id)).successSealItems[0]!.sealId!
    expect((await call(head.token, '/seal/canRenewal', { socialCreditCode: institution.socialCreditCode })).body.data).toEqual([])
    const own = await pictureFor(t, head.token)
    const form = {
      ...olderForm('RENEWAL', institution.name, [[sealId, '01']]),
      socialCreditCode: institution.socialCreditCode,
      unitTypeCode: '06',
      legalPersonName: head.name,
      legalPersonIdentityNo: head.identityNo,
      legalTel: head.phone,
      businessLicense: own,
      legalPersonIdFrontFileId: own,
      legalPersonIdBackFileId: own,
      sealInfo: [{ _id: 'o0', sealId, sealTypeCode: '01' }],
    }
    const saved = await call(head.token, '/seal-apply/apply/temporary', form)
    const verified = await call(head.token, '/apply/fourElementsOfEnterpriseVerification', {
      applyId: saved.body.data.id,
      legal: head.name,
      legalIdentity: head.identityNo,
      name: institution.name,
      socialCode: institution.socialCreditCode,
      faceSerialNo: await faceCheck(head.token, head),
    })
    expect(verified.body.responseInfo).toBe(messages.institutionCannotRenew)
  })
})
