import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UnitApplicationFormInput } from '@seal/shared/api/unit-apply'
import { messageTemplates, messages } from '@seal/shared/messages'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { createSession } from '../auth/sessions.ts'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { makeSeal } from '../seals/make-seal.ts'
import { applyServerMessages } from './messages.ts'
import { unitApplications } from './tables.ts'
import { creditCode, demoUnit, enterpriseSession, idNumber, legalForm, operatorForm, personFor, setVerification, unitFor, type TestPerson } from './test-support.ts'

const passwords = { legalPassword: 'abc123', legalPasswordConfirm: 'abc123' }

describe('enterprise application through the new wizard (/seal-apply/apply/*)', () => {
  let t: TestApp
  let legal: TestPerson
  let operator: TestPerson
  let stranger: TestPerson
  let unitN = 100
  const call = (token: string | undefined, url: string, body?: unknown) => t.call({ method: body === undefined ? 'GET' : 'POST', url: `/api${url}`, body, token })
  const newUnit = () => ({ unitName: `测试第${++unitN}号科技有限公司`, socialCreditCode: creditCode(unitN) })

  /** Draft → verification recorded → step 2 → step 3-1 with passwords; answers the id. */
  async function readyToSubmit(who: TestPerson, form: UnitApplicationFormInput, options: { passed?: boolean; materials?: boolean } = {}): Promise<string> {
    const draft = await call(who.token, '/seal-apply/apply/temporary', form)
    expect(draft.body.resultStatus, draft.body.responseInfo).toBe('00')
    const id = draft.body.data.id as string
    await setVerification(t, id, options.passed ?? true)
    const step2 = await call(who.token, '/seal-apply/apply/save', { ...form, id, step: '2' })
    expect(step2.body.responseInfo).toBe('操作成功')
    const step3 = await call(who.token, '/seal-apply/apply/save', { ...form, id, step: '3-1', ...passwords })
    expect(step3.body.responseInfo).toBe('操作成功')
    if (options.materials) await call(who.token, '/seal-apply/apply/temporary', { ...form, id, step: '3-1', applicationFiles: [who.fileId], truthful: true })
    return id
  }

  beforeAll(async () => {
    // Reviewers act by hand here: these tests follow the applicant's side to the review queue (review.api.test.ts covers auto review).
    t = await startTestApp({ env: { REVIEW_MODE: 'manual' } })
    legal = await personFor(t, demo.legalPerson)
    operator = await personFor(t, demo.person)
    stranger = await personFor(t, { name: '陈静', identityNo: '320102199511203453' })
  })
  afterAll(() => t.close())

  it('asks for the unit verification again when the unit or a person it vouched for changes in the draft', async () => {
    const unit = newUnit()
    const form = legalForm(legal, unit)
    const id = (await call(legal.token, '/seal-apply/apply/temporary', form)).body.data.id as string
    await setVerification(t, id, true)
    // Saved again as verified: the verdict stands.
    expect((await call(legal.token, '/seal-apply/apply/save', { ...form, id, step: '2' })).body.resultStatus).toBe('00')
    // Another unit name after the check: the verdict is gone, and step 2 waits for a new one.
    const renamed = await call(legal.token, '/seal-apply/apply/save', { ...form, id, unitName: `${unit.unitName}分公司`, step: '2' })
    expect(renamed.body.responseInfo).toBe(applyServerMessages.verificationRequired)
    await call(legal.token, '/seal-apply/apply/temporary', { ...form, id, unitName: `${unit.unitName}分公司` })
    expect((await t.db.select().from(unitApplications).where(eq(unitApplications.id, id)))[0]).toMatchObject({ companyVerifyPass: null, serialNo: null })
  })

  it('暂存 keeps the form as typed, normalised, and the detail gives it back to the applicant', async () => {
    const form = legalForm(legal, { unitName: '示例(北京)科技有限公司', socialCreditCode: demo.unit.socialCreditCode.toLowerCase() }, { step: '1' })
    const saved = await call(legal.token, '/seal-apply/apply/temporary', form)
    expect(saved.body).toMatchObject({ resultStatus: '00', responseInfo: '暂存成功', data: { id: expect.any(String), step: '1' } })
    const detail = (await call(legal.token, `/seal-apply/apply/detail?id=${saved.body.data.id}`)).body.data
    expect(detail).toMatchObject({
      id: saved.body.data.id,
      applyStatus: 'TEMPORARY_SAVE',
      unitName: '示例（北京）科技有限公司',
      socialCreditCode: demo.unit.socialCreditCode,
      sealInfo: form.sealInfo,
      legalPasswordSet: false,
      companyVerifyPass: null,
      signedFiles: [],
      mine: true,
      submitTime: null,
    })
    // Saving again by id updates the same draft; an unfinished form is fine for 暂存.
    const again = await call(legal.token, '/seal-apply/apply/temporary', { ...form, id: saved.body.data.id, unitName: '', step: '2' })
    expect(again.body.data).toEqual({ id: saved.body.data.id, step: '2' })
    expect((await call(legal.token, `/seal-apply/apply/detail?id=${saved.body.data.id}`)).body.data).toMatchObject({ unitName: '', step: '2' })
    const [row] = await t.db.select().from(unitApplications).where(eq(unitApplications.id, saved.body.data.id))
    expect(row).toMatchObject({ applicantPersonId: legal.id, legalPersonIdentityNo: legal.identityNo, sealTypes: '01,04', unitId: null })
  })

  it('keeps passwords only as argon2id hashes and never answers them', async () => {
    const form = legalForm(legal, newUnit())
    const weak = await call(legal.token, '/seal-apply/apply/temporary', { ...form, legalPassword: '123456', legalPasswordConfirm: '123456' })
    expect(weak.body.responseInfo).toBe(messages.legalPasswordRule)
    const differ = await call(legal.token, '/seal-apply/apply/temporary', { ...form, legalPassword: 'abc123', legalPasswordConfirm: 'abc124' })
    expect(differ.body.responseInfo).toBe(messages.legalPasswordsDiffer)
    const saved = await call(legal.token, '/seal-apply/apply/temporary', { ...form, legalPassword: ' pass 123 ', legalPasswordConfirm: 'pass123' })
    const id = saved.body.data.id
    const detail = await call(legal.token, `/seal-apply/apply/detail?id=${id}`)
    expect(detail.body.data.legalPasswordSet).toBe(true)
    expect(detail.raw.body).not.toMatch(/pass ?123|legalPassword"|argon2/)
    const [row] = await t.db.select().from(unitApplications).where(eq(unitApplications.id, id))
    expect(row!.legalPinHash).toMatch(/^\$argon2id\$/)
    expect(JSON.stringify(row!.form)).not.toMatch(/pass ?123|Password/)
  })

  it('refuses a file someone else uploaded', async () => {
    const answer = await call(operator.token, '/seal-apply/apply/temporary', operatorForm(operator, legal, demoUnit, { businessLicense: stranger.fileId }))
    expect(answer.body.responseInfo).toBe(applyServerMessages.notOwnFile)
    const missing = await call(operator.token, '/seal-apply/apply/temporary', operatorForm(operator, legal, demoUnit, { businessLicense: 'no-such-file' }))
    expect(missing.body.responseInfo).toBe(applyServerMessages.notOwnFile)
  })

  describe('moving on checks every step before, in the order of spec 001 §5', () => {
    let id: string
    const complete = () =>
      operatorForm(operator, legal, newUnit(), {
        setSealManager: true,
        sealManagerName: '王五',
        sealManagerIdentityNo: idNumber(1),
        sealManagerTel: '13800000003',
        sealManagerIdFrontFileId: operator.fileId,
        sealManagerIdBackFileId: operator.fileId,
      })

    beforeAll(async () => {
      id = (await call(operator.token, '/seal-apply/apply/temporary', complete())).body.data.id
    })

    // Each row breaks one more field than the row before, so the answer proves the order.
    const breaks: [Partial<UnitApplicationFormInput>, string][] = [
      [{ sealManagerTel: '123' }, messages.invalidManagerPhone],
      [{ sealManagerIdentityNo: '123' }, messages.invalidManagerIdNumber],
      [{ sealManagerName: ' ' }, messages.invalidManagerName],
      [{ sealManagerIdBackFileId: '' }, messages.managerIdBackRequired],
      [{ sealManagerIdFrontFileId: '' }, messages.managerIdFrontRequired],
      [{ sealInfo: [] }, messages.sealRequired],
      [{ unitTypeCode: '' }, messages.unitTypeEmpty],
      [{ addr: ['北京市', '北京市'] }, messages.unitRegistrationPlaceRequired],
      [{ socialCreditCode: '91110108MA01ABCDE0' }, messages.invalidCreditCodeWizard],
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
    it.each(breaks.map((_, i) => i))('answers the first broken field through /save (%i more broken)', async (i) => {
      const broken = Object.assign({}, ...breaks.slice(0, i + 1).map(([change]) => change)) as Partial<UnitApplicationFormInput>
      const answer = await call(operator.token, '/seal-apply/apply/save', { ...complete(), ...broken, id, step: '2' })
      expect(answer.body).toMatchObject({ resultStatus: '10000', responseInfo: breaks[i]![1], data: null })
    })

    it('then who applies, the seal picker and the unit verification', async () => {
      const save = (form: UnitApplicationFormInput, as = operator) => call(as.token, '/seal-apply/apply/save', { ...form, id, step: '2' })
      expect((await save({ ...complete(), operatorRealName: '王五' })).body.responseInfo).toBe(messageTemplates.identityMismatch('经办人'))
      const unit = newUnit()
      const base = complete()
      expect((await save({ ...base, ...unit })).body.responseInfo).toBe(applyServerMessages.verificationRequired)
      // The seal picker's rules come after the unit verification: which types a unit holds is its own people's.
      expect((await save({ ...base, ...unit, sealInfo: [base.sealInfo![1]!] })).body.responseInfo).toBe(applyServerMessages.verificationRequired)
      // Verified for the unit the draft now names.
      await call(operator.token, '/seal-apply/apply/temporary', { ...base, ...unit, id })
      await setVerification(t, id, true)
      expect((await save({ ...base, ...unit, sealInfo: [base.sealInfo![1]!] })).body.responseInfo).toBe(messages.officialSealRequired)
      expect((await save({ ...base, ...unit, sealInfo: [...base.sealInfo!, { ...base.sealInfo![1]!, _id: 'c' }] })).body.responseInfo).toBe(messages.sealTypeAlreadyHeld)
      await t.db.update(unitApplications).set({ companyVerifyPass: null, companyVerifyReason: null }).where(eq(unitApplications.id, id))
      // The legal representative applying must be the caller.
      const own = (await call(stranger.token, '/seal-apply/apply/temporary', legalForm(stranger, newUnit(), { legalPersonName: legal.name, legalPersonIdentityNo: legal.identityNo }))).body.data.id
      const mismatch = await call(stranger.token, '/seal-apply/apply/save', { ...legalForm(stranger, newUnit(), { legalPersonName: legal.name, legalPersonIdentityNo: legal.identityNo }), id: own, step: '2' })
      expect(mismatch.body.responseInfo).toBe(messageTemplates.identityMismatch('法人'))
    })

    it('step 2 needs a picture per seal and the passwords; a moved step is kept', async () => {
      const form = complete()
      await call(operator.token, '/seal-apply/apply/temporary', { ...form, id })
      await setVerification(t, id, true)
      const moved = await call(operator.token, '/seal-apply/apply/save', { ...form, id, step: '2' })
      expect(moved.body.data).toEqual({ id, step: '2' })
      const noPicture = { ...form, sealInfo: [{ ...form.sealInfo![0]!, sealPic: '' }] }
      expect((await call(operator.token, '/seal-apply/apply/save', { ...noPicture, id, step: '3-1' })).body.responseInfo).toBe(messages.sealImageRequired)
      // The operator is the manager he names (his ID number): he sets the manager's password, never the
      // legal representative's (who sets it when he signs, operator-pin.api.test.ts).
      const asManager = { ...form, sealManagerName: operator.name, sealManagerIdentityNo: operator.identityNo }
      expect((await call(operator.token, '/seal-apply/apply/save', { ...asManager, id, step: '3-1', ...passwords })).body.responseInfo).toBe(messages.managerPasswordRequired)
      const both = await call(operator.token, '/seal-apply/apply/save', { ...asManager, id, step: '3-1', ...passwords, sealManagerPassword: 'xyz789', sealManagerPasswordConfirm: 'xyz789' })
      expect(both.body.data).toEqual({ id, step: '3-1' })
      expect((await call(operator.token, `/seal-apply/apply/detail?id=${id}`)).body.data).toMatchObject({ step: '3-1', legalPasswordSet: false, sealManagerPasswordSet: true })
      // Once set, moving again needs no retyping.
      expect((await call(operator.token, '/seal-apply/apply/save', { ...asManager, id, step: '3-1' })).body.resultStatus).toBe('00')
    })
  })

  describe('submit', () => {
    it('sends an operator’s application to the legal representative, and an administrative unit’s straight to review', async () => {
      const ordinary = await readyToSubmit(operator, operatorForm(operator, legal, newUnit()))
      expect((await call(operator.token, '/seal-apply/apply/submit', { id: ordinary })).body.data).toEqual({ id: ordinary, applyStatus: 'PENDING_SIGN' })
      const administrative = await readyToSubmit(operator, operatorForm(operator, legal, newUnit(), { unitTypeCode: '06' }))
      expect((await call(operator.token, '/seal-apply/apply/submit', { id: administrative })).body.data).toEqual({ id: administrative, applyStatus: 'PENDING_REVIEW' })
      const [row] = await t.db.select().from(unitApplications).where(eq(unitApplications.id, administrative))
      expect(row!.submittedAt).toBeInstanceOf(Date)
      expect((await call(operator.token, '/seal-apply/apply/submit', { id: administrative })).body.responseInfo).toBe(applyServerMessages.alreadySubmitted)
      expect((await call(operator.token, '/seal-apply/apply/temporary', { ...operatorForm(operator, legal, newUnit()), id: administrative })).body.responseInfo).toBe(applyServerMessages.notEditable)
    })

    it('asks for the uploaded form when the verification failed, then sends the legal representative’s to review', async () => {
      const form = legalForm(legal, newUnit())
      const id = await readyToSubmit(legal, form, { passed: false })
      expect((await call(legal.token, '/seal-apply/apply/submit', { id })).body.responseInfo).toBe(messages.applicationFormRequired)
      await call(legal.token, '/seal-apply/apply/temporary', { ...form, id, step: '3-1', applicationFiles: [legal.fileId] })
      expect((await call(legal.token, '/seal-apply/apply/submit', { id })).body.responseInfo).toBe('请勾选并确认所提交材料真实有效')
      await call(legal.token, '/seal-apply/apply/temporary', { ...form, id, step: '3-1', applicationFiles: [legal.fileId], truthful: true })
      expect((await call(legal.token, '/seal-apply/apply/submit', { id })).body.data).toEqual({ id, applyStatus: 'PENDING_REVIEW' })
    })

    it('answers the same at the spec’s paths /apply/temporary and /apply/submit, and a stranger as for an unknown id', async () => {
      const form = operatorForm(operator, legal, newUnit(), { unitTypeCode: '06' })
      const saved = await call(operator.token, '/apply/temporary', form)
      expect(saved.body).toMatchObject({ resultStatus: '00', responseInfo: '暂存成功', data: { id: expect.any(String) } })
      const id = await readyToSubmit(operator, { ...form, id: saved.body.data.id })
      expect(id).toBe(saved.body.data.id)
      const theirs = await call(stranger.token, '/apply/submit', { id })
      const unknown = await call(stranger.token, '/apply/submit', { id: '00000000-0000-4000-8000-000000000000' })
      expect(theirs.body.resultStatus).toBe('404')
      expect(unknown.body).toEqual(theirs.body)
      expect((await call(stranger.token, '/apply/temporary', { ...form, id })).body).toEqual(theirs.body)
      expect((await call(operator.token, '/apply/submit', { id })).body.data).toEqual({ id, applyStatus: 'PENDING_REVIEW' })
      expect((await call(operator.token, '/apply/submit', {})).body).toMatchObject({ resultStatus: '400' })
    })

    it('asks a verified legal representative to sign first', async () => {
      const id = await readyToSubmit(legal, legalForm(legal, newUnit()))
      expect((await call(legal.token, '/seal-apply/apply/submit', { id })).body.responseInfo).toBe(applyServerMessages.signatureRequired)
    })

    it('re-checks the chain on the server: a draft stored at a later step by 暂存 is still refused', async () => {
      const form = legalForm(legal, newUnit())
      const id = (await call(legal.token, '/seal-apply/apply/temporary', { ...form, step: '3-1' })).body.data.id
      expect((await call(legal.token, '/seal-apply/apply/submit', { id })).body.responseInfo).toBe(applyServerMessages.verificationRequired)
      await setVerification(t, id, true)
      expect((await call(legal.token, '/seal-apply/apply/submit', { id })).body.responseInfo).toBe(messages.legalPasswordRequired)
    })

    it('moves once however many submits arrive together', async () => {
      const id = await readyToSubmit(operator, operatorForm(operator, legal, newUnit()))
      const [row] = await t.db.select().from(unitApplications).where(eq(unitApplications.id, id))
      // Separate sessions, so the duplicate guard does not stand between them and the database.
      const tokens = await Promise.all(Array.from({ length: 20 }, async () => (await createSession(t.db, row!.applicantAccountId)).token))
      const answers = await Promise.all(tokens.map((token) => call(token, '/seal-apply/apply/submit', { id })))
      expect(answers.filter((a) => a.body.resultStatus === '00')).toHaveLength(1)
      for (const a of answers.filter((a) => a.body.resultStatus !== '00')) expect(a.body.responseInfo).toBe(applyServerMessages.alreadySubmitted)
      expect((await call(operator.token, `/seal-apply/apply/detail?id=${id}`)).body.data.applyStatus).toBe('PENDING_SIGN')
    })
  })

  describe('record actions by status', () => {
    it('deletes a draft only, withdraws a waiting application only, once', async () => {
      const draft = (await call(operator.token, '/seal-apply/apply/temporary', operatorForm(operator, legal, newUnit()))).body.data.id
      expect((await call(operator.token, `/seal-apply/apply/withdraw?id=${draft}`)).body.responseInfo).toBe(applyServerMessages.cannotWithdraw)
      const waiting = await readyToSubmit(operator, operatorForm(operator, legal, newUnit()))
      await call(operator.token, '/seal-apply/apply/submit', { id: waiting })
      expect((await call(operator.token, `/seal-apply/apply/delete?id=${waiting}`)).body.responseInfo).toBe(applyServerMessages.cannotDelete)

      expect((await call(operator.token, `/seal-apply/apply/delete?id=${draft}`)).body).toMatchObject({ resultStatus: '00', responseInfo: '删除成功' })
      expect((await call(operator.token, `/seal-apply/apply/detail?id=${draft}`)).body.responseInfo).toBe(applyServerMessages.notFound)
      expect((await call(operator.token, `/seal-apply/apply/delete?id=${draft}`)).body.responseInfo).toBe(applyServerMessages.notFound)

      const withdrawn = await Promise.all([1, 2].map(async () => call((await createSession(t.db, (await t.db.select().from(unitApplications).where(eq(unitApplications.id, waiting)))[0]!.applicantAccountId)).token, `/seal-apply/apply/withdraw?id=${waiting}`)))
      expect(withdrawn.map((a) => a.body.responseInfo).sort()).toEqual([applyServerMessages.cannotWithdraw, messages.applicationRevoked].sort())
      expect((await call(operator.token, `/seal-apply/apply/detail?id=${waiting}`)).body.data.applyStatus).toBe('CANCELED')
    })

    it('重新申请 starts a new draft copied from a withdrawn application, without its passwords or verdicts', async () => {
      const form = operatorForm(operator, legal, newUnit())
      const old = await readyToSubmit(operator, form, { materials: true })
      expect((await call(operator.token, '/seal-apply/apply/reapply', { id: old })).body.responseInfo).toBe(applyServerMessages.cannotReapply)
      await call(operator.token, '/seal-apply/apply/submit', { id: old })
      await call(operator.token, `/seal-apply/apply/withdraw?id=${old}`)
      const again = await call(operator.token, '/seal-apply/apply/reapply', { id: old })
      expect(again.body.data).toEqual({ id: expect.any(String), step: '1' })
      expect(again.body.data.id).not.toBe(old)
      const copy = (await call(operator.token, `/seal-apply/apply/detail?id=${again.body.data.id}`)).body.data
      expect(copy).toMatchObject({
        applyStatus: 'TEMPORARY_SAVE',
        step: '1',
        unitName: form.unitName,
        operatorRealName: operator.name,
        sealInfo: form.sealInfo,
        applicationFiles: [],
        truthful: false,
        legalPasswordSet: false,
        companyVerifyPass: null,
      })
      expect((await call(operator.token, `/seal-apply/apply/detail?id=${old}`)).body.data.applyStatus).toBe('CANCELED')
      expect((await call(operator.token, '/seal-apply/apply/findDraft', { businessType: 'APPLY', applyType: 'OPERATOR_APPLY' })).body.data).toMatchObject({ id: again.body.data.id, step: '1' })
      expect((await call(operator.token, '/seal-apply/apply/findDraft', { businessType: 'RENEWAL', applyType: 'OPERATOR_APPLY' })).body.data).toBeNull()
    })
  })

  it('pages the caller’s own applications of one tab, newest first', async () => {
    const person = await personFor(t, { name: '赵敏', identityNo: idNumber(2) })
    const made: string[] = []
    for (let i = 0; i < 5; i += 1) made.push((await call(person.token, '/seal-apply/apply/temporary', operatorForm(person, legal, newUnit()))).body.data.id)
    await call(person.token, '/seal-apply/apply/temporary', legalForm(person, newUnit()))
    await call(person.token, `/seal-apply/apply/delete?id=${made[0]}`)
    const page = (pageNo: number, applyType = 'OPERATOR_APPLY') => call(person.token, '/seal-apply/apply/page', { applyType, pageNo, pageSize: 2 })
    const first = (await page(1)).body.data
    expect(first).toMatchObject({ total: 4, pages: 2, pageNo: 1 })
    expect(first.records.map((r: { id: string }) => r.id)).toEqual([made[4], made[3]])
    expect(first.records[0]).toMatchObject({ applyStatus: 'TEMPORARY_SAVE', sealType: '01,04', businessType: 'APPLY', applyType: 'OPERATOR_APPLY', failReason: null, createTime: expect.any(Number) })
    expect((await page(2)).body.data.records.map((r: { id: string }) => r.id)).toEqual([made[2], made[1]])
    expect((await page(3)).body.data).toEqual({ records: [], total: 4, pages: 2, pageNo: 3 })
    expect((await page(1, 'LEGAL_APPLY')).body.data.total).toBe(1)
    // Someone else's list does not hold them.
    expect((await call(stranger.token, '/seal-apply/apply/page', { applyType: 'OPERATOR_APPLY', pageNo: 1, pageSize: 10 })).body.data.total).toBe(0)
  })

  it('marks the seal types a unit holds or is applying for, and lists the filing numbers to whoever is tied to the unit', async () => {
    const holder = await personFor(t, { name: '周芷若', identityNo: idNumber(3) })
    const unit = newUnit()
    const row = await unitFor(t, { name: unit.unitName, socialCreditCode: unit.socialCreditCode, legalPersonId: holder.id })
    const picture = await renderOrganizationSeal({ unitName: unit.unitName, sealTypeCode: '02', sealCode: '1101080099999' })
    await makeSeal(t.app.trust, {
      owner: { kind: 'unit', unitId: row.id, unitName: unit.unitName, socialCreditCode: unit.socialCreditCode },
      sealName: `${unit.unitName}财务专用章`,
      sealTypeCode: '02',
      sealCode: '1101080099999',
      image: picture.png,
      certStartTime: new Date(),
      certEndTime: new Date(Date.now() + 86_400_000),
      pin: 'abc12345',
    })
    const waiting = await readyToSubmit(operator, operatorForm(operator, holder, unit, { sealInfo: [{ _id: 'x', sealTypeCode: '01', sealName: unit.unitName, sealPic: operator.fileId }] }))
    await call(operator.token, '/seal-apply/apply/submit', { id: waiting })

    const query = (token: string | undefined, code = unit.socialCreditCode) => call(token, '/seal-apply/seal/queryCanApply', { socialCreditCode: code.toLowerCase(), businessTypeEnum: 'APPLY' })
    const answer = (await query(holder.token)).body.data
    // Someone not tied to the unit hears what an unknown unit answers (seal-choices.api.test.ts).
    expect(answer.hasSeal).toBe(true)
    expect(answer.canApply).toEqual([
      { sealTypeCode: '01', sealTypeName: '单位公章', applied: true, required: false, shownByDefault: true },
      { sealTypeCode: '02', sealTypeName: '财务专用章', applied: true, required: false, shownByDefault: false },
      { sealTypeCode: '03', sealTypeName: '发票专用章', applied: false, required: false, shownByDefault: false },
      { sealTypeCode: '04', sealTypeName: '合同专用章', applied: false, required: false, shownByDefault: false },
      { sealTypeCode: '05', sealTypeName: '法定代表人名章', applied: false, required: false, shownByDefault: true },
      { sealTypeCode: '99', sealTypeName: '其他类型印章', applied: false, required: false, shownByDefault: false },
    ])
    const fresh = (await query(stranger.token, creditCode(999))).body.data
    expect(fresh.hasSeal).toBe(false)
    expect(fresh.canApply.filter((c: { required: boolean }) => c.required).map((c: { sealTypeCode: string }) => c.sealTypeCode)).toEqual(['01'])
    expect((await query(stranger.token)).body.data).toEqual(fresh)
    expect((await query(undefined)).status).toBe(401)

    // A new application of that unit may leave out the unit seal it is already applying for, not take 02 again.
    const next = operatorForm(operator, holder, unit, { sealInfo: [{ _id: 'y', sealTypeCode: '02', sealName: 'x', sealPic: operator.fileId }] })
    const nextId = (await call(operator.token, '/seal-apply/apply/temporary', next)).body.data.id
    // Before the unit verification nothing says which types are taken; after it, a taken type is refused.
    expect((await call(operator.token, '/seal-apply/apply/save', { ...next, id: nextId, step: '2' })).body.responseInfo).toBe(applyServerMessages.verificationRequired)
    await setVerification(t, nextId, true)
    expect((await call(operator.token, '/seal-apply/apply/save', { ...next, id: nextId, step: '2' })).body.responseInfo).toBe(messages.sealTypeAlreadyHeld)
    const contract = { ...next, sealInfo: [{ _id: 'y', sealTypeCode: '04', sealName: 'x', sealPic: operator.fileId }] }
    expect((await call(operator.token, '/seal-apply/apply/save', { ...contract, id: nextId, step: '2' })).body.responseInfo).toBe('操作成功')

    const filing = (token: string | undefined) => call(token, '/seal-apply/seal/filingInfo', { socialCreditCode: unit.socialCreditCode, sealTypeCode: '02' })
    const enterprise = await enterpriseSession(t, unit.socialCreditCode, holder.id)
    expect((await filing(enterprise)).body.data).toEqual([{ sealName: `${unit.unitName}财务专用章`, sealCode: '1101080099999' }])
    expect((await filing(holder.token)).body.data).toHaveLength(1)
    // The operator's verified application ties them to the unit; a stranger hears of no filing number.
    expect((await filing(operator.token)).body.data).toHaveLength(1)
    expect((await filing(stranger.token)).body.data).toEqual([])
    expect((await filing(undefined)).status).toBe(401)
  })
})
