import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import type { UnitApplicationFormInput } from '@seal/shared/api/unit-apply'
import { messages } from '@seal/shared/messages'
import { smsSendSlots } from '../auth/tables.ts'
import { demo } from '../seed.ts'
import { makeWriter, writeSignature } from '../signing/handwriting-synthetic.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { applicantFor, insertApplication } from '../test/unit-applications.ts'
import { verifySealPin } from '../trust/pin.ts'
import { creditCode, idNumber, operatorForm, personFor, setVerification, type TestPerson } from './test-support.ts'
import { unitApplications } from './tables.ts'

/**
 * Whoever holds a seal sets its PIN himself: in an operator's application the legal representative sets
 * his PIN when he signs, never the operator at step 2 (issue #19).
 */
describe('the legal representative’s PIN in an operator’s application', () => {
  let t: TestApp
  let legal: TestPerson
  let operator: TestPerson
  let unitN = 700
  const operatorTyped = { legalPassword: 'abc123', legalPasswordConfirm: 'abc123' }
  const legalPin = { legalPassword: 'Li4pin88', legalPasswordConfirm: 'Li4pin88' }
  const call = (token: string | undefined, url: string, body?: unknown) => t.call({ method: body === undefined ? 'GET' : 'POST', url: `/api${url}`, body, token })
  const admin = () => ({ authorization: `Bearer ${t.secrets.adminToken}` })
  const newUnit = () => ({ unitName: `密码第${++unitN}号科技有限公司`, socialCreditCode: creditCode(unitN) })

  /** An operator's application through step 2 as the operator saves it (with what he types), submitted. */
  async function submittedByOperator(form: UnitApplicationFormInput, typed: Record<string, string> = operatorTyped) {
    const id = (await call(operator.token, '/seal-apply/apply/temporary', form)).body.data.id as string
    await setVerification(t, id, true)
    await call(operator.token, '/seal-apply/apply/save', { ...form, id, step: '2' })
    const moved = await call(operator.token, '/seal-apply/apply/save', { ...form, id, step: '3-1', ...typed })
    expect(moved.body.responseInfo).toBe('操作成功')
    expect((await call(operator.token, '/seal-apply/apply/submit', { id })).body.data.applyStatus).toBe('PENDING_SIGN')
    return id
  }

  async function signCode(person: TestPerson, applyId: string): Promise<string> {
    await t.db.delete(smsSendSlots).where(eq(smsSendSlots.phone, person.phone))
    const sent = await call(person.token, '/seal-apply/apply/signCode', { applyId })
    expect(sent.body.resultStatus, sent.body.responseInfo).toBe('00')
    const outbox = await call(undefined, '/dev/sms-outbox')
    const message = (outbox.body.data as { phone: string; text: string }[]).find((m) => m.phone === person.phone)!
    return /验证码为(\d{6})/.exec(message.text)![1]!
  }

  async function signatureOf(person: TestPerson): Promise<string> {
    const saved = await call(person.token, '/sign/handwriting/save', { identity: person.identityNo, name: person.name, signData: writeSignature(makeWriter(11), 'genuine', 1) })
    return saved.body.data.signatureId
  }

  const sign = async (id: string, pins: Record<string, string>) =>
    call(legal.token, '/seal-apply/apply/submitSign', { applyId: id, signatureId: await signatureOf(legal), smsCode: await signCode(legal, id), ...pins })
  /** A signature whose PINs are refused before the SMS code is looked at (no code is spent). */
  const signRefused = async (id: string, pins: Record<string, string>) =>
    call(legal.token, '/seal-apply/apply/submitSign', { applyId: id, signatureId: await signatureOf(legal), smsCode: '000000', ...pins })

  const approveAll = async (id: string) => {
    const [row] = await t.db.select().from(unitApplications).where(eq(unitApplications.id, id))
    const decisions = row!.form.sealInfo.map((item) => ({ itemId: item._id, approve: true }))
    return (await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/review`, payload: { decisions }, headers: admin() })).json()
  }

  beforeAll(async () => {
    t = await startTestApp({ env: { REVIEW_MODE: 'manual' } })
    legal = await personFor(t, demo.legalPerson)
    operator = await personFor(t, demo.person)
  })
  afterAll(() => t.close())

  it('does not ask the operator for the legal representative’s PIN, and ignores one he sends', async () => {
    const id = await submittedByOperator(operatorForm(operator, legal, newUnit()))
    const detail = (await call(operator.token, `/seal-apply/apply/detail?id=${id}`)).body.data
    expect(detail).toMatchObject({ legalPasswordSet: false, legalPinAtSigning: 'set', managerPinAtSigning: false })
    const [row] = await t.db.select().from(unitApplications).where(eq(unitApplications.id, id))
    expect(row!.legalPinHash).toBeNull()
    // Without typing anything, step 2 may be left too.
    const other = operatorForm(operator, legal, newUnit())
    const draft = (await call(operator.token, '/seal-apply/apply/temporary', other)).body.data.id
    await setVerification(t, draft, true)
    expect((await call(operator.token, '/seal-apply/apply/save', { ...other, id: draft, step: '3-1' })).body.data).toEqual({ id: draft, step: '3-1' })
  })

  it('refuses the legal representative’s signature without his PIN, or with one that breaks the rule, and keeps it waiting', async () => {
    const id = await submittedByOperator(operatorForm(operator, legal, newUnit()))
    expect((await signRefused(id, {})).body.responseInfo).toBe(messages.legalPasswordRequired)
    expect((await signRefused(id, { legalPassword: '123456', legalPasswordConfirm: '123456' })).body.responseInfo).toBe(messages.legalPasswordRule)
    expect((await signRefused(id, { legalPassword: 'Li4pin88', legalPasswordConfirm: 'Li4pin89' })).body.responseInfo).toBe(messages.legalPasswordsDiffer)
    expect((await call(legal.token, `/seal-apply/apply/detail?id=${id}`)).body.data).toMatchObject({ applyStatus: 'PENDING_SIGN', legalPasswordSet: false, signedFiles: [] })
  })

  it('signing with his PIN sets it; the made seals open with his PIN and not with what the operator typed', async () => {
    const id = await submittedByOperator(operatorForm(operator, legal, newUnit()))
    const signed = await sign(id, legalPin)
    expect(signed.body.data).toMatchObject({ applyStatus: 'PENDING_REVIEW', legalPasswordSet: true })
    const ended = await approveAll(id)
    expect(ended).toMatchObject({ resultStatus: '00', data: { applyStatus: 'APPLY_SUCCESS' } })
    const made = (ended.data.successSealItems as { sealId: string }[]).map((item) => item.sealId)
    expect(made).toHaveLength(2)
    for (const sealId of made) {
      expect((await verifySealPin(t.db, { sealId, pin: operatorTyped.legalPassword })).ok).toBe(false)
      expect((await verifySealPin(t.db, { sealId, pin: legalPin.legalPassword })).ok).toBe(true)
    }
  })

  it('asks the operator for the manager’s password only when he is that manager; otherwise the legal representative sets it', async () => {
    const manager = { setSealManager: true, sealManagerName: '陈静', sealManagerIdentityNo: '320102199511203453', sealManagerTel: '13900001111', sealManagerIdFrontFileId: operator.fileId, sealManagerIdBackFileId: operator.fileId }
    const someoneElse = operatorForm(operator, legal, newUnit(), manager)
    const id = await submittedByOperator(someoneElse, { ...operatorTyped, sealManagerPassword: 'xyz789', sealManagerPasswordConfirm: 'xyz789' })
    expect((await call(operator.token, `/seal-apply/apply/detail?id=${id}`)).body.data).toMatchObject({ sealManagerPasswordSet: false, managerPinAtSigning: true })
    expect((await signRefused(id, legalPin)).body.responseInfo).toBe(messages.managerPasswordRequired)
    expect((await sign(id, { ...legalPin, sealManagerPassword: 'Mgr2026a', sealManagerPasswordConfirm: 'Mgr2026a' })).body.data).toMatchObject({ applyStatus: 'PENDING_REVIEW', sealManagerPasswordSet: true })

    const himself = operatorForm(operator, legal, newUnit(), { ...manager, sealManagerName: operator.name, sealManagerIdentityNo: operator.identityNo, operatorIsManager: true })
    const draft = (await call(operator.token, '/seal-apply/apply/temporary', himself)).body.data.id
    await setVerification(t, draft, true)
    expect((await call(operator.token, '/seal-apply/apply/save', { ...himself, id: draft, step: '3-1' })).body.responseInfo).toBe(messages.managerPasswordRequired)
    const typed = await call(operator.token, '/seal-apply/apply/save', { ...himself, id: draft, step: '3-1', sealManagerPassword: 'xyz789', sealManagerPasswordConfirm: 'xyz789' })
    expect(typed.body.data).toEqual({ id: draft, step: '3-1' })
    expect((await call(operator.token, `/seal-apply/apply/detail?id=${draft}`)).body.data).toMatchObject({ sealManagerPasswordSet: true, legalPasswordSet: false, managerPinAtSigning: false })
  })

  it('review refuses to make a seal whose PIN the legal representative did not set himself', async () => {
    const applicant = await applicantFor(t, { name: '孙九', identityNo: idNumber(919), phone: '13700000919' })
    const legalPerson = await applicantFor(t, { name: '钱八', identityNo: idNumber(927), phone: '13700000927' })
    // An operator's application from before the rule: a PIN on record, typed by the operator at step 2.
    const row = await insertApplication(t, { applicant, unit: { name: '旧规则咨询有限公司', socialCreditCode: creditCode(799) }, legal: legalPerson, applyType: 'OPERATOR_APPLY', seals: [{ sealTypeCode: '01' }] })
    await t.db.update(unitApplications).set({ form: { ...row.form, legalPinSetAtSigning: false } }).where(eq(unitApplications.id, row.id))
    expect(await approveAll(row.id)).toMatchObject({ responseInfo: reviewMessages.legalPinMissing })
  })
})
