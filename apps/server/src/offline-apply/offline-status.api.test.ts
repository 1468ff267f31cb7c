import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { offlineMessages } from '@seal/shared/api/offline-apply'
import { offlineStatusActions, offlineStatusCodes, offlineStatusLabels, type OfflineStatus } from '@seal/shared/codes/offline-status'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { creditCode } from '../test/unit-applications.ts'
import { AUTO_REVIEWER } from '../unit-apply/review/run.ts'
import { unitApplications, type UnitApplication } from '../unit-apply/tables.ts'
import { pictureFor } from '../unit-apply/test-support.ts'
import { givePatterns, offlineBase, offlineForm, operatorFor, type Operator } from './test-support.ts'

/**
 * Every offline status code (001 §4) as the server computes it from the application's state, and what
 * each allows and refuses: 取消申请 and 撤回 (cancel/{id}), 重新申请 (reApply/{id}), the courier
 * (recheckByApplyId); who may act at all; and a hundred requests at once moving the status once.
 */
describe('offline status codes and their actions', () => {
  let t: TestApp
  let operator: Operator
  let legal: Operator
  let stranger: Operator
  let serial = 700
  const call = (who: { token: string } | null, url: string, body?: unknown) =>
    t.call({ method: body === undefined ? 'GET' : 'POST', url: `${offlineBase}${url}`, body, ...(who ? { token: who.token } : {}) })
  const row = async (id: string) => (await t.db.select().from(unitApplications).where(eq(unitApplications.id, id)))[0]!
  const set = (id: string, values: Partial<typeof unitApplications.$inferInsert>) => t.db.update(unitApplications).set(values).where(eq(unitApplications.id, id))

  /** A new offline draft of its own unit, its patterns given. */
  async function draft(): Promise<string> {
    const unit = { unitName: `状态测试${++serial}科技有限公司`, socialCreditCode: creditCode(serial) }
    const applyId = (await call(operator, '/create', offlineForm(operator, legal, unit))).body.data.applyId as string
    await givePatterns(t, operator, applyId, unit.unitName)
    return applyId
  }
  async function submitted(): Promise<string> {
    const applyId = await draft()
    expect((await call(operator, '/submitTodo', { applyId })).body.data).toEqual({ applyId, applyStatus: 0 })
    return applyId
  }
  const decided = (application: UnitApplication, values: Partial<typeof unitApplications.$inferInsert>) =>
    set(application.id, { reviewedAt: new Date(), reviewedBy: '审核员丙', ...values })

  /** An application whose code is `code`, made through the calls where they reach it, else set as review or signing would. */
  const makers: Record<OfflineStatus, () => Promise<string>> = {
    7: draft,
    0: submitted,
    1: async () => {
      const id = await submitted()
      await call(operator, '/recheckByApplyId', { applyId: id, deliverCompany: '中国邮政', deliverNo: 'EMS0001' })
      return id
    },
    9: async () => {
      const id = await submitted()
      await call(operator, '/uploadDocumentByApplyId', { applyId: id, fileId: await pictureFor(t, operator.token), documentType: 2 })
      return id
    },
    8: async () => {
      const id = await submitted()
      const { door: _door, ...online } = (await row(id)).form
      await set(id, { form: online })
      return id
    },
    12: async () => {
      const id = await submitted()
      await set(id, { applyStatus: 'PENDING_SIGN' })
      return id
    },
    2: async () => {
      const id = await submitted()
      await set(id, { applyStatus: 'SEALING' })
      return id
    },
    4: async () => {
      const id = await submitted()
      await decided(await row(id), { applyStatus: 'APPLY_SUCCESS' })
      return id
    },
    11: async () => {
      const id = await submitted()
      const application = await row(id)
      const rejected = application.form.sealInfo[1]!
      await decided(application, {
        applyStatus: 'APPLY_SUCCESS',
        failSealItems: [{ itemId: rejected._id, sealTypeCode: rejected.sealTypeCode, sealName: '合同专用章', sealId: null, failReason: '印章照片不清晰' }],
      })
      return id
    },
    13: async () => {
      const id = await submitted()
      await decided(await row(id), { applyStatus: 'APPLY_SUCCESS', reviewedBy: AUTO_REVIEWER })
      return id
    },
    5: async () => {
      const id = await submitted()
      await decided(await row(id), { applyStatus: 'APPLY_FAIL', failReason: '材料不全' })
      return id
    },
    10: async () => {
      const id = await submitted()
      expect((await call(operator, `/cancel/${id}`, {})).body.responseInfo).toBe(offlineMessages.withdrawn)
      return id
    },
    14: async () => {
      const id = await submitted()
      await set(id, { applyStatus: 'LEGAL_REFUSED' })
      return id
    },
    3: async () => {
      const id = await draft()
      expect((await call(operator, `/cancel/${id}`, {})).body.responseInfo).toBe(offlineMessages.done)
      return id
    },
  }

  beforeAll(async () => {
    t = await startTestApp({ env: { REVIEW_MODE: 'auto' } })
    operator = await operatorFor(t, 711, '周经办')
    legal = await operatorFor(t, 712, '吴法人')
    stranger = await operatorFor(t, 713, '郑路人')
  })
  afterAll(() => t.close())

  it.each(offlineStatusCodes.map((code) => [code]))('code %i: its label, and exactly the actions it allows', async (code) => {
    const allowed = offlineStatusActions[code]
    const id = await makers[code]()
    const detail = (await call(operator, `/applyDetail/${id}`)).body.data
    expect(detail).toMatchObject({ applyStatus: code, statusLabel: offlineStatusLabels[code], actions: [...allowed] })

    // 取消申请 (7) or 撤回 (0, 1, 9, 8, 12), through cancel/{id}.
    const cancel = await call(operator, `/cancel/${await makers[code]()}`, {})
    if (allowed.includes('cancel')) expect(cancel.body).toMatchObject({ resultStatus: '00', responseInfo: offlineMessages.done })
    else if (allowed.includes('withdraw')) expect(cancel.body).toMatchObject({ resultStatus: '00', responseInfo: offlineMessages.withdrawn })
    else expect(cancel.body).toMatchObject({ resultStatus: '10000', responseInfo: '撤回失败：当前申请状态不可撤销' })

    const reapply = await call(operator, `/reApply/${await makers[code]()}`, {})
    if (allowed.includes('reapply')) expect(reapply.body).toMatchObject({ resultStatus: '00', data: { applyStatus: 7 } })
    else expect(reapply.body).toMatchObject({ resultStatus: '10000', responseInfo: offlineMessages.notAllowed })

    const mail = await call(operator, '/recheckByApplyId', { applyId: await makers[code](), deliverCompany: '顺丰速运', deliverNo: 'SF0001' })
    if (allowed.includes('mail')) expect(mail.body).toMatchObject({ resultStatus: '00', data: { applyStatus: 1 } })
    else expect(mail.body).toMatchObject({ resultStatus: '10000', responseInfo: offlineMessages.notAllowed })

    // Editing is the draft's alone.
    const edit = await call(operator, '/pendingUpload', { applyId: await makers[code]() })
    if (allowed.includes('continue')) expect(edit.body).toMatchObject({ resultStatus: '00', data: { applyStatus: 7 } })
    else expect(edit.body.resultStatus).not.toBe('00')
  }, 120_000)

  it('answers a stranger, and anyone for an unknown id, the same; the named legal representative may read, withdraw and mail once submitted', async () => {
    const id = await submitted()
    const unknown = (await call(operator, '/applyDetail/00000000-0000-0000-0000-000000000000')).body
    expect(unknown).toMatchObject({ resultStatus: '404', responseInfo: '未查询到申请记录' })
    const attempts = (applyId: string) => [
      () => call(stranger, `/applyDetail/${applyId}`),
      () => call(stranger, '/updateByApplyId', { ...offlineForm(stranger, legal, { unitName: '路人科技有限公司', socialCreditCode: creditCode(799) }), applyId }),
      () => call(stranger, `/cancel/${applyId}`, {}),
      () => call(stranger, `/reApply/${applyId}`, {}),
      () => call(stranger, '/recheckByApplyId', { applyId, deliverCompany: '顺丰速运', deliverNo: 'SF9' }),
      () => call(stranger, '/uploadDocumentByApplyId', { applyId, fileId: stranger.fileId, documentType: 2 }),
      () => call(stranger, '/documentLink', { applyId, type: 'applicationForm' }),
      () => call(stranger, '/submitTodo', { applyId }),
      () => call(stranger, '/pendingUpload', { applyId }),
    ]
    for (const attempt of attempts(id)) expect((await attempt()).body).toEqual(unknown)
    for (const attempt of attempts('00000000-0000-0000-0000-000000000000')) expect((await attempt()).body).toEqual(unknown)

    // The route decides, however the path is spelled; without a session nothing answers.
    const odd = await t.call({ method: 'GET', url: `${offlineBase}/%61pplyDetail/${id}`, token: stranger.token })
    expect(odd.body).toEqual(unknown)
    expect((await t.call({ method: 'GET', url: `${offlineBase}/%61pplyDetail/${id}`, token: operator.token })).body.data.applyId).toBe(id)
    expect((await call(null, `/applyDetail/${id}`)).status).toBe(401)
    expect((await call(null, `/cancel/${id}`, {})).status).toBe(401)

    // The named legal representative (verified) reads it, mails and withdraws; editing stays the operator's.
    expect((await call(legal, `/applyDetail/${id}`)).body.data).toMatchObject({ applyStatus: 0, mine: false, actions: ['withdraw', 'mail'] })
    expect((await call(legal, '/pendingUpload', { applyId: id })).body).toEqual(unknown)
    expect((await call(legal, '/recheckByApplyId', { applyId: id, deliverCompany: '顺丰速运', deliverNo: 'SF7' })).body.data.applyStatus).toBe(1)
    expect((await call(legal, `/cancel/${id}`, {})).body.responseInfo).toBe(offlineMessages.withdrawn)
    // Someone typing the legal representative's name and number, unverified, is nobody.
    const impostor = await t.loginPersonal('13600009999', { name: legal.name, identityNo: legal.identityNo, verified: false }).catch(() => null)
    if (impostor) expect((await call({ token: impostor }, `/applyDetail/${id}`)).body).toEqual(unknown)
  })

  it('moves the status once for a hundred submits at once, and once for a hundred withdrawals', async () => {
    const id = await draft()
    // Bodies that differ byte by byte pass the duplicate guard: the conditional move is what holds.
    const submits = await Promise.all(Array.from({ length: 100 }, (_, n) => call(operator, '/submitTodo', { applyId: id, n })))
    expect(submits.filter((r) => r.body.resultStatus === '00')).toHaveLength(1)
    expect(submits.every((r) => r.status < 500)).toBe(true)
    expect(await row(id)).toMatchObject({ applyStatus: 'PENDING_REVIEW' })

    const withdrawals = await Promise.all(Array.from({ length: 100 }, (_, n) => call(operator, `/cancel/${id}`, { n })))
    expect(withdrawals.filter((r) => r.body.responseInfo === offlineMessages.withdrawn)).toHaveLength(1)
    expect(withdrawals.every((r) => r.status < 500)).toBe(true)
    expect(await row(id)).toMatchObject({ applyStatus: 'CANCELED' })

    // A hundred 重新申请 at once give one draft.
    const again = await Promise.all(Array.from({ length: 100 }, (_, n) => call(operator, `/reApply/${id}`, { n })))
    const drafts = new Set(again.filter((r) => r.body.resultStatus === '00').map((r) => r.body.data.applyId))
    expect(drafts.size).toBe(1)
  }, 120_000)

  it('answers bad input with a message, never a 500', async () => {
    const id = await draft()
    const bad = [
      await call(operator, `/applyDetail/${'x'.repeat(300)}`),
      await call(operator, '/create', { gaSealTypeInfos: 'all of them', businessType: 'nine' }),
      await call(operator, '/create', { businessType: 2 }),
      await call(operator, '/uploadSealBase64Pic', { applyId: id, sealTypeCode: '01', base64File: '%%%not base64%%%' }),
      await call(operator, '/uploadSealBase64Pic', { applyId: id, sealTypeCode: '77', base64File: 'AAAA' }),
      await call(operator, '/deleteSealPic'),
      await call(operator, '/deleteSealPic?id=no-such-item'),
      await call(operator, '/uploadDocumentByApplyId', { applyId: id, fileId: 'nope', documentType: 3 }),
      await call(operator, '/updateSealName', { applyId: id, sealInfos: [] }),
      await call(operator, '/recheckByApplyId', {}),
      await call(operator, '/submitTodo', {}),
    ]
    for (const answer of bad) {
      expect(answer.status).toBeLessThan(500)
      expect(answer.body.resultStatus).not.toBe('00')
      expect(answer.body.responseInfo).toMatch(/[\u4e00-\u9fa5]/)
    }
    expect(bad[9]!.body.responseInfo).toBe(offlineMessages.missingApplyId)
  })
})
