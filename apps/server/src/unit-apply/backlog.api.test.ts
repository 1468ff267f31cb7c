import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UnitApplicationFormInput } from '@seal/shared/api/unit-apply'
import { smsSendSlots } from '../auth/tables.ts'
import { makeWriter, writeSignature } from '../signing/handwriting-synthetic.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { applyServerMessages } from './messages.ts'
import { creditCode, enterpriseSession, idNumber, operatorForm, personFor, setVerification, unitFor, type TestPerson } from './test-support.ts'

const passwords = { legalPassword: 'abc123', legalPasswordConfirm: 'abc123' }

describe('the agency centre (待办中心): an operator’s application waiting for the legal representative', () => {
  let t: TestApp
  let legal: TestPerson
  let operator: TestPerson
  let otherLegal: TestPerson
  let stranger: TestPerson
  let unitN = 700
  const call = (token: string | undefined, url: string, body?: unknown) => t.call({ method: body === undefined ? 'GET' : 'POST', url: `/api${url}`, body, token })
  const list = (token: string | undefined, listType: number, pageNo = 1, pageSize = 10) => call(token, '/seal-apply/backlog/list', { listType, pageNo, pageSize })
  const detail = (token: string | undefined, backlogId: string, fetchSealPicB64?: boolean) => call(token, '/seal-apply/backlog/detail', { backlogId, fetchSealPicB64 })

  /** An operator's application for a new unit of `legal`'s, submitted: it waits for them (PENDING_SIGN). */
  async function waiting(overrides: Partial<UnitApplicationFormInput> = {}): Promise<{ id: string; unit: { unitName: string; socialCreditCode: string } }> {
    unitN += 1
    const unit = { unitName: `待办第${unitN}号科技有限公司`, socialCreditCode: creditCode(unitN) }
    await unitFor(t, { name: unit.unitName, socialCreditCode: unit.socialCreditCode, legalPersonId: legal.id })
    const form = operatorForm(operator, legal, unit, overrides)
    const id = (await call(operator.token, '/seal-apply/apply/temporary', form)).body.data.id as string
    await setVerification(t, id, true)
    await call(operator.token, '/seal-apply/apply/save', { ...form, id, step: '2' })
    expect((await call(operator.token, '/seal-apply/apply/save', { ...form, id, step: '3-1', ...passwords })).body.responseInfo).toBe('操作成功')
    const submitted = await call(operator.token, '/seal-apply/apply/submit', { id })
    expect(submitted.body.data?.applyStatus, submitted.body.responseInfo).toBe(overrides.unitTypeCode === '06' ? 'PENDING_REVIEW' : 'PENDING_SIGN')
    return { id, unit }
  }

  async function signCode(person: TestPerson, applyId: string): Promise<string> {
    const sent = await call(person.token, '/seal-apply/apply/signCode', { applyId })
    expect(sent.body.resultStatus, sent.body.responseInfo).toBe('00')
    const outbox = (await call(undefined, '/dev/sms-outbox')).body.data as { phone: string; text: string }[]
    const code = /验证码为(\d{6})/.exec(outbox.find((m) => m.phone === person.phone && m.text.includes('验证码'))!.text)![1]!
    await t.db.delete(smsSendSlots).where(eq(smsSendSlots.phone, person.phone))
    return code
  }

  beforeAll(async () => {
    t = await startTestApp({ env: { REVIEW_MODE: 'manual' } })
    legal = await personFor(t, { name: '赵敏', identityNo: idNumber(71), phone: '13600007101' })
    operator = await personFor(t, { name: '钱多多', identityNo: idNumber(72) })
    otherLegal = await personFor(t, { name: '孙立', identityNo: idNumber(73) })
    stranger = await personFor(t, { name: '周全', identityNo: idNumber(74) })
    const other = { unitName: '他人单位科技有限公司', socialCreditCode: creditCode(799) }
    await unitFor(t, { name: other.unitName, socialCreditCode: other.socialCreditCode, legalPersonId: otherLegal.id })
  })
  afterAll(() => t.close())

  it('lists a submitted application as the legal representative’s to-do, tells them by SMS, and shows its detail with seal pictures', async () => {
    // The wizard sends each seal under its type's name (seal-items.ts); the detail names it in full.
    const { id, unit } = await waiting({
      sealInfo: [
        { _id: 'a', sealTypeCode: '01', sealName: '单位公章', sealPic: operator.fileId },
        { _id: 'b', sealTypeCode: '04', sealName: '合同专用章', sealPic: operator.fileId },
      ],
    })
    const outbox = (await call(undefined, '/dev/sms-outbox')).body.data as { phone: string; text: string }[]
    // The legal representative usually logs in as the unit (企业登录), where there is no 待办中心: the text says
    // which login shows it (002 §2: 待办中心 only for personal logins).
    const notice = outbox.find((m) => m.phone === legal.phone && m.text.includes(unit.unitName))!
    expect(notice.text).toContain('个人登录')
    expect(notice.text).toContain('待办中心')

    const todo = await list(legal.token, 1)
    expect(todo.body.resultStatus).toBe('00')
    const item = todo.body.data.records.find((r: { id: string }) => r.id === id)
    expect(item).toMatchObject({ businessId: id, businessType: 'APPLY', status: 1, applyStatus: 'PENDING_SIGN', sealUseCompany: unit.unitName, sealTypeNames: '单位公章、合同专用章', operationName: operator.name, attachments: [] })
    expect((await list(legal.token, 4)).body.data.records.some((r: { id: string }) => r.id === id)).toBe(false)

    const shown = await detail(legal.token, id, true)
    expect(shown.body.resultStatus, shown.body.responseInfo).toBe('00')
    const d = shown.body.data
    expect(d.companyDetail).toEqual({ companyName: unit.unitName, companyCardNo: unit.socialCreditCode, legalName: legal.name, legalCardNo: `${legal.identityNo.slice(0, 3)}***********${legal.identityNo.slice(-4)}` })
    // No manager was named: no one is shown as one (the legal representative is not the 印章管理员).
    expect(d.sealAdmin).toEqual({ adminName: '', cardNo: '' })
    // The seals by their full names, as the seal list and the result page name them.
    expect(d.sealInfos.map((s: { sealName: string }) => s.sealName)).toEqual([unit.unitName, `${unit.unitName}合同专用章`])
    expect(d.operator.name).toBe(operator.name)
    expect(d.canSign).toBe(true)
    expect(d.sealInfos).toHaveLength(2)
    for (const seal of d.sealInfos) {
      expect(seal.sealPicB64).toMatch(/^iVBOR/) // a PNG
      const picture = await t.app.inject({ method: 'GET', url: seal.sealPicUrl })
      expect(picture.statusCode).toBe(200)
      expect(picture.headers['content-type']).toContain('image/png')
    }
    // The applicant reads it too, but it is not their to-do.
    const asOperator = await detail(operator.token, id)
    expect(asOperator.body.data).toMatchObject({ canSign: false })
    expect(asOperator.body.data.sealInfos[0].sealPicB64).toBeUndefined()
    expect((await list(operator.token, 1)).body.data.records).toEqual([])

    const documents = await call(legal.token, '/seal-apply/backlog/detail/getLocalConfig', { backlogId: id })
    expect(documents.body.data.map((doc: { key: string }) => doc.key)).toEqual(['applyFormId', 'applyConfirmDocumentId', 'authDocumentId'])
    for (const doc of documents.body.data) expect(doc.localConfigs[0]).toMatchObject({ page: expect.any(Number), width: expect.any(Number), required: true })
    // The operator may read but not sign.
    expect((await call(operator.token, '/seal-apply/backlog/detail/getLocalConfig', { backlogId: id })).body.responseInfo).toBe(applyServerMessages.notLegalRepresentative)
  })

  it('refused, withdrawn and signed items move to 已处理 with statuses 16, 32 and 4', async () => {
    const refused = await waiting()
    const withdrawn = await waiting()
    const signed = await waiting()
    expect((await call(legal.token, `/seal-apply/apply/refuse?id=${refused.id}`)).body.resultStatus).toBe('00')
    expect((await call(operator.token, `/seal-apply/apply/withdraw?id=${withdrawn.id}`)).body.resultStatus).toBe('00')
    const signatureId = (await call(legal.token, '/sign/handwriting/save', { identity: legal.identityNo, name: legal.name, signData: writeSignature(makeWriter(11), 'genuine', 1) })).body.data.signatureId
    const smsCode = await signCode(legal, signed.id)
    const done = await call(legal.token, '/seal-apply/apply/submitSign', { applyId: signed.id, signatureId, smsCode, legalPassword: 'Li4pin88', legalPasswordConfirm: 'Li4pin88' })
    expect(done.body.data?.applyStatus, done.body.responseInfo).toBe('PENDING_REVIEW')

    const todoIds = (await list(legal.token, 1)).body.data.records.map((r: { id: string }) => r.id)
    for (const { id } of [refused, withdrawn, signed]) expect(todoIds).not.toContain(id)
    const handled = (await list(legal.token, 4)).body.data.records as { id: string; status: number; attachments: unknown[] }[]
    const status = (id: string) => handled.find((r) => r.id === id)
    expect(status(refused.id)).toMatchObject({ status: 16, attachments: [] })
    expect(status(withdrawn.id)).toMatchObject({ status: 32 })
    expect(status(signed.id)).toMatchObject({ status: 4 })
    expect(status(signed.id)!.attachments.map((a) => (a as { key: string }).key)).toEqual(['applyFormId', 'applyConfirmDocumentId', 'authDocumentId'])
    // The newest submission first.
    expect(handled.map((r) => r.id).indexOf(signed.id)).toBeLessThan(handled.map((r) => r.id).indexOf(refused.id))
    // Refused: no longer signable, and the detail says so.
    expect((await detail(legal.token, refused.id)).body.data).toMatchObject({ canSign: false, backLogDetail: { status: 16, applyStatus: 'LEGAL_REFUSED' } })
  })

  it('no one else sees an item: another unit’s legal representative, an unrelated person, the unit’s enterprise account; none without a session', async () => {
    const { id, unit } = await waiting()
    const enterprise = await enterpriseSession(t, unit.socialCreditCode, legal.id)
    const otherEnterprise = await enterpriseSession(t, creditCode(799), otherLegal.id)
    for (const token of [otherLegal.token, stranger.token, otherEnterprise]) {
      expect((await detail(token, id)).body).toMatchObject({ resultStatus: '404', responseInfo: applyServerMessages.notFound })
      expect((await call(token, '/seal-apply/backlog/detail/getLocalConfig', { backlogId: id })).body).toMatchObject({ resultStatus: '404', responseInfo: applyServerMessages.notFound })
      for (const listType of [1, 4]) expect((await list(token, listType)).body.data).toMatchObject({ records: [], total: 0, pages: 0 })
    }
    // The legal representative's own enterprise login is still them: the backlog follows the person.
    expect((await list(enterprise, 1)).body.data.records.some((r: { id: string }) => r.id === id)).toBe(true)
    // The body's identity is ignored: asking for someone else's backlog gives one's own.
    const asked = await call(stranger.token, '/seal-apply/backlog/list', { listType: 1, pageNo: 1, pageSize: 10, idType: '111', idCardNo: legal.identityNo })
    expect(asked.body.data.records).toEqual([])
    for (const [url, body] of [
      ['/seal-apply/backlog/list', { listType: 1, pageNo: 1, pageSize: 10 }],
      ['/seal-apply/backlog/detail', { backlogId: id }],
      ['/seal-apply/backlog/detail/getLocalConfig', { backlogId: id }],
    ] as const) {
      expect((await call(undefined, url, body)).status).toBe(401)
    }
    // Unknown ids and bad bodies: a clear answer, never a 500.
    expect((await detail(legal.token, 'no-such-id')).body).toMatchObject({ resultStatus: '404' })
    const bad = await call(legal.token, '/seal-apply/backlog/list', { listType: 2, pageNo: 1 })
    expect(bad.status).toBeLessThan(500)
    expect(bad.body.resultStatus).not.toBe('00')
  })

  it('an administrative or public institution’s application never waits for the legal representative', async () => {
    const { id } = await waiting({ unitTypeCode: '06' })
    for (const listType of [1, 4]) expect((await list(legal.token, listType)).body.data.records.some((r: { id: string }) => r.id === id)).toBe(false)
    expect((await detail(legal.token, id)).body.resultStatus).toBe('404')
  })

  it('pages the to-do list ten at a time with the total', async () => {
    const before = (await list(legal.token, 1)).body.data.total as number
    const wanted = 12 - (before % 10) // so the list ends part-way through a page
    for (let i = 0; i < wanted; i++) await waiting()
    const total = before + wanted
    const pages = Math.ceil(total / 10)
    const first = (await list(legal.token, 1, 1)).body.data
    expect(first).toMatchObject({ total, pages, pageNo: 1 })
    expect(first.records).toHaveLength(10)
    const seen = new Set<string>()
    for (let pageNo = 1; pageNo <= pages; pageNo++) for (const r of (await list(legal.token, 1, pageNo)).body.data.records) seen.add(r.id)
    expect(seen.size).toBe(total)
    expect((await list(legal.token, 1, pages)).body.data.records).toHaveLength(total - (pages - 1) * 10)
    expect((await list(legal.token, 1, pages + 1)).body.data).toMatchObject({ records: [], total, pages })
  })
})
