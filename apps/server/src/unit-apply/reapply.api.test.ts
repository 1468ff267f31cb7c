import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UnitApplicationFormInput } from '@seal/shared/api/unit-apply'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { unitApplications } from './tables.ts'
import { creditCode, operatorForm, personFor, setVerification, type TestPerson } from './test-support.ts'

/**
 * 重新申请 pressed many times at once (issue #19 §2 item 10: 60 concurrent reapply calls of one withdrawn
 * application made 60 drafts): one new draft, and every caller is taken to it.
 */
describe('重新申请 of one application, many times at once', () => {
  let t: TestApp
  let legal: TestPerson
  let operator: TestPerson
  let unitN = 300
  const call = (token: string, url: string, body?: unknown) => t.call({ method: body === undefined ? 'GET' : 'POST', url: `/api${url}`, body, token })

  /** An operator's application, submitted and then withdrawn. */
  async function withdrawnApplication(): Promise<string> {
    unitN++
    const form: UnitApplicationFormInput = operatorForm(operator, legal, { unitName: `重申第${unitN}号科技有限公司`, socialCreditCode: creditCode(unitN) })
    const id = (await call(operator.token, '/seal-apply/apply/temporary', form)).body.data.id as string
    await setVerification(t, id, true)
    await call(operator.token, '/seal-apply/apply/save', { ...form, id, step: '2' })
    await call(operator.token, '/seal-apply/apply/save', { ...form, id, step: '3-1', legalPassword: 'abc123', legalPasswordConfirm: 'abc123' })
    await call(operator.token, '/seal-apply/apply/temporary', { ...form, id, step: '3-1', applicationFiles: [operator.fileId], truthful: true })
    expect((await call(operator.token, '/seal-apply/apply/submit', { id })).body.resultStatus).toBe('00')
    expect((await call(operator.token, `/seal-apply/apply/withdraw?id=${id}`)).body.resultStatus).toBe('00')
    return id
  }
  const openDrafts = () =>
    t.db
      .select({ id: unitApplications.id })
      .from(unitApplications)
      .where(and(eq(unitApplications.applicantPersonId, operator.id), eq(unitApplications.applyStatus, 'TEMPORARY_SAVE'), isNull(unitApplications.deletedAt)))
  /** `n` differs between calls, as taps from two screens differ (identical bodies meet the duplicate guard). */
  const reapply = (id: string, n = 0) => call(operator.token, '/seal-apply/apply/reapply', { id, n })

  beforeAll(async () => {
    t = await startTestApp({ env: { REVIEW_MODE: 'manual' } })
    legal = await personFor(t, demo.legalPerson)
    operator = await personFor(t, demo.person)
  })
  afterAll(() => t.close())

  it('makes one draft of 60 reapply calls at once, and answers its id to every one of them', async () => {
    const old = await withdrawnApplication()
    const before = (await openDrafts()).length
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => reapply(old, i)))
    for (const answer of answers) expect({ status: answer.status, info: answer.body.responseInfo }).toEqual({ status: 200, info: expect.any(String) })
    expect(answers.filter((answer) => answer.body.resultStatus !== '00').map((answer) => answer.body.responseInfo)).toEqual([])
    const ids = new Set(answers.map((answer) => answer.body.data.id as string))
    expect(ids.size).toBe(1)
    expect((await openDrafts()).length).toBe(before + 1)
    expect(ids.has(old)).toBe(false)
  })

  it('takes a later 重新申请 of the same application to the draft it made, and makes another once that draft is deleted', async () => {
    const old = await withdrawnApplication()
    const first = (await reapply(old)).body.data.id as string
    const edited = await call(operator.token, '/seal-apply/apply/temporary', { ...(await call(operator.token, `/seal-apply/apply/detail?id=${first}`)).body.data, id: first, unitName: '改过的名称有限公司' })
    expect(edited.body.resultStatus, edited.body.responseInfo).toBe('00')
    // The note of the draft made stays on the server.
    expect((await call(operator.token, `/seal-apply/apply/detail?id=${old}`)).body.data).not.toHaveProperty('reappliedAs')
    expect((await reapply(old, 1)).body.data).toEqual({ id: first, step: '1' })
    expect((await call(operator.token, `/seal-apply/apply/delete?id=${first}`)).body.resultStatus).toBe('00')
    const second = (await reapply(old, 2)).body.data.id as string
    expect(second).not.toBe(first)
    expect((await call(operator.token, `/seal-apply/apply/detail?id=${second}`)).body.data).toMatchObject({ applyStatus: 'TEMPORARY_SAVE', step: '1' })
  })
})
