import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { persons, units } from '../auth/tables.ts'
import { sandboxUnits } from '../identity/enterprise/sandbox-units.ts'
import { realNameMessages } from '../identity/real-name/verify.ts'
import { seals } from '../seals/tables.ts'
import { findCaller } from '../auth/sessions.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { applicantFor, creditCode, insertApplication, photoFile, type Applicant } from '../test/unit-applications.ts'
import { verifySealPin } from '../trust/pin.ts'
import { renewalDocumentMessages } from './renewal-documents.ts'
import { reviewSubmitted } from './review/run.ts'
import { unitApplications } from './tables.ts'
import { verificationBodyOf } from './verification-test-support.ts'

/**
 * The takeovers outside checks found (issue #19 §1, §2.1-2.3): a stranger who knows a unit's name, credit code and
 * its legal representative's name and ID number must end up holding nothing of it. REVIEW_MODE is auto throughout.
 */
describe('only a unit’s own verified people hold its seals', () => {
  let t: TestApp
  const institution = sandboxUnits.institution // 06: 示例市行政审批服务局, legal representative 王五
  const unit = { name: institution.unitName, socialCreditCode: institution.socialCreditCode }
  const legalPerson = { name: institution.legalPersonName, identityNo: institution.legalPersonIdentityNo, phone: institution.phone }
  let legal: Applicant
  let stranger: Applicant
  let heldSealIds: string[] = []
  const application = async (id: string) => (await t.db.select().from(unitApplications).where(eq(unitApplications.id, id)))[0]!
  const call = (token: string, url: string, body: unknown) => t.call({ url: `/api${url}`, body, token })

  beforeAll(async () => {
    t = await startTestApp({ env: { REVIEW_MODE: 'auto', SMS_SENDS_PER_CLIENT: '1000' } })
    // 王五 logs in with his own phone: the carrier's check verifies him.
    legal = await applicantFor(t, legalPerson)
    stranger = await applicantFor(t, { name: '郝外人', identityNo: '110101199202020025', phone: '13700000201' })
    // His own application, face-checked at step 1: approved at once, the seals made with his PIN.
    const own = await insertApplication(t, { applicant: legal, unit, legal: legalPerson, seals: [{ sealTypeCode: '01' }, { sealTypeCode: '04' }], form: { unitTypeCode: '06' } })
    await reviewSubmitted(t.app.trust, own.id)
    const made = await application(own.id)
    expect(made.applyStatus).toBe('APPLY_SUCCESS')
    heldSealIds = made.successSealItems.map((item) => item.sealId!)
  })
  afterAll(() => t.close())

  it('leaves an operator’s application of an administrative institution, which skips the signature, to a person', async () => {
    const row = await insertApplication(t, {
      applicant: stranger,
      unit,
      legal: legalPerson,
      applyType: 'OPERATOR_APPLY',
      seals: [{ sealTypeCode: '02' }],
      pin: 'Stranger1',
      form: { unitTypeCode: '06', setSealManager: true, sealManagerName: stranger.name, sealManagerIdentityNo: stranger.identityNo, sealManagerTel: stranger.phone },
    })
    await reviewSubmitted(t.app.trust, row.id)
    expect((await application(row.id)).applyStatus).toBe('PENDING_REVIEW')
    const [unitRow] = await t.db.select().from(units).where(eq(units.socialCreditCode, unit.socialCreditCode))
    expect(await t.db.select().from(seals).where(eq(seals.unitId, unitRow!.id))).toHaveLength(2)
  })

  it('does not let a stranger’s RETRIEVE replace the holder’s PIN, nor show him the seals', async () => {
    const row = await insertApplication(t, {
      applicant: stranger,
      unit,
      legal: legalPerson,
      applyType: 'OPERATOR_APPLY',
      businessType: 'RETRIEVE',
      pin: 'Stranger1',
      seals: [{ sealTypeCode: '01', sealId: heldSealIds[0]! }],
      form: { unitTypeCode: '06' },
    })
    await reviewSubmitted(t.app.trust, row.id)
    const after = await application(row.id)
    expect(after.applyStatus).toBe('PENDING_REVIEW')
    expect(after.successSealItems).toEqual([])
    expect(await verifySealPin(t.db, { sealId: heldSealIds[0]!, pin: 'Seal2026' })).toEqual({ ok: true })
    const detail = await t.call({ method: 'GET', url: `/api/seal-apply/apply/detail?id=${row.id}`, token: stranger.token })
    expect(detail.body.data).toMatchObject({ applyStatus: 'PENDING_REVIEW', successSealItems: [] })
  })

  it('does not let a stranger’s CANCEL cancel the unit’s seals', async () => {
    const row = await insertApplication(t, {
      applicant: stranger,
      unit,
      legal: legalPerson,
      applyType: 'OPERATOR_APPLY',
      businessType: 'CANCEL',
      seals: heldSealIds.map((sealId, i) => ({ sealTypeCode: i === 0 ? '01' : '04', sealId })),
      form: { unitTypeCode: '06' },
    })
    await reviewSubmitted(t.app.trust, row.id)
    expect((await application(row.id)).applyStatus).toBe('PENDING_REVIEW')
    for (const seal of await t.db.select().from(seals).where(eq(seals.unitId, await unitId()))) {
      expect(seal.status).toBe('1')
    }
  })

  it('approves an operator’s application automatically only with the verified legal representative’s signature on record', async () => {
    const row = await insertApplication(t, { applicant: stranger, unit, legal: legalPerson, applyType: 'OPERATOR_APPLY', seals: [{ sealTypeCode: '03' }], form: { unitTypeCode: '06' } })
    // A signature by someone else (even verified) is not his.
    await t.db.update(unitApplications).set({ legalSignedBy: stranger.personId }).where(eq(unitApplications.id, row.id))
    await reviewSubmitted(t.app.trust, row.id)
    expect((await application(row.id)).applyStatus).toBe('PENDING_REVIEW')
    // 王五 signed it and set the PIN himself (submitSign records both): approved.
    await t.db
      .update(unitApplications)
      .set({ legalSignedBy: legal.personId, form: { ...row.form, legalPinSetAtSigning: true } })
      .where(eq(unitApplications.id, row.id))
    await reviewSubmitted(t.app.trust, row.id)
    expect((await application(row.id)).applyStatus).toBe('APPLY_SUCCESS')
  })

  it('gives a stranger’s unverified renewal draft no renewal form, and a wrong ID number the same answer as an unknown unit', async () => {
    await insertApplication(t, { applicant: stranger, unit, legal: legalPerson, applyType: 'OPERATOR_APPLY', businessType: 'RENEWAL', status: 'TEMPORARY_SAVE', companyVerifyPass: null, seals: [{ sealTypeCode: '01' }], extra: { submittedAt: null } })
    const ask = (overrides: Record<string, string>) =>
      call(stranger.token, '/paas-seal-offline-sdk/v1/offlineApply/getRenewalDocuments', {
        unitName: unit.name,
        socialCreditCode: unit.socialCreditCode,
        personName: legalPerson.name,
        personIdentity: legalPerson.identityNo,
        sealOperator: stranger.name,
        sealOperatorIdentity: stranger.identityNo,
        sealOperatorTel: stranger.phone,
        ...overrides,
      })
    const right = await ask({})
    const wrongId = await ask({ personIdentity: '110101199202020025' })
    const unknownUnit = await ask({ socialCreditCode: creditCode(998) })
    for (const answer of [right, wrongId, unknownUnit]) {
      expect(answer.body).toMatchObject({ resultStatus: expect.not.stringMatching(/^00$/), responseInfo: renewalDocumentMessages.nothingToRenew, data: null })
    }
  })

  it('lets a squatter who declared the legal representative’s ID first hold nothing, and gives it back when he verifies', async () => {
    const owner = sandboxUnits.logistics // 孙七, not yet a person of the service
    const code = async (phone: string) => {
      await t.call({ url: '/api/auth/sms/send', body: { phone } })
      const outbox = await t.call({ method: 'GET', url: '/api/dev/sms-outbox' })
      return /验证码为(\d{6})/.exec(outbox.body.data.find((m: { phone: string }) => m.phone === phone).text)![1]!
    }
    // An unknown phone declares 孙七's name and ID number: registered, unverified.
    const squatterPhone = '13700000202'
    const login = await t.call({ url: '/api/auth/login/personal', body: { phone: squatterPhone, code: await code(squatterPhone), name: owner.legalPersonName, identityNo: owner.legalPersonIdentityNo } })
    const squatter = login.body.data.token as string
    // An operator's application names 孙七 and waits for his signature.
    const logistics = { name: owner.unitName, socialCreditCode: owner.socialCreditCode }
    const owed = { name: owner.legalPersonName, identityNo: owner.legalPersonIdentityNo, phone: owner.phone }
    const waiting = await insertApplication(t, { applicant: stranger, unit: logistics, legal: owed, applyType: 'OPERATOR_APPLY', status: 'PENDING_SIGN', seals: [{ sealTypeCode: '01' }] })

    // The squatter sees no to-do, cannot get the signing code, cannot apply as the legal representative.
    expect((await call(squatter, '/seal-apply/backlog/list', { listType: 1, pageNo: 1, pageSize: 10 })).body.data.total).toBe(0)
    expect((await call(squatter, '/seal-apply/apply/signCode', { applyId: waiting.id })).body.resultStatus).not.toBe('00')
    const asSquatter = (await findCaller(t.db, squatter))!
    const squatterApplicant = { ...owed, phone: squatterPhone, token: squatter, accountId: asSquatter.accountId, personId: asSquatter.person.id }
    const idPhoto = await photoFile(t, asSquatter.accountId)
    const draft = await insertApplication(t, {
      applicant: squatterApplicant,
      unit: logistics,
      legal: owed,
      status: 'TEMPORARY_SAVE',
      companyVerifyPass: null,
      seals: [{ sealTypeCode: '01' }],
      form: { legalPersonIdFrontFileId: idPhoto, legalPersonIdBackFileId: idPhoto },
      extra: { submittedAt: null },
    })
    const verify = await call(squatter, '/apply/fourElementsOfEnterpriseVerification', verificationBodyOf(draft))
    expect(verify.body.responseInfo).toBe(realNameMessages.notVerified)
    // The enterprise login is his to whom the registry's phone belongs, and the squatter's phone is not it.
    expect((await t.call({ url: '/api/auth/login/enterprise', body: { socialCreditCode: logistics.socialCreditCode, phone: squatterPhone, code: await code(squatterPhone) } })).body.resultStatus).not.toBe('00')

    // 孙七 logs in with his real phone: verified, the ID number is his again, the squatter's session ends.
    const real = await t.call({ url: '/api/auth/login/personal', body: { phone: owner.phone, code: await code(owner.phone), name: owner.legalPersonName, identityNo: owner.legalPersonIdentityNo } })
    expect(real.body.responseInfo).toBe('登录成功')
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: squatter })).status).toBe(401)
    const todo = await call(real.body.data.token, '/seal-apply/backlog/list', { listType: 1, pageNo: 1, pageSize: 10 })
    expect(todo.body.data.records.map((r: { businessId: string }) => r.businessId)).toEqual([waiting.id])
    const [person] = await t.db.select().from(persons).where(eq(persons.identityNo, owner.legalPersonIdentityNo))
    expect(person).toMatchObject({ phone: owner.phone, verificationMethod: 'three-element' })
  })

  async function unitId(): Promise<string> {
    const [row] = await t.db.select().from(units).where(eq(units.socialCreditCode, unit.socialCreditCode))
    return row!.id
  }
})
