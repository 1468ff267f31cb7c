import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import type { UnitApplicationFormInput } from '@seal/shared/api/unit-apply'
import { accounts, units } from '../auth/tables.ts'
import { seals } from '../seals/tables.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { samplePdf, uploadFile } from '../test/seals.ts'
import { insertApplication } from '../test/unit-applications.ts'
import { verifySealPin } from '../trust/pin.ts'
import { sealCredentials } from '../trust/tables.ts'
import { reviewSubmitted } from './review/run.ts'
import { unitApplications } from './tables.ts'
import { creditCode, enterpriseSession, idNumber, legalForm, personFor, setVerification, unitFor, type TestPerson } from './test-support.ts'

/**
 * 找回印章 (RETRIEVE, issue #10 item 5): the unit's seals in effect, made while someone else was its legal
 * representative, are recovered for the verified legal representative who applies: they become the
 * holder with a new PIN; keys, certificates and pictures stay (docs/decisions.md "找回印章").
 */
describe('retrieving a unit’s seals (找回印章)', () => {
  let t: TestApp
  let former: TestPerson
  let current: TestPerson
  let otherLegal: TestPerson
  let stranger: TestPerson
  const unit = { unitName: '找回测试科技有限公司', socialCreditCode: creditCode(801) }
  const made: Record<string, string> = {}
  let formerEnterpriseToken: string
  let retrieveId: string
  const call = (token: string | undefined, url: string, body?: unknown) => t.call({ method: body === undefined ? 'GET' : 'POST', url: `/api${url}`, body, token })
  const accountOf = async (who: TestPerson) => (await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.personId, who.id)).limit(1))[0]!.id
  const passwords = { legalPassword: 'Found2026', legalPasswordConfirm: 'Found2026' }

  const retrieveForm = (who: TestPerson, overrides: Partial<UnitApplicationFormInput> = {}): UnitApplicationFormInput =>
    legalForm(who, unit, {
      businessType: 'RETRIEVE',
      // A recovered seal keeps its picture: none is uploaded.
      sealInfo: [
        { _id: 'r1', sealTypeCode: '01', sealName: '' },
        { _id: 'r2', sealTypeCode: '04', sealName: '' },
        { _id: 'r3', sealTypeCode: '05', sealName: '' },
      ],
      ...overrides,
    })

  beforeAll(async () => {
    t = await startTestApp()
    former = await personFor(t, { name: '周原法', identityNo: idNumber(801) })
    current = await personFor(t, { name: '吴现法', identityNo: idNumber(802) })
    otherLegal = await personFor(t, { name: '郑他法', identityNo: idNumber(803) })
    stranger = await personFor(t, { name: '钱路人', identityNo: idNumber(804) })
    await unitFor(t, { name: '他单位有限公司', socialCreditCode: creditCode(803), legalPersonId: otherLegal.id })

    // The unit's seals, made for the former legal representative.
    const applicant = { ...former, accountId: await accountOf(former), personId: former.id }
    const apply = await insertApplication(t, {
      applicant,
      unit: { name: unit.unitName, socialCreditCode: unit.socialCreditCode },
      legal: former,
      seals: [{ sealTypeCode: '01' }, { sealTypeCode: '04' }, { sealTypeCode: '05', sealName: `${former.name}印` }],
    })
    await reviewSubmitted(t.app.trust, apply.id)
    const [done] = await t.db.select().from(unitApplications).where(eq(unitApplications.id, apply.id))
    expect(done!.applyStatus).toBe('APPLY_SUCCESS')
    for (const item of done!.successSealItems) made[item.sealTypeCode] = item.sealId!
    formerEnterpriseToken = await enterpriseSession(t, unit.socialCreditCode, former.id)
    const before = await call(formerEnterpriseToken, '/seal/queryGroupByBusiness', {})
    expect(JSON.stringify(before.body.data)).toContain(made['01'])
  })
  afterAll(() => t.close())

  it('the current legal representative applies through the wizard without pictures and, verified, is approved at once: 申请通过', async () => {
    const form = retrieveForm(current)
    const draft = await call(current.token, '/seal-apply/apply/temporary', form)
    expect(draft.body.resultStatus, draft.body.responseInfo).toBe('00')
    retrieveId = draft.body.data.id
    await setVerification(t, retrieveId, true)
    expect((await call(current.token, '/seal-apply/apply/save', { ...form, id: retrieveId, step: '2' })).body.responseInfo).toBe('操作成功')
    // Step 2 asks for the new holder's password, not for pictures.
    const noPassword = await call(current.token, '/seal-apply/apply/save', { ...form, id: retrieveId, step: '3-1' })
    expect(noPassword.body.responseInfo).toBe('请输入法人用章密码')
    expect((await call(current.token, '/seal-apply/apply/save', { ...form, id: retrieveId, step: '3-1', ...passwords })).body.responseInfo).toBe('操作成功')
    // No signature for a recovery (001 §4 "not recover"): submitted straight to review.
    const submitted = await call(current.token, '/seal-apply/apply/submit', { id: retrieveId })
    expect(submitted.body).toMatchObject({ resultStatus: '00', data: { applyStatus: 'APPLY_SUCCESS' } })

    const detail = (await call(current.token, `/seal-apply/apply/detail?id=${retrieveId}`)).body.data
    expect(detail.applyStatus).toBe('APPLY_SUCCESS')
    expect(detail.successSealItems.map((o: { sealId: string }) => o.sealId)).toEqual([made['01'], made['04']])
    // The name seal bears the former legal representative's name: not theirs to recover.
    expect(detail.failSealItems).toEqual([expect.objectContaining({ itemId: 'r3', sealTypeCode: '05', sealId: null, failReason: reviewMessages.retrieveLegalSealOfAnother })])
    const page = await call(current.token, '/seal-apply/apply/page', { applyType: 'LEGAL_APPLY', pageNo: 1, pageSize: 10 })
    expect(page.body.data.records[0]).toMatchObject({ id: retrieveId, businessType: 'RETRIEVE', applyStatus: 'APPLY_SUCCESS' })
  })

  it('makes the applicant the holder with the new PIN; keys, certificates and pictures stay', async () => {
    const [row] = await t.db.select().from(units).where(eq(units.socialCreditCode, unit.socialCreditCode))
    expect(row!.legalPersonId).toBe(current.id)
    expect(await verifySealPin(t.db, { sealId: made['01']!, pin: 'Found2026' })).toEqual({ ok: true })
    expect((await verifySealPin(t.db, { sealId: made['04']!, pin: 'Seal2026' })).ok).toBe(false)
    // The name seal was not recovered: it keeps the former PIN.
    expect(await verifySealPin(t.db, { sealId: made['05']!, pin: 'Seal2026' })).toEqual({ ok: true })
    const credentials = await t.db.select().from(sealCredentials).where(eq(sealCredentials.sealId, made['01']!))
    expect(credentials.map((c) => c.status)).toEqual(['active'])

    // The new holder sees the unit's seals and seals a PDF with the recovered one.
    const groups = (await call(current.token, '/seal/queryGroupByBusiness', {})).body.data
    expect(JSON.stringify(groups)).toContain(made['01'])
    const fileId = await uploadFile(t, current.token, { name: '合同.pdf', bytes: await samplePdf(), type: 'application/pdf' })
    const signed = await call(current.token, '/seal/signDocument', { sealId: made['01'], pin: 'Found2026', fileId })
    expect(signed.body.resultStatus, signed.body.responseInfo).toBe('00')
  })

  it('ends the former legal representative’s hold: their enterprise session is refused, their seal list no longer has the seals', async () => {
    const refused = await call(formerEnterpriseToken, '/seal/queryGroupByBusiness', {})
    expect(refused.status).toBe(401)
    const groups = (await call(former.token, '/seal/queryGroupByBusiness', {})).body.data
    expect(JSON.stringify(groups ?? [])).not.toContain(made['01'])
    const [seal] = await t.db.select().from(seals).where(eq(seals.id, made['01']!))
    expect(seal!.status).toBe('1')
  })

  it('shows the application only to the applicant: another unit’s legal representative, an unrelated person and no token are refused', async () => {
    for (const who of [otherLegal, stranger, former]) {
      const detail = await call(who.token, `/seal-apply/apply/detail?id=${retrieveId}`)
      expect(detail.body.resultStatus, who.name).not.toBe('00')
      expect((await call(who.token, '/seal-apply/apply/submit', { id: retrieveId })).body.resultStatus).not.toBe('00')
    }
    expect((await call(undefined, `/seal-apply/apply/detail?id=${retrieveId}`)).status).toBe(401)
    // Approving is the reviewers' alone.
    expect((await call(current.token, `/admin/applications/${retrieveId}/review`, { decisions: [{ itemId: 'r1', approve: true }] })).status).toBe(401)
  })

  it('an unrelated person cannot take the seals: without the verification the application waits for a reviewer, and a unit not on record fails', async () => {
    const attempt = await insertApplication(t, {
      applicant: { ...stranger, accountId: await accountOf(stranger), personId: stranger.id },
      unit: { name: unit.unitName, socialCreditCode: unit.socialCreditCode },
      legal: stranger,
      businessType: 'RETRIEVE',
      companyVerifyPass: false,
      seals: [{ sealTypeCode: '01', sealName: '' }],
    })
    await reviewSubmitted(t.app.trust, attempt.id)
    const [waiting] = await t.db.select().from(unitApplications).where(eq(unitApplications.id, attempt.id))
    expect(waiting!.applyStatus).toBe('PENDING_REVIEW')
    const [row] = await t.db.select().from(units).where(eq(units.socialCreditCode, unit.socialCreditCode))
    expect(row!.legalPersonId).toBe(current.id)

    const admin = { authorization: `Bearer ${t.secrets.adminToken}` }
    const rejected = await t.app.inject({ method: 'POST', url: `/api/admin/applications/${attempt.id}/review`, headers: admin, payload: { decisions: [{ itemId: 'item-1', approve: false, reason: '非该单位法定代表人' }] } })
    expect(rejected.json().data).toMatchObject({ applyStatus: 'APPLY_FAIL', failReason: '非该单位法定代表人' })

    const nowhere = await insertApplication(t, {
      applicant: { ...stranger, accountId: await accountOf(stranger), personId: stranger.id },
      unit: { name: '无此单位有限公司', socialCreditCode: creditCode(809) },
      legal: stranger,
      businessType: 'RETRIEVE',
      seals: [{ sealTypeCode: '01', sealName: '' }],
    })
    await reviewSubmitted(t.app.trust, nowhere.id)
    const [failed] = await t.db.select().from(unitApplications).where(eq(unitApplications.id, nowhere.id))
    expect(failed).toMatchObject({ applyStatus: 'APPLY_FAIL', failReason: reviewMessages.sealNotOfUnit })
  })

  it('a unit renamed since is a change, not a recovery: the reviewer’s approval fails the items and changes nothing', async () => {
    const renamed = await insertApplication(t, {
      applicant: { ...current, accountId: await accountOf(current), personId: current.id },
      unit: { name: '找回测试新名称有限公司', socialCreditCode: unit.socialCreditCode },
      legal: current,
      businessType: 'RETRIEVE',
      pin: 'Renamed2026',
      seals: [{ sealTypeCode: '04', sealName: '' }],
    })
    const [ended] = await t.db.select().from(unitApplications).where(eq(unitApplications.id, renamed.id))
    expect(ended!.applyStatus).toBe('PENDING_REVIEW')
    const admin = { authorization: `Bearer ${t.secrets.adminToken}` }
    const answer = await t.app.inject({ method: 'POST', url: `/api/admin/applications/${renamed.id}/review`, headers: admin, payload: { decisions: [{ itemId: 'item-1', approve: true }] } })
    expect(answer.json().data).toMatchObject({ applyStatus: 'APPLY_FAIL', failReason: reviewMessages.retrieveUnitRenamed })
    expect(await verifySealPin(t.db, { sealId: made['04']!, pin: 'Found2026' })).toEqual({ ok: true })
  })
})
