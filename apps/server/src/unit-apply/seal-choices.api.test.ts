import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@seal/shared/messages'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { applicantFor, creditCode, idNumber, insertApplication, type Applicant } from '../test/unit-applications.ts'
import { reviewSubmitted } from './review/run.ts'
import { enterpriseSession, unitFor } from './test-support.ts'

/** Who may ask POST /seal-apply/seal/queryCanApply about which unit, and what each hears (docs/decisions.md). */
describe('queryCanApply answers by who asks', () => {
  let t: TestApp
  let legal: Applicant
  let otherLegal: Applicant
  let operator: Applicant
  let ownEnterprise: string
  let otherEnterprise: string
  const unit = { name: '选章测试有限公司', socialCreditCode: creditCode(901) }
  const other = { name: '他选章有限公司', socialCreditCode: creditCode(902) }
  const person = (n: number, name: string) => ({ name, identityNo: idNumber(n), phone: `1350000${String(n).padStart(4, '0')}` })
  const ask = (token: string | undefined, businessTypeEnum = 'APPLY', code = unit.socialCreditCode) =>
    t.call({ url: '/api/seal-apply/seal/queryCanApply', body: { socialCreditCode: code, businessTypeEnum }, token })
  const taken = (answer: { canApply: { sealTypeCode: string; applied: boolean }[] }) => answer.canApply.filter((o) => o.applied).map((o) => o.sealTypeCode)
  const types = (answer: { canApply: { sealTypeCode: string }[] }) => answer.canApply.map((o) => o.sealTypeCode)

  beforeAll(async () => {
    t = await startTestApp()
    legal = await applicantFor(t, person(901, '秦选章'))
    otherLegal = await applicantFor(t, person(902, '尤他法'))
    operator = await applicantFor(t, person(903, '许经办'))
    const made = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }, { sealTypeCode: '04' }] })
    await reviewSubmitted(t.app.trust, made.id)
    // A finance seal being applied for, not yet held.
    await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '02' }], companyVerifyPass: false })
    await unitFor(t, { ...other, legalPersonId: otherLegal.personId })
    ownEnterprise = await enterpriseSession(t, unit.socialCreditCode, legal.personId)
    otherEnterprise = await enterpriseSession(t, other.socialCreditCode, otherLegal.personId)
  })
  afterAll(() => t.close())

  it('tells the unit’s legal representative and its enterprise account everything: taken types and that it holds seals', async () => {
    for (const token of [legal.token, ownEnterprise]) {
      const answer = (await ask(token)).body.data
      expect(taken(answer)).toEqual(['01', '02', '04'])
      expect(answer.hasSeal).toBe(true)
    }
  })

  it('refuses an enterprise account asking about another unit', async () => {
    const answer = await ask(otherEnterprise)
    expect(answer.body).toMatchObject({ resultStatus: expect.not.stringMatching(/^00$/), responseInfo: messages.enterpriseMismatch, data: null })
    // Its own unit it may ask about.
    expect((await ask(otherEnterprise, 'APPLY', other.socialCreditCode)).body.data.hasSeal).toBe(false)
  })

  it('answers an operator before the unit verification, another unit’s legal representative or anyone unrelated as for a unit nobody knows', async () => {
    const unknown = (await ask(operator.token, 'APPLY', creditCode(999))).body.data
    expect(taken(unknown)).toEqual([])
    expect(unknown.canApply.filter((o: { required: boolean }) => o.required).map((o: { sealTypeCode: string }) => o.sealTypeCode)).toEqual(['01'])
    for (const token of [operator.token, otherLegal.token]) {
      // Nothing of the unit's seals, held (01, 04) or applied for (02): the same answer as the unknown unit's.
      expect((await ask(token)).body.data).toEqual(unknown)
    }
    expect((await ask(undefined)).status).toBe(401)
  })

  it('tells an operator whose verification of the unit passed which types are taken', async () => {
    const verifiedOperator = await applicantFor(t, person(904, '何核验'))
    await insertApplication(t, { applicant: verifiedOperator, unit, legal, applyType: 'OPERATOR_APPLY', status: 'TEMPORARY_SAVE', seals: [{ sealTypeCode: '01' }], extra: { submittedAt: null } })
    expect(taken((await ask(verifiedOperator.token)).body.data)).toEqual(['01', '02', '04'])
  })

  it('for a recovery lists the held types to those tied to the unit, the plain list of types to anyone else', async () => {
    const own = (await ask(legal.token, 'RETRIEVE')).body.data
    expect(types(own)).toEqual(['01', '04'])
    expect(taken(own)).toEqual([])
    const outsider = (await ask(operator.token, 'RETRIEVE')).body.data
    expect(types(outsider)).toEqual(['01', '02', '03', '04', '05', '99'])
    expect(outsider.hasSeal).toBe(false)
    expect(taken(outsider)).toEqual([])
  })
})
