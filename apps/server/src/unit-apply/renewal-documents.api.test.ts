import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messageTemplates, messages } from '@seal/shared/messages'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { applicantFor, creditCode, idNumber, insertApplication, type Applicant } from '../test/unit-applications.ts'
import { reviewSubmitted } from './review/run.ts'
import { renewalDocumentMessages } from './renewal-documents.ts'
import { enterpriseSession, unitFor } from './test-support.ts'

const URL = '/api/paas-seal-offline-sdk/v1/offlineApply/getRenewalDocuments'

/** getRenewalDocuments (001 §7, issue #10): the renewal form for the unit's legal representative or its renewing operator only. */
describe('renewal documents (getRenewalDocuments)', () => {
  let t: TestApp
  let legal: Applicant
  let operator: Applicant
  let otherLegal: Applicant
  let stranger: Applicant
  const unit = { name: '续期文件测试有限公司', socialCreditCode: creditCode(701) }
  const person = (n: number, name: string) => ({ name, identityNo: idNumber(n), phone: `1360000${String(n).padStart(4, '0')}` })
  const call = (token: string | undefined, body: unknown) => t.call({ url: URL, body, token })
  const bodyFor = (operatorPerson: { name: string; identityNo: string; phone: string }, overrides: Record<string, string> = {}) => ({
    unitName: unit.name,
    socialCreditCode: unit.socialCreditCode,
    personName: legal.name,
    personIdentity: legal.identityNo,
    sealOperator: operatorPerson.name,
    sealOperatorIdentity: operatorPerson.identityNo,
    sealOperatorTel: operatorPerson.phone,
    ...overrides,
  })

  beforeAll(async () => {
    t = await startTestApp()
    legal = await applicantFor(t, person(701, '冯续期'))
    operator = await applicantFor(t, person(702, '蒋经办'))
    otherLegal = await applicantFor(t, person(703, '沈他法'))
    stranger = await applicantFor(t, person(704, '韩路人'))
    const made = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }, { sealTypeCode: '04' }] })
    await reviewSubmitted(t.app.trust, made.id)
    await unitFor(t, { name: '他单位续期有限公司', socialCreditCode: creditCode(703), legalPersonId: otherLegal.personId })
    // The operator's renewal draft for the unit.
    await insertApplication(t, { applicant: operator, unit, legal, applyType: 'OPERATOR_APPLY', businessType: 'RENEWAL', status: 'TEMPORARY_SAVE', seals: [{ sealTypeCode: '04' }], extra: { submittedAt: null } })
  })
  afterAll(() => t.close())

  it('gives the legal representative the renewal form as their file, with where they sign; the same day gives the same file', async () => {
    const answer = await call(legal.token, bodyFor(legal))
    expect(answer.body.resultStatus, answer.body.responseInfo).toBe('00')
    const { fileId, localConfig } = answer.body.data
    expect(localConfig.pageCount).toBeGreaterThan(0)
    expect(localConfig.fields).toContainEqual(expect.objectContaining({ signer: 'legalRepresentative', kind: 'signature', required: true }))
    expect(localConfig.fields.some((f: { signer: string }) => f.signer === 'operator')).toBe(false)
    const pdf = await t.app.inject({ method: 'GET', url: `/api/file/download/${fileId}`, headers: { authorization: `Bearer ${legal.token}` } })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect((await call(legal.token, bodyFor(legal))).body.data.fileId).toBe(fileId)
    // Someone else's file: the operator cannot open it.
    const foreign = await t.app.inject({ method: 'GET', url: `/api/file/download/${fileId}`, headers: { authorization: `Bearer ${operator.token}` } })
    expect(foreign.statusCode === 200 && foreign.rawPayload.subarray(0, 5).toString() === '%PDF-').toBe(false)
  })

  it('gives the operator renewing for the unit the form with their own boxes, only naming themself', async () => {
    const answer = await call(operator.token, bodyFor(operator))
    expect(answer.body.resultStatus, answer.body.responseInfo).toBe('00')
    expect(answer.body.data.localConfig.fields).toContainEqual(expect.objectContaining({ signer: 'operator', required: true }))
    const asSomeoneElse = await call(operator.token, bodyFor(stranger))
    expect(asSomeoneElse.body.responseInfo).toBe(messageTemplates.identityMismatch('经办人'))
  })

  it('prints the legal representative on record only', async () => {
    const answer = await call(legal.token, bodyFor(legal, { personIdentity: stranger.identityNo }))
    expect(answer.body.responseInfo).toBe(renewalDocumentMessages.legalDiffers)
  })

  it('refuses another unit’s legal representative and enterprise account, an unrelated person and no token, as if nothing were there', async () => {
    const otherEnterprise = await enterpriseSession(t, creditCode(703), otherLegal.personId)
    for (const token of [otherLegal.token, otherEnterprise, stranger.token]) {
      const answer = await call(token, bodyFor(stranger))
      expect(answer.body.responseInfo).toBe(renewalDocumentMessages.nothingToRenew)
    }
    expect((await call(undefined, bodyFor(legal))).status).toBe(401)
  })

  it('answers bad input with the wizard’s messages, never a 500', async () => {
    const badCode = await call(legal.token, bodyFor(legal, { socialCreditCode: '123' }))
    expect(badCode.body.responseInfo).toBe(messages.invalidCreditCodeWizard)
    const badPhone = await call(legal.token, bodyFor(legal, { sealOperatorTel: '12' }))
    expect(badPhone.body.responseInfo).toBe(messages.invalidOperatorPhone)
    const unknownUnit = await call(legal.token, bodyFor(legal, { socialCreditCode: creditCode(799) }))
    expect(unknownUnit.body.responseInfo).toBe(renewalDocumentMessages.nothingToRenew)
  })
})
