import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UnitApplicationFormInput } from '@seal/shared/api/unit-apply'
import { messages } from '@seal/shared/messages'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { makeSeal } from '../seals/make-seal.ts'
import { seals } from '../seals/tables.ts'
import { unitApplications } from './tables.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { creditCode, idNumber, legalForm, personFor, setVerification, unitFor, type TestPerson } from './test-support.ts'

/**
 * The wizard's RENEWAL leaves step 1 only for seals the renewal rule allows (the rule of POST
 * /seal/canRenewal): each seal named is the unit's, in effect, and the unit is no administrative or public
 * institution (06), which cannot choose renewal (001 §1, §6).
 */
describe('what a renewal may name', () => {
  let t: TestApp
  let legal: TestPerson
  const unit = { unitName: '续期规则科技有限公司', socialCreditCode: creditCode(631) }
  const institution = { unitName: '续期规则事业单位', socialCreditCode: creditCode(632) }
  const sealOf: Record<string, string> = {}
  const call = (token: string, url: string, body: unknown) => t.call({ method: 'POST', url: `/api${url}`, body, token })

  async function sealFor(target: { unitName: string; socialCreditCode: string }, unitTypeCode: string) {
    const row = await unitFor(t, { name: target.unitName, socialCreditCode: target.socialCreditCode, legalPersonId: legal.id, unitTypeCode })
    const { png } = await renderOrganizationSeal({ unitName: target.unitName, sealTypeCode: '01', pxPerMm: 6 })
    const made = await makeSeal(t.app.trust, {
      owner: { kind: 'unit', unitId: row.id, unitName: target.unitName, socialCreditCode: target.socialCreditCode },
      sealName: target.unitName,
      sealTypeCode: '01',
      image: Buffer.from(png),
      certStartTime: new Date(),
      certEndTime: new Date(Date.now() + 365 * 86_400_000),
      pin: 'abc12345',
      status: '1',
    })
    return made.seal.id
  }

  beforeAll(async () => {
    t = await startTestApp()
    legal = await personFor(t, { name: '钱续期', identityNo: idNumber(631) })
    sealOf[unit.socialCreditCode] = await sealFor(unit, '02')
    sealOf[institution.socialCreditCode] = await sealFor(institution, '06')
  })
  afterAll(() => t.close())

  const renewalOf = (target: { unitName: string; socialCreditCode: string }, sealId: string, overrides: Partial<UnitApplicationFormInput> = {}): UnitApplicationFormInput => ({
    ...legalForm(legal, target),
    businessType: 'RENEWAL',
    sealId,
    sealInfo: [{ _id: 'a', sealTypeCode: '01', sealId, sealName: target.unitName, sealPic: legal.fileId }],
    ...overrides,
  })

  /** A verified draft moved to step 2: the answer of the save. */
  async function toStep2(form: UnitApplicationFormInput) {
    const draft = await call(legal.token, '/seal-apply/apply/temporary', form)
    expect(draft.body.resultStatus, draft.body.responseInfo).toBe('00')
    const id = draft.body.data.id as string
    await setVerification(t, id, true)
    return (await call(legal.token, '/seal-apply/apply/save', { ...form, id, step: '2' })).body
  }

  it('renews a seal in effect a year from its end', async () => {
    const answer = await toStep2(renewalOf(unit, sealOf[unit.socialCreditCode]!))
    expect(answer.resultStatus, answer.responseInfo).toBe('00')
  })

  it('refuses an administrative or public institution, by the unit on record or by the form', async () => {
    expect((await toStep2(renewalOf(institution, sealOf[institution.socialCreditCode]!))).responseInfo).toBe(messages.institutionCannotRenew)
    expect((await toStep2(renewalOf(unit, sealOf[unit.socialCreditCode]!, { unitTypeCode: '06' }))).responseInfo).toBe(messages.institutionCannotRenew)
  })

  it('refuses a seal not in effect, another unit’s seal and a renewal naming no seal', async () => {
    const other = await toStep2(renewalOf(unit, sealOf[institution.socialCreditCode]!))
    expect(other.responseInfo).toBe(messages.noRenewableSeals)
    // A seal type the unit would apply for, no seal of it.
    expect((await toStep2(renewalOf(unit, ''))).responseInfo).toBe(messages.noRenewableSeals)
    const sealId = sealOf[unit.socialCreditCode]!
    await t.db.update(seals).set({ status: '2' }).where(eq(seals.id, sealId))
    try {
      expect((await toStep2(renewalOf(unit, sealId))).responseInfo).toBe(messages.noRenewableSeals)
    } finally {
      await t.db.update(seals).set({ status: '1' }).where(eq(seals.id, sealId))
    }
  })

  it('a seal named by an application under way is not renewable again until that application is withdrawn (取消印章申请)', async () => {
    const sealId = sealOf[unit.socialCreditCode]!
    const detail = async () => (await call(legal.token, '/seal/detail', { sealId })).body.data
    const renewable = async () => ((await call(legal.token, '/seal/canRenewal', { socialCreditCode: unit.socialCreditCode })).body.data as { id: string }[]).map((seal) => seal.id)
    expect(await detail()).toMatchObject({ canRenewal: true, application: null })

    // A renewal of the seal reaches review (its making is another test's).
    const draft = await call(legal.token, '/seal-apply/apply/temporary', renewalOf(unit, sealId))
    const id = draft.body.data.id as string
    await t.db.update(unitApplications).set({ applyStatus: 'PENDING_REVIEW', submittedAt: new Date() }).where(eq(unitApplications.id, id))

    expect(await detail()).toMatchObject({ canRenewal: false, application: { id, businessType: 'RENEWAL', applyStatus: 'PENDING_REVIEW', mine: true } })
    expect(await renewable()).not.toContain(sealId)
    // A second application naming it stops at step 1, as a cancellation naming it would.
    expect((await toStep2(renewalOf(unit, sealId))).responseInfo).toBe(messages.sealInApplication)
    const cancellation = await call(legal.token, '/seal-apply/apply/temporary', { ...renewalOf(unit, sealId), businessType: 'CANCEL' })
    await setVerification(t, cancellation.body.data.id, true)
    const leaving = await call(legal.token, '/seal-apply/apply/save', { ...renewalOf(unit, sealId), businessType: 'CANCEL', id: cancellation.body.data.id, step: '2-1' })
    expect(leaving.body.responseInfo).toBe(messages.sealInApplication)

    // 取消印章申请: the applicant withdraws it, and the seal is renewable again.
    const withdrawn = await t.call({ method: 'GET', url: `/api/seal-apply/apply/withdraw?id=${id}`, token: legal.token })
    expect(withdrawn.body.resultStatus, withdrawn.body.responseInfo).toBe('00')
    expect(await detail()).toMatchObject({ canRenewal: true, application: null })
    expect(await renewable()).toContain(sealId)
  })
})
