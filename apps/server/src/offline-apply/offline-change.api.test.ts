import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@seal/shared/messages'
import { persons, units } from '../auth/tables.ts'
import { seals } from '../seals/tables.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { applicantFor, creditCode, idNumber, insertApplication } from '../test/unit-applications.ts'
import { verifySealPin } from '../trust/pin.ts'
import { reviewSubmitted } from '../unit-apply/review/run.ts'
import { unitApplications } from '../unit-apply/tables.ts'
import { offlineBase, offlineForm, operatorFor } from './test-support.ts'

/**
 * A change (3) and a renewal (4) through the offline door (001 §1 "the offline form uses 3 for change and
 * 4 for renewal"): the same review as the new wizard's. A change naming a new legal representative, who
 * did not sign online, leaves the unit's seals pending activation without the former one's PIN.
 */
describe('change and renewal at the offline door', () => {
  let t: TestApp
  const admin = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.app.inject({ method, url: `/api${url}`, payload, headers: { authorization: `Bearer ${t.secrets.adminToken}` } })).json()

  beforeAll(async () => {
    t = await startTestApp({ env: { REVIEW_MODE: 'auto' } })
  })
  afterAll(() => t.close())

  /** A unit on record with its official seal (PIN Seal2026), made through the new wizard's review. */
  async function unitWithSeal(n: number, name: string) {
    const former = await applicantFor(t, { name: '何旧任', identityNo: idNumber(n), phone: `1350000${String(n).padStart(4, '0')}` })
    const unit = { name, socialCreditCode: creditCode(n) }
    const made = await insertApplication(t, { applicant: former, unit, legal: former, seals: [{ sealTypeCode: '01' }] })
    await reviewSubmitted(t.app.trust, made.id)
    const [row] = await t.db.select().from(unitApplications).where(eq(unitApplications.id, made.id))
    return { former, unit, sealId: row!.successSealItems[0]!.sealId! }
  }

  it('changes the legal representative from paper: the seal is reissued pending activation and the former PIN no longer opens it', async () => {
    const { former, unit, sealId } = await unitWithSeal(911, '变更测试科技有限公司')
    expect((await verifySealPin(t.db, { sealId, pin: 'Seal2026' })).ok).toBe(true)
    const operator = await operatorFor(t, 912, '施经办')
    const successor = { name: '张新任', identityNo: idNumber(913), phone: '13500000913' }
    const body = offlineForm(operator, successor, { unitName: unit.name, socialCreditCode: unit.socialCreditCode }, { businessType: 3, gaSealTypeInfos: [{ sealType: '01', sealId }] })
    const call = (url: string, payload?: unknown) => t.call({ method: payload === undefined ? 'GET' : 'POST', url: `${offlineBase}${url}`, body: payload, token: operator.token })
    const applyId = (await call('/create', body)).body.data.applyId as string
    // A change of the legal representative alone (change type 2) needs no new pattern.
    expect((await call('/submitTodo', { applyId })).body.data).toEqual({ applyId, applyStatus: 0 })
    // While it waits, no other application may name the seal.
    const second = (await call('/create', body)).body.data.applyId as string
    expect((await call('/submitTodo', { applyId: second })).body.responseInfo).toBe(messages.sealInApplication)
    await reviewSubmitted(t.app.trust, applyId)
    const item = (await call(`/applyDetail/${applyId}`)).body.data.gaSealTypeInfos[0].id as string
    const ended = await admin('POST', `/admin/applications/${applyId}/review`, { decisions: [{ itemId: item, approve: true }] })
    expect(ended.data).toMatchObject({ applyStatus: 'APPLY_SUCCESS' })

    const [seal] = await t.db.select().from(seals).where(eq(seals.id, sealId))
    expect(seal).toMatchObject({ status: '4' })
    expect((await verifySealPin(t.db, { sealId, pin: 'Seal2026' })).ok).toBe(false)
    const [record] = await t.db.select({ legal: persons.identityNo }).from(units).innerJoin(persons, eq(persons.id, units.legalPersonId)).where(eq(units.socialCreditCode, unit.socialCreditCode))
    expect(record!.legal).toBe(successor.identityNo)
    expect(record!.legal).not.toBe(former.identityNo)
  })

  it('renews from paper: the same seal gets a new certificate and keeps its PIN and status', async () => {
    const { former, unit, sealId } = await unitWithSeal(921, '续期测试科技有限公司')
    const operator = await operatorFor(t, 922, '潘经办')
    const body = offlineForm(operator, former, { unitName: unit.name, socialCreditCode: unit.socialCreditCode }, { businessType: 4, gaSealTypeInfos: [{ sealType: '01', sealId }] })
    const call = (url: string, payload?: unknown) => t.call({ method: payload === undefined ? 'GET' : 'POST', url: `${offlineBase}${url}`, body: payload, token: operator.token })
    const applyId = (await call('/create', body)).body.data.applyId as string
    expect((await call('/submitTodo', { applyId })).body.data).toEqual({ applyId, applyStatus: 0 })
    const before = (await t.db.select().from(seals).where(eq(seals.id, sealId)))[0]!
    const item = (await call(`/applyDetail/${applyId}`)).body.data.gaSealTypeInfos[0].id as string
    expect((await admin('POST', `/admin/applications/${applyId}/review`, { decisions: [{ itemId: item, approve: true }] })).data.applyStatus).toBe('APPLY_SUCCESS')
    const after = (await t.db.select().from(seals).where(eq(seals.id, sealId)))[0]!
    expect(after.status).toBe('1')
    expect(after.certEndTime.getTime()).toBeGreaterThanOrEqual(before.certEndTime.getTime())
    expect((await verifySealPin(t.db, { sealId, pin: 'Seal2026' })).ok).toBe(true)
    expect((await call(`/applyDetail/${applyId}`)).body.data).toMatchObject({ applyStatus: 4, businessType: 4 })
  })
})
