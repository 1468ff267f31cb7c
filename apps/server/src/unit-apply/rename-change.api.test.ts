import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UnitApplicationFormInput } from '@seal/shared/api/unit-apply'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import { unitApplyMessages } from '@seal/shared/rules/unit-apply'
import { units } from '../auth/tables.ts'
import { seals } from '../seals/tables.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { applicantFor, creditCode, idNumber, insertApplication, type Applicant, type Person } from '../test/unit-applications.ts'
import { reviewSubmitted } from './review/run.ts'
import { unitApplications } from './tables.ts'
import { legalForm, pictureFor, setVerification, type TestPerson, credentialsOf, subjectOf } from './test-support.ts'

const person = (n: number, name: string): Person => ({ name, identityNo: idNumber(n), phone: `1371000${String(n).padStart(4, '0')}` })


/**
 * A change of the unit name names every seal the unit holds in effect (decisions.md "A change of the unit
 * name changes every seal"): the name is in every seal's image and certificate, so the wizard's save and
 * the unit verification refuse a renaming change that leaves one out, the review refuses to approve part
 * of one, and the approval reissues them all under the new name. A seal cancelled, or applied for and not
 * made yet, is not asked for; a change of the legal representative alone keeps the free choice.
 */
describe('a change of the unit name changes every seal in effect', () => {
  let t: TestApp
  let legal: Applicant
  let wizardLegal: TestPerson
  const unit = { name: '全章更名科技有限公司', socialCreditCode: creditCode(701) }
  const newName = '全章更名新科技有限公司'
  let official: string
  let contract: string
  let finance: string
  const admin = () => ({ authorization: `Bearer ${t.secrets.adminToken}` })
  const review = async (id: string, decisions: { itemId: string; approve: boolean; reason?: string }[]) =>
    (await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/review`, payload: { decisions }, headers: admin() })).json()
  const application = async (id: string) => (await t.db.select().from(unitApplications).where(eq(unitApplications.id, id)))[0]!
  const call = (token: string, url: string, body: unknown) => t.call({ method: 'POST', url: `/api${url}`, body, token })

  beforeAll(async () => {
    t = await startTestApp()
    legal = await applicantFor(t, person(701, '周全章'))
    wizardLegal = { id: legal.personId, ...legal, fileId: await pictureFor(t, legal.token) }
    const made = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }, { sealTypeCode: '04' }, { sealTypeCode: '02' }] })
    await reviewSubmitted(t.app.trust, made.id)
    const done = await application(made.id)
    expect(done.applyStatus).toBe('APPLY_SUCCESS')
    ;[official, contract, finance] = done.successSealItems.map((item) => item.sealId!) as [string, string, string]
    // The finance seal is cancelled; an invoice seal is applied for and not made yet.
    const cancel = await insertApplication(t, { applicant: legal, unit, legal, businessType: 'CANCEL', seals: [{ sealTypeCode: '02', sealId: finance }] })
    await reviewSubmitted(t.app.trust, cancel.id)
    expect((await t.db.select().from(seals).where(eq(seals.id, finance)))[0]!.status).toBe('2')
    await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '03' }] })
  })
  afterAll(() => t.close())

  const item = (id: string, sealId: string, sealTypeCode: string) => ({ _id: id, sealTypeCode, sealId, sealName: '' })
  /** A change opened for the official seal, with the unit name given and the seals named. */
  const changeForm = (unitName: string, named: ReturnType<typeof item>[], who: TestPerson = wizardLegal): UnitApplicationFormInput => ({
    ...legalForm(who, { unitName, socialCreditCode: unit.socialCreditCode }),
    businessType: 'CHANGE',
    sealId: official,
    sealInfo: named.map((seal) => ({ ...seal, sealPic: who.fileId })),
  })
  /** A draft saved, its unit verification passed, then moved to step 2: the answer of that move. */
  async function toStep2(token: string, form: UnitApplicationFormInput) {
    const draft = await call(token, '/seal-apply/apply/temporary', form)
    expect(draft.body.resultStatus, draft.body.responseInfo).toBe('00')
    const id = draft.body.data.id as string
    await setVerification(t, id, true)
    return { id, answer: (await call(token, '/seal-apply/apply/save', { ...form, id, step: '2' })).body }
  }

  it('refuses a new unit name naming one of the two seals in effect, at the save and at the unit verification', async () => {
    const form = changeForm(newName, [item('a', official, '01')])
    const { id, answer } = await toStep2(legal.token, form)
    expect(answer).toMatchObject({ resultStatus: expect.not.stringMatching(/^00$/), responseInfo: '单位名称变更需同时变更本单位全部有效印章' })
    expect((await application(id)).step).toBe('1')

    // The verification says so before anyone is asked about the unit.
    const draft = await call(legal.token, '/seal-apply/apply/temporary', form)
    const verify = await call(legal.token, '/apply/fourElementsOfEnterpriseVerification', {
      applyId: draft.body.data.id,
      legal: legal.name,
      legalIdentity: legal.identityNo,
      name: newName,
      socialCode: unit.socialCreditCode,
    })
    expect(verify.body.responseInfo).toBe(unitApplyMessages.renameNeedsAllSeals)
  })

  it('passes naming both; the cancelled seal and the one not made yet are not asked for', async () => {
    const { id, answer } = await toStep2(legal.token, changeForm(newName, [item('a', official, '01'), item('b', contract, '04')]))
    expect(answer).toMatchObject({ resultStatus: '00', data: { id, step: '2', changeType: '3' } })
  })

  it('keeps the free choice for a change of the legal representative alone', async () => {
    const successor = await applicantFor(t, person(702, '吴继任'))
    const who = { id: successor.personId, ...successor, fileId: await pictureFor(t, successor.token) }
    const { answer } = await toStep2(successor.token, changeForm(unit.name, [item('a', official, '01')], who))
    expect(answer).toMatchObject({ resultStatus: '00', data: { changeType: '2' } })
  })

  it('refuses to approve a renaming change that leaves a seal out, or part of one', async () => {
    const renamed = { name: newName, socialCreditCode: unit.socialCreditCode }
    const before = await credentialsOf(t, official)
    // Named one only (say the contract seal was made after it was submitted): automatic review leaves it to a reviewer, who may not approve it.
    const partial = await insertApplication(t, { applicant: legal, unit: renamed, legal, businessType: 'CHANGE', seals: [{ sealTypeCode: '01', sealId: official }] })
    await reviewSubmitted(t.app.trust, partial.id)
    expect((await application(partial.id)).applyStatus).toBe('PENDING_REVIEW')
    const refused = await review(partial.id, [{ itemId: 'item-1', approve: true }])
    expect(refused.responseInfo).toBe(unitApplyMessages.renameNeedsAllSeals)
    expect((await application(partial.id)).applyStatus).toBe('PENDING_REVIEW')
    // Both named, one rejected: all or none.
    const both = await insertApplication(t, {
      applicant: legal,
      unit: renamed,
      legal,
      businessType: 'CHANGE',
      seals: [
        { sealTypeCode: '01', sealId: official },
        { sealTypeCode: '04', sealId: contract },
      ],
    })
    const half = await review(both.id, [
      { itemId: 'item-1', approve: true },
      { itemId: 'item-2', approve: false, reason: '印模不清晰' },
    ])
    expect(half.responseInfo).toBe(reviewMessages.renameAllOrNone)
    // Rejecting it whole is allowed; nothing was reissued and the unit keeps its name.
    const rejected = await review(partial.id, [{ itemId: 'item-1', approve: false, reason: '请同时变更全部印章' }])
    expect(rejected.data).toMatchObject({ applyStatus: 'APPLY_FAIL' })
    expect(await credentialsOf(t, official)).toEqual(before)
    expect((await t.db.select().from(units).where(eq(units.socialCreditCode, unit.socialCreditCode)))[0]!.name).toBe(unit.name)
  })

  it('approves a renaming change naming both: each seal reissued, its certificate naming the new unit, the old ones revoked', async () => {
    const [oldOfficial] = await credentialsOf(t, official)
    const [oldContract] = await credentialsOf(t, contract)
    const change = await insertApplication(t, {
      applicant: legal,
      unit: { name: newName, socialCreditCode: unit.socialCreditCode },
      legal,
      businessType: 'CHANGE',
      seals: [
        { sealTypeCode: '01', sealId: official },
        { sealTypeCode: '04', sealId: contract },
      ],
    })
    await reviewSubmitted(t.app.trust, change.id)
    const ended = await application(change.id)
    expect(ended).toMatchObject({ applyStatus: 'APPLY_SUCCESS', failSealItems: [] })
    expect(ended.successSealItems.map((s) => [s.sealId, s.sealName])).toEqual([
      [official, newName],
      [contract, `${newName}合同专用章`],
    ])
    for (const [sealId, old, cn] of [
      [official, oldOfficial!, newName],
      [contract, oldContract!, `${newName}合同专用章`],
    ] as const) {
      const credentials = await credentialsOf(t, sealId)
      expect(credentials.map((c) => c.status)).toEqual(['revoked', 'active'])
      expect(credentials[0]!.id).toBe(old.id)
      expect(subjectOf(credentials[1]!.certificateDer)).toContain(`O=${newName}, organizationIdentifier=NTRCN-${unit.socialCreditCode}, CN=${cn}`)
    }
    // The cancelled seal stays as it was.
    expect((await credentialsOf(t, finance)).map((c) => c.status)).toEqual(['revoked'])
  })
})
