import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UnitApplicationFormInput } from '@seal/shared/api/unit-apply'
import { messages } from '@seal/shared/messages'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { units } from '../auth/tables.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { makeSeal } from '../seals/make-seal.ts'
import { unitApplications } from './tables.ts'
import { creditCode, idNumber, legalForm, operatorForm, personFor, setVerification, unitFor, type TestPerson } from './test-support.ts'

/**
 * Change detection of a CHANGE (001 §4 change type, §5 "Change"): the server reads the unit and legal
 * representative on record for the seal (orgUnitName, orgLegalName, orgLegalNo) and decides from them,
 * whatever the client sends.
 */
describe('change detection against the unit on record', () => {
  let t: TestApp
  let legal: TestPerson
  let operator: TestPerson
  let sealId: string
  const unit = { unitName: '变更检测科技有限公司', socialCreditCode: creditCode(611) }
  const call = (token: string, url: string, body: unknown) => t.call({ method: 'POST', url: `/api${url}`, body, token })
  const detail = async (token: string, id: string) => (await t.call({ method: 'GET', url: `/api/seal-apply/apply/detail?id=${id}`, token })).body.data

  beforeAll(async () => {
    t = await startTestApp()
    legal = await personFor(t, { name: '钱变更', identityNo: idNumber(611) })
    operator = await personFor(t, { name: '孙经办', identityNo: idNumber(612) })
    const row = await unitFor(t, { name: unit.unitName, socialCreditCode: unit.socialCreditCode, legalPersonId: legal.id })
    await t.db.update(units).set({ regionCode: '110108' }).where(eq(units.id, row.id))
    const { png } = await renderOrganizationSeal({ unitName: unit.unitName, sealTypeCode: '01', pxPerMm: 6 })
    const made = await makeSeal(t.app.trust, {
      owner: { kind: 'unit', unitId: row.id, unitName: unit.unitName, socialCreditCode: unit.socialCreditCode },
      sealName: unit.unitName,
      sealTypeCode: '01',
      image: Buffer.from(png),
      certStartTime: new Date(),
      certEndTime: new Date(Date.now() + 365 * 86_400_000),
      pin: 'abc12345',
      status: '1',
    })
    sealId = made.seal.id
  })
  afterAll(() => t.close())

  const changeOf = (form: UnitApplicationFormInput): UnitApplicationFormInput => ({
    ...form,
    businessType: 'CHANGE',
    sealId,
    sealInfo: [{ _id: 'a', sealTypeCode: '01', sealId, sealName: unit.unitName, sealPic: form.businessLicense! }],
  })

  /** A verified draft moved to step 2: the answer of the save. */
  async function toStep2(who: TestPerson, form: UnitApplicationFormInput) {
    const draft = await call(who.token, '/seal-apply/apply/temporary', form)
    expect(draft.body.resultStatus, draft.body.responseInfo).toBe('00')
    const id = draft.body.data.id as string
    await setVerification(t, id, true)
    return { id, answer: (await call(who.token, '/seal-apply/apply/save', { ...form, id, step: '2' })).body }
  }

  it('keeps the original values on the server, from the seal, not from the body, and never shows them', async () => {
    const forged = { ...changeOf(legalForm(legal, unit)), orgUnitName: '别的名称', orgLegalName: '别人', orgLegalNo: idNumber(1) } as UnitApplicationFormInput
    const { id, answer } = await toStep2(legal, forged)
    // Unit name and legal name as on record: the forged originals changed nothing.
    expect(answer.responseInfo).toBe(messages.legalApplicantNothingChanged)
    const [row] = await t.db.select().from(unitApplications).where(eq(unitApplications.id, id))
    expect(row!.form.changeOriginal).toEqual({ orgUnitName: unit.unitName, orgLegalName: legal.name, orgLegalNo: legal.identityNo, orgUnitAdminNum: '110108' })
    const shown = await detail(legal.token, id)
    expect(shown).not.toHaveProperty('changeOriginal')
    expect(JSON.stringify(shown)).not.toContain('orgLegalNo')
    expect(shown.changeType).toBe('0')
  })

  it('says so at the unit verification, before the unit is checked, when nothing changed', async () => {
    const form = changeOf(legalForm(legal, unit))
    const draft = await call(legal.token, '/seal-apply/apply/temporary', form)
    const verify = await call(legal.token, '/apply/fourElementsOfEnterpriseVerification', {
      applyId: draft.body.data.id,
      legal: legal.name,
      legalIdentity: legal.identityNo,
      name: unit.unitName,
      socialCode: unit.socialCreditCode,
    })
    expect(verify.body.responseInfo).toBe(messages.legalApplicantNothingChanged)
  })

  it('answers the operator in the operator’s words, and lets a new unit name through as change type 3', async () => {
    const same = changeOf(operatorForm(operator, legal, unit))
    expect((await toStep2(operator, same)).answer.responseInfo).toBe(messages.operatorNothingChanged)
    const renamed = changeOf(operatorForm(operator, legal, { ...unit, unitName: '变更检测新科技有限公司' }))
    const { id, answer } = await toStep2(operator, renamed)
    expect(answer).toMatchObject({ resultStatus: '00', data: { id, step: '2', changeType: '3' } })
    expect((await detail(operator.token, id)).changeType).toBe('3')
  })

  it('takes a new legal representative as change type 2, which needs no new picture at step 2', async () => {
    const successor = await personFor(t, { name: '李继任', identityNo: idNumber(613) })
    const form = changeOf(legalForm(successor, unit))
    const { id, answer } = await toStep2(successor, form)
    expect(answer).toMatchObject({ resultStatus: '00', data: { changeType: '2' } })
    const noPicture = { ...form, sealInfo: [{ ...form.sealInfo![0]!, sealPic: '' }] }
    const step3 = await call(successor.token, '/seal-apply/apply/save', { ...noPicture, id, step: '3-1', legalPassword: 'abc123', legalPasswordConfirm: 'abc123' })
    expect(step3.body.responseInfo).toBe('操作成功')
  })

  it('asks every picture again when the unit name changed', async () => {
    const form = changeOf(legalForm(legal, { ...unit, unitName: '变更检测新名科技有限公司' }))
    const { id } = await toStep2(legal, form)
    const noPicture = { ...form, sealInfo: [{ ...form.sealInfo![0]!, sealPic: '' }] }
    const step3 = await call(legal.token, '/seal-apply/apply/save', { ...noPicture, id, step: '3-1', legalPassword: 'abc123', legalPasswordConfirm: 'abc123' })
    expect(step3.body.responseInfo).toBe(messages.sealImageRequired)
  })

  it('refuses a change whose seal is no unit seal in effect (暂无可变更的印章)', async () => {
    const form = { ...changeOf(legalForm(legal, { ...unit, unitName: '变更检测另名科技有限公司' })), sealId: 'no-such-seal' }
    expect((await toStep2(legal, form)).answer.responseInfo).toBe(messages.noChangeableSeals)
  })
})
