import { describe, expect, it } from 'vitest'
import { unitApplicationForm, type UnitApplicationForm } from '../api/unit-apply.ts'
import { messages } from '../messages.ts'
import { changeProblem, changeTypeOf, formerUnitSealsProblem, needsNewPicture, renameSealsProblem, renamesUnit, sealsLeftOut, step1Problem, step2Problem, step3Problem, unitApplyMessages } from './unit-apply.ts'

/** A complete operator application for the demo unit: every section filled. */
function completeForm(overrides: Partial<UnitApplicationForm> = {}): UnitApplicationForm {
  // Overrides go on after parsing: the rules also meet values the input limits would stop (a pasted name).
  const base = unitApplicationForm.parse({
    businessType: 'APPLY',
    applyType: 'OPERATOR_APPLY',
    operatorRealName: '张三',
    operatorIdCardNo: '110101199003071233',
    operatorTel: '13800000001',
    operatorFrontFileId: 'f-op-front',
    operatorBackFileId: 'f-op-back',
    businessLicense: 'f-licence',
    unitName: '示例科技有限公司',
    socialCreditCode: '91110108MA01ABCDEN',
    addr: ['110000', '110100', '110108'],
    unitTypeCode: '02',
    legalPersonName: '李四',
    legalPersonIdentityNo: '310104198506124562',
    legalTel: '13800000002',
    legalPersonIdFrontFileId: 'f-legal-front',
    legalPersonIdBackFileId: 'f-legal-back',
    setSealManager: true,
    sealManagerName: '王五',
    sealManagerIdentityNo: '110101199003071233',
    sealManagerTel: '13800000003',
    sealManagerIdFrontFileId: 'f-m-front',
    sealManagerIdBackFileId: 'f-m-back',
    sealInfo: [{ _id: 'a', sealTypeCode: '01', sealName: '示例科技有限公司', sealPic: 'f-pic' }],
    legalPassword: 'abc123',
    legalPasswordConfirm: 'abc123',
    sealManagerPassword: 'xyz789',
    sealManagerPasswordConfirm: 'xyz789',
    applicationFiles: ['f-form'],
    truthful: true,
  })
  return { ...base, ...overrides }
}

describe('step 1 checks, in the order of spec 001 §5', () => {
  it('passes a complete form', () => {
    expect(step1Problem(completeForm())).toBeNull()
  })

  // Each row breaks one more field than the row before, so the answer proves the order.
  const breaks: [Partial<UnitApplicationForm>, string][] = [
    [{ sealManagerTel: '123' }, messages.invalidManagerPhone],
    [{ sealManagerIdentityNo: '123' }, messages.invalidManagerIdNumber],
    [{ sealManagerName: ' ' }, messages.invalidManagerName],
    [{ sealManagerIdBackFileId: '' }, messages.managerIdBackRequired],
    [{ sealManagerIdFrontFileId: '' }, messages.managerIdFrontRequired],
    [{ sealInfo: [] }, messages.sealRequired],
    [{ unitTypeCode: '' }, messages.unitTypeEmpty],
    [{ addr: ['110000', '110100'] }, messages.unitRegistrationPlaceRequired],
    [{ socialCreditCode: '91110108MA01ABCDE0' }, messages.invalidCreditCodeWizard],
    [{ unitName: '示'.repeat(121) }, messages.unitNameTooLongWizard],
    [{ unitName: '示例' }, messages.unitNameTooShort],
    [{ unitName: '示例 公司' }, messages.invalidUnitName],
    [{ businessLicense: '' }, messages.businessLicenseRequired],
    [{ legalTel: '12800000002' }, messages.invalidLegalPhone],
    [{ legalPersonIdentityNo: '310104198506124563' }, messages.invalidLegalIdNumber],
    [{ legalPersonName: '' }, messages.invalidLegalName],
    [{ legalPersonIdBackFileId: '' }, messages.legalIdBackRequired],
    [{ legalPersonIdFrontFileId: '' }, messages.legalIdFrontRequired],
    [{ operatorTel: '1380000000' }, messages.invalidOperatorPhone],
    [{ operatorBackFileId: '' }, messages.operatorIdBackRequired],
    [{ operatorFrontFileId: '' }, messages.operatorIdFrontRequired],
    [{ operatorIdCardNo: '110101199003071234' }, messages.invalidOperatorIdNumber],
    [{ operatorRealName: '' }, messages.invalidOperatorName],
  ]
  it.each(breaks.map((_, i) => i))('answers the first broken field (%i more broken)', (i) => {
    const broken = Object.assign({}, ...breaks.slice(0, i + 1).map(([change]) => change)) as Partial<UnitApplicationForm>
    expect(step1Problem(completeForm(broken))).toBe(breaks[i]![1])
  })

  it('skips the operator section for the legal representative and the manager when none is set', () => {
    expect(step1Problem(completeForm({ applyType: 'LEGAL_APPLY', operatorRealName: '' }))).toBeNull()
    expect(step1Problem(completeForm({ setSealManager: false, sealManagerName: '' }))).toBeNull()
    // The manager section belongs to new applications and recovery only.
    expect(step1Problem(completeForm({ businessType: 'CHANGE', sealManagerName: '' }))).toBeNull()
  })

  it('refuses a renewal of an administrative or public institution (06) once the unit type is known, on both sides', () => {
    expect(step1Problem(completeForm({ businessType: 'RENEWAL', unitTypeCode: '06' }))).toBe(messages.institutionCannotRenew)
    expect(step1Problem(completeForm({ businessType: 'RENEWAL', unitTypeCode: '02' }))).toBeNull()
    expect(step1Problem(completeForm({ businessType: 'APPLY', unitTypeCode: '06' }))).toBeNull()
  })

  it('accepts a non-ID-card legal representative without checking the number as an ID card', () => {
    expect(step1Problem(completeForm({ legalPersonIdentityType: '414', legalPersonIdentityNo: 'E12345678' }))).toBeNull()
  })
})

describe('a change must change something', () => {
  const original = { orgUnitName: '示例科技有限公司', orgLegalName: '李四', orgLegalNo: '310104198506124562', orgUnitAdminNum: '110108' }
  const change = (overrides: Partial<UnitApplicationForm> = {}) => completeForm({ businessType: 'CHANGE', ...overrides })

  it('tells the legal representative and the operator in their own words', () => {
    expect(changeProblem(change({ applyType: 'LEGAL_APPLY' }), original)).toBe(messages.legalApplicantNothingChanged)
    expect(changeProblem(change(), original)).toBe(messages.operatorNothingChanged)
    expect(changeProblem(change({ unitName: '示例新科技有限公司' }), original)).toBeNull()
  })

  it('compares trimmed names and ID numbers in any case', () => {
    expect(changeProblem(change({ applyType: 'LEGAL_APPLY', unitName: ' 示例科技有限公司 ', legalPersonName: '李四 ' }), original)).toBe(messages.legalApplicantNothingChanged)
    expect(changeProblem(change({ legalPersonIdentityNo: '310104198506124562' }), { ...original, orgLegalNo: '310104198506124562'.toLowerCase() })).toBe(
      messages.operatorNothingChanged,
    )
  })

  it('lets a legal representative through when only the legal ID number changed (change type 2), an operator too', () => {
    const newNo = change({ legalPersonIdentityNo: '110101199003071233' })
    expect(changeProblem({ ...newNo, applyType: 'OPERATOR_APPLY' }, original)).toBeNull()
    expect(changeTypeOf(newNo, original)).toBe('2')
  })

  it('blocks a region-only change of a legal applicant in the words of 001 §5 (name and legal name unchanged)', () => {
    expect(changeProblem(change({ applyType: 'LEGAL_APPLY', addr: ['110000', '110100', '110105'] }), original)).toBe(messages.legalApplicantNothingChanged)
    expect(changeProblem(change({ addr: ['110000', '110100', '110105'] }), original)).toBe(messages.operatorNothingChanged)
  })

  it('takes a seal still naming the unit as it was for a change (type 3) that must name that seal', () => {
    const behind = { ...original, sealsNamingFormerUnit: ['seal-2'] }
    const same = change({ applyType: 'LEGAL_APPLY', sealInfo: [{ ...change().sealInfo[0]!, sealId: 'seal-1' }] })
    expect(changeProblem(same, behind)).toBeNull()
    expect(changeProblem({ ...same, applyType: 'OPERATOR_APPLY' }, behind)).toBeNull()
    expect(changeTypeOf(same, behind)).toBe('3')
    expect(formerUnitSealsProblem(same, behind)).toBe(unitApplyMessages.formerUnitSealsNeeded)
    expect(formerUnitSealsProblem({ ...same, sealInfo: [...same.sealInfo, { ...same.sealInfo[0]!, _id: 'b', sealId: 'seal-2' }] }, behind)).toBeNull()
    expect(formerUnitSealsProblem(same, original)).toBeNull()
    expect(formerUnitSealsProblem({ ...same, businessType: 'RENEWAL' }, behind)).toBeNull()
  })

  it('answers 检查到信息未发生更新 for change type 0 where the §5 words do not apply', () => {
    // Neither wording applies to an unknown applicant kind; the change type still blocks it.
    expect(changeProblem({ ...change(), applyType: 'OTHER' as never }, original)).toBe(messages.nothingChanged)
  })

  it('is no concern of the other business types', () => {
    expect(changeProblem(completeForm({ businessType: 'RENEWAL' }), original)).toBeNull()
  })
})

describe('change type (001 §4)', () => {
  const original = { orgUnitName: '示例科技有限公司', orgLegalName: '李四', orgLegalNo: '310104198506124562', orgUnitAdminNum: '110108' }
  const change = (overrides: Partial<UnitApplicationForm> = {}) => completeForm({ businessType: 'CHANGE', ...overrides })
  const nameSeal = { _id: 'b', sealTypeCode: '05', sealName: '李四', sealTypeName: '法定代表人名章', sealId: 's5', sealCode: '', sealPic: '', originalFileId: '', errorCount: 0, manualReview: false }

  it('is 0 when nothing changed, 3 for the unit name or the region, before any change of legal person', () => {
    expect(changeTypeOf(change(), original)).toBe('0')
    expect(changeTypeOf(change({ unitName: '示例新科技有限公司' }), original)).toBe('3')
    expect(changeTypeOf(change({ addr: ['110000', '110100', '110105'] }), original)).toBe('3')
    expect(changeTypeOf(change({ unitName: '示例新科技有限公司', legalPersonName: '王五' }), original)).toBe('3')
  })

  it('does not count a region as changed when the unit has none on record', () => {
    expect(changeTypeOf(change({ addr: ['110000', '110100', '110105'] }), { ...original, orgUnitAdminNum: null })).toBe('0')
  })

  it('is 1 when the legal person changed and the change includes the name seal 05, else 2', () => {
    expect(changeTypeOf(change({ legalPersonName: '王五' }), original)).toBe('2')
    const withNameSeal = change({ legalPersonName: '王五' })
    withNameSeal.sealInfo = [...withNameSeal.sealInfo, nameSeal]
    expect(changeTypeOf(withNameSeal, original)).toBe('1')
  })

  it('asks step 2 for the pictures its type needs: all for 3, only 05 for 1, none for 2', () => {
    const both = change({ legalPassword: 'abc123', legalPasswordConfirm: 'abc123' })
    both.sealInfo = [{ ...both.sealInfo[0]!, sealPic: '' }, nameSeal]
    expect(step2Problem(both, { changeType: '3' })).toBe(messages.sealImageRequired)
    expect(step2Problem(both, { changeType: '1' })).toBe(messages.sealImageRequired)
    expect(step2Problem({ ...both, sealInfo: [both.sealInfo[0]!] }, { changeType: '1' })).toBeNull()
    expect(step2Problem(both, { changeType: '2' })).toBeNull()
    expect(needsNewPicture(both, '01', '2')).toBe(false)
    expect(needsNewPicture(both, '05', '1')).toBe(true)
    expect(needsNewPicture(completeForm({ businessType: 'RETRIEVE' }), '01', null)).toBe(false)
    // A renewal keeps the picture (and the passwords: step2Problem asks for none).
    expect(needsNewPicture(completeForm({ businessType: 'RENEWAL' }), '01', null)).toBe(false)
    expect(step2Problem({ ...completeForm({ businessType: 'RENEWAL' }), legalPassword: '', legalPasswordConfirm: '' })).toBeNull()
  })
})

describe('a renaming change names every seal in effect', () => {
  const item = (sealId: string, sealTypeCode: string) => ({ _id: sealId, sealId, sealTypeCode, sealName: '', sealTypeName: '', sealCode: '', sealPic: '', originalFileId: '', errorCount: 0, manualReview: false })
  const inEffect = [{ id: 's01' }, { id: 's04' }]
  const change = (unitName: string, sealInfo = [item('s01', '01')]) => ({ ...completeForm({ businessType: 'CHANGE', unitName }), sealInfo })

  it('refuses a new unit name that leaves a seal in effect out, with our words', () => {
    expect(renameSealsProblem(change('示例新名科技有限公司'), '示例科技有限公司', inEffect)).toBe('单位名称变更需同时变更本单位全部有效印章')
    expect(unitApplyMessages.renameNeedsAllSeals).toBe('单位名称变更需同时变更本单位全部有效印章')
    expect(sealsLeftOut(change('示例新名科技有限公司'), inEffect)).toEqual(['s04'])
  })

  it('passes a new unit name naming all of them (more seals of the list do no harm)', () => {
    const all = change('示例新名科技有限公司', [item('s04', '04'), item('s01', '01')])
    expect(renameSealsProblem(all, '示例科技有限公司', inEffect)).toBeNull()
    expect(renameSealsProblem(all, '示例科技有限公司', [{ id: 's01' }])).toBeNull()
  })

  it('keeps the free choice when the name stays: a change of legal person, or of the region alone', () => {
    const legal = { ...change('示例科技有限公司'), legalPersonName: '王五' }
    expect(renameSealsProblem(legal, '示例科技有限公司', inEffect)).toBeNull()
    const region = { ...change(' 示例科技有限公司 '), addr: ['110000', '110100', '110105'] }
    expect(renameSealsProblem(region, '示例科技有限公司', inEffect)).toBeNull()
  })

  it('compares names as the server keeps them: half-width brackets are no new name', () => {
    expect(renamesUnit(change('示例(北京)科技有限公司'), '示例（北京）科技有限公司')).toBe(false)
    expect(renamesUnit(change('示例(上海)科技有限公司'), '示例（北京）科技有限公司')).toBe(true)
  })

  it('demands only seals in effect: what the caller passes is all it asks for', () => {
    // A seal applied for and not made yet, or cancelled, is not in effect: the list the caller gives leaves it out.
    expect(renameSealsProblem(change('示例新名科技有限公司'), '示例科技有限公司', [{ id: 's01' }])).toBeNull()
  })

  it('is no concern of other business types, nor without a name on record', () => {
    expect(renamesUnit({ businessType: 'RENEWAL', unitName: '示例新名科技有限公司' }, '示例科技有限公司')).toBe(false)
    expect(renamesUnit(change('示例新名科技有限公司'), null)).toBe(false)
  })
})

describe('step 2 and step 3-1 checks', () => {
  it('needs a picture for every seal, unless its photo went to manual review', () => {
    expect(step2Problem(completeForm({ sealInfo: [{ _id: 'a', sealTypeCode: '01', sealName: 'x', sealPic: '', sealId: '', sealCode: '', sealTypeName: '', originalFileId: '', errorCount: 0, manualReview: false }] }))).toBe(messages.sealImageRequired)
    const reviewed = completeForm({ sealInfo: [{ _id: 'a', sealTypeCode: '01', sealName: 'x', sealPic: '', sealId: '', sealCode: '', sealTypeName: '', originalFileId: 'photo', errorCount: 2, manualReview: true }] })
    expect(step2Problem(reviewed)).toBeNull()
  })

  it('names other-type seals uniquely, then checks the passwords in order', () => {
    const other = (sealName: string) => ({ _id: sealName || 'x', sealTypeCode: '99', sealName, sealPic: 'p', sealId: '', sealCode: '', sealTypeName: '', originalFileId: '', errorCount: 0, manualReview: false })
    expect(step2Problem(completeForm({ sealInfo: [other('')] }))).toBe(messages.otherSealNameRequired)
    expect(step2Problem(completeForm({ sealInfo: [other('项目章'), { ...other('项目章'), _id: 'y' }] }))).toBe(messages.otherSealNameDuplicate)
    // The legal representative's own application: he sets his PIN and the manager's password at step 2 (an
    // operator sets neither; the legal representative does when he signs).
    const own = (overrides: Partial<UnitApplicationForm> = {}) => completeForm({ applyType: 'LEGAL_APPLY', ...overrides })
    expect(step2Problem(own({ legalPassword: '' }))).toBe(messages.legalPasswordRequired)
    expect(step2Problem(own({ legalPassword: '' }), { legalPasswordSet: true })).toBeNull()
    expect(step2Problem(own({ legalPassword: '123456', legalPasswordConfirm: '123456' }))).toBe(messages.legalPasswordRule)
    expect(step2Problem(own({ legalPasswordConfirm: 'abc124' }))).toBe(messages.legalPasswordsDiffer)
    expect(step2Problem(own({ sealManagerPassword: '' }))).toBe(messages.managerPasswordRequired)
    expect(step2Problem(own({ sealManagerPasswordConfirm: 'xyz788' }))).toBe(messages.managerPasswordsDiffer)
    expect(step2Problem(completeForm({ legalPassword: '' }))).toBeNull()
  })

  it('needs the signed form and the declaration to submit', () => {
    expect(step3Problem(completeForm({ applicationFiles: [] }))).toBe(messages.applicationFormRequired)
    expect(step3Problem(completeForm({ truthful: false }))).not.toBeNull()
    expect(step3Problem(completeForm())).toBeNull()
  })
})

describe('authPeriodsProblem (001 §5 "Authorisation period")', () => {
  const now = Date.parse('2026-11-25T06:00:00Z')
  const person = (authStartTime: number | null, authEndTime: number | null) => ({ authId: 'a', sealType: '04', sealId: 's', name: '王小明', authUseType: '1', authStartTime, authEndTime })
  it('asks kept periods to start today or later and to end no earlier than they start', async () => {
    const { authPeriodsProblem } = await import('./unit-apply.ts')
    expect(authPeriodsProblem({ authPersons: [person(now - 2 * 86_400_000, now)] }, now)).toBe('开始时间不能小于当前时间!')
    expect(authPeriodsProblem({ authPersons: [person(now, now - 1)] }, now)).toBe('结束时间不能小于开始时间!')
    expect(authPeriodsProblem({ authPersons: [person(now, now + 86_400_000)] }, now)).toBeNull()
    expect(authPeriodsProblem({ reservedAuth: false, authPersons: [person(now - 2 * 86_400_000, now)] }, now)).toBeNull()
  })
})
