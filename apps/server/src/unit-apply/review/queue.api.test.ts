import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import { auditEvents } from '../../audit/tables.ts'
import { enrolledOperator } from '../../operators/test-support.ts'
import { files } from '../../files/tables.ts'
import { ocrRequests } from '../../identity/tables.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { applicantFor, creditCode, idNumber, insertApplication, type Applicant, type Person } from '../../test/unit-applications.ts'
import { reviewClaims, unitApplications, type StoredForm, type UnitApplication } from '../tables.ts'
import { claimApplication, releaseClaim, type Claimant } from './claims.ts'

/** The duplicate guard lets go of a request's key once its answer is out (onResponse): a turn of the loop later. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20))
const person = (n: number, name: string): Person => ({ name, identityNo: idNumber(n), phone: `1371000${String(n).padStart(4, '0')}` })
const unitNamed = (n: number, name: string) => ({ name, socialCreditCode: creditCode(n) })

/** Two reviewers as the claim functions see them (the route's operator is the admin token's key). */
const alice: Claimant = { key: 'operator:alice', name: '审核员甲', identityNo: idNumber(990) }
const bob: Claimant = { key: 'operator:bob', name: '审核员乙', identityNo: idNumber(991) }

describe('the review queue, claims and the side-by-side detail (issue #22)', () => {
  let t: TestApp
  let keyName: string
  let legal: Applicant
  const admin = () => ({ authorization: `Bearer ${t.secrets.adminToken}` })
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    (await t.app.inject({ method, url: `/api${url}`, headers: admin(), ...(payload ? { payload } : {}) })).json()
  const ids = (answer: { data: { records: { id: string }[] } }) => answer.data.records.map((r) => r.id)
  const setForm = async (row: UnitApplication, extra: Partial<StoredForm>) =>
    t.db.update(unitApplications).set({ form: { ...row.form, ...extra } }).where(eq(unitApplications.id, row.id))

  beforeAll(async () => {
    t = await startTestApp()
    // The start-up key (ADMIN_TOKEN) acts under its API key's name.
    keyName = (await t.call({ method: 'GET', url: '/api/admin/me', token: t.secrets.adminToken })).body.data.name
    legal = await applicantFor(t, person(701, '欧阳审'))
  })
  afterAll(() => t.close())

  it('lists every waiting application by door and by a keyword of one or more characters over unit, credit code and names, page after page', async () => {
    const unit = unitNamed(701, '瀚海队列科技有限公司')
    const made: UnitApplication[] = []
    for (let i = 0; i < 3; i++) {
      made.push(await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }], extra: { submittedAt: new Date(Date.now() - (10 - i) * 60_000) } }))
    }
    await setForm(made[1]!, { door: 'OFFLINE', offline: { delivery: { deliverCompany: '顺丰速运', deliverNo: 'SF70100', authType: '', deliverTime: Date.now() } } })
    await setForm(made[2]!, { door: 'OLDER' })
    const done = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }], status: 'APPLY_SUCCESS' })

    const waiting = await call('GET', `/admin/applications?socialCreditCode=${unit.socialCreditCode}`)
    expect(ids(waiting)).toEqual(made.map((m) => m.id))
    expect(waiting.data.records.map((r: { door: string }) => r.door)).toEqual(['ONLINE', 'OFFLINE', 'OLDER'])
    expect(waiting.data.records[1].reviewReasons.map((r: { code: string }) => r.code)).toEqual(['OFFLINE_DOOR', 'OFFLINE_DOCUMENTS', 'OFFLINE_MAILED'])
    // Nothing else to look at: it waits because a person reviews everything (the harness's sandbox is auto, but the row was never auto-reviewed).
    expect(waiting.data.records[0]).toMatchObject({ reviewReasons: [{ code: 'MANUAL_MODE' }], applicantName: legal.name, claim: null, waitingSince: made[0]!.submittedAt!.getTime() })

    expect(ids(await call('GET', `/admin/applications?status=WAITING&door=OFFLINE&socialCreditCode=${unit.socialCreditCode}`))).toEqual([made[1]!.id])
    expect(ids(await call('GET', `/admin/applications?door=ONLINE&socialCreditCode=${unit.socialCreditCode}`))).toEqual([made[0]!.id])
    expect(ids(await call('GET', `/admin/applications?status=APPLY_SUCCESS&socialCreditCode=${unit.socialCreditCode}`))).toEqual([done.id])

    // q: one Chinese character of the unit name, part of the credit code, the applicant's name; a wildcard is itself.
    for (const q of ['瀚', '队列科技', unit.socialCreditCode.slice(-4), '欧阳']) {
      expect(ids(await call('GET', `/admin/applications?q=${encodeURIComponent(q)}&pageSize=50`))).toEqual(made.map((m) => m.id))
    }
    expect(ids(await call('GET', `/admin/applications?q=${encodeURIComponent('瀚%')}`))).toEqual([])
    const first = await call('GET', `/admin/applications?q=${encodeURIComponent('瀚海')}&pageSize=2`)
    expect(first.data).toMatchObject({ hasMore: true, lastId: made[1]!.id })
    const second = await call('GET', `/admin/applications?q=${encodeURIComponent('瀚海')}&pageSize=2&lastId=${first.data.lastId}`)
    expect(second.data).toMatchObject({ records: [{ id: made[2]!.id }], hasMore: false, lastId: null })
  })

  it('gives exactly one holder to 100 concurrent claims of two reviewers; the holder renews, the other is told who holds it', async () => {
    const unit = unitNamed(702, '并发领取科技有限公司')
    const row = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }] })
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => claimApplication(t.db, { applicationId: row.id, claimant: i % 2 === 0 ? alice : bob })),
    )
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i % 2 === 0 ? 'alice' : 'bob'] : []))
    expect(new Set(won).size).toBe(1)
    expect(won).toHaveLength(50)
    const holder = won[0] === 'alice' ? alice : bob
    const other = holder === alice ? bob : alice
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(refusals).toHaveLength(50)
    for (const refusal of refusals) {
      expect(refusal.reason).toMatchObject({ message: reviewMessages.claimedByOther(holder.name), data: { operatorName: holder.name, expiresAt: expect.any(Number) } })
    }
    expect(await t.db.select().from(reviewClaims).where(eq(reviewClaims.applicationId, row.id))).toHaveLength(1)

    // Only the holder releases it; an expired claim is anyone's.
    expect(await releaseClaim(t.db, { applicationId: row.id, claimant: other })).toBe(false)
    await t.db.update(reviewClaims).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(reviewClaims.applicationId, row.id))
    const taken = await claimApplication(t.db, { applicationId: row.id, claimant: other })
    expect(taken).toMatchObject({ operatorName: other.name, mine: true })
    expect(taken.expiresAt).toBeGreaterThan(Date.now() + 14 * 60_000)
    expect(await releaseClaim(t.db, { applicationId: row.id, claimant: other })).toBe(true)
  })

  it('never lets a reviewer claim or decide an application he made or is named in', async () => {
    const unit = unitNamed(703, '本人回避科技有限公司')
    const row = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }] })
    const himself: Claimant = { key: 'operator:legal', name: legal.name, identityNo: legal.identityNo.toLowerCase() }
    await expect(claimApplication(t.db, { applicationId: row.id, claimant: himself })).rejects.toMatchObject({ message: reviewMessages.ownApplication })
    await setForm(row, { sealManagerIdentityNo: alice.identityNo! })
    await expect(claimApplication(t.db, { applicationId: row.id, claimant: alice })).rejects.toMatchObject({ message: reviewMessages.ownApplication })
    await expect(claimApplication(t.db, { applicationId: row.id, claimant: bob })).resolves.toMatchObject({ mine: true })
  })

  it('claims through the API, refuses a decision while another reviewer holds it, and releases the claim once decided', async () => {
    const unit = unitNamed(704, '领取审核科技有限公司')
    const row = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }] })
    await claimApplication(t.db, { applicationId: row.id, claimant: alice })

    const refused = await call('POST', `/admin/applications/${row.id}/claim`)
    expect(refused).toMatchObject({ resultStatus: '10000', responseInfo: `该申请正由${alice.name}审核中，请选择其他申请`, data: { operatorName: alice.name } })
    const decide = { decisions: [{ itemId: 'item-1', approve: true }] }
    expect((await call('POST', `/admin/applications/${row.id}/review`, decide)).responseInfo).toBe(reviewMessages.claimedByOther(alice.name))
    const listed = await call('GET', `/admin/applications?socialCreditCode=${unit.socialCreditCode}`)
    expect(listed.data.records[0].claim).toMatchObject({ operatorName: alice.name, mine: false })

    await releaseClaim(t.db, { applicationId: row.id, claimant: alice })
    const claimed = await call('POST', `/admin/applications/${row.id}/claim`)
    expect(claimed).toMatchObject({ resultStatus: '00', data: { id: row.id, claim: { operatorName: keyName, mine: true } } })
    expect((await call('GET', `/admin/applications/${row.id}`)).data.claim).toMatchObject({ operatorName: keyName, mine: true })
    await expect(claimApplication(t.db, { applicationId: row.id, claimant: bob })).rejects.toMatchObject({ message: reviewMessages.claimedByOther(keyName) })
    expect(await call('DELETE', `/admin/applications/${row.id}/claim`)).toMatchObject({ data: { released: true } })
    await settled() // the same request again is 请求重复 until the first has let go of its key
    expect(await call('DELETE', `/admin/applications/${row.id}/claim`)).toMatchObject({ data: { released: false } })

    // Nobody holds it: the decision takes the claim, is recorded under the operator's name, and lets it go.
    const ended = await call('POST', `/admin/applications/${row.id}/review`, { ...decide, reviewer: '随便写的名字' })
    expect(ended).toMatchObject({ resultStatus: '00', data: { applyStatus: 'APPLY_SUCCESS', reviewedBy: keyName } })
    expect(await t.db.select().from(reviewClaims).where(eq(reviewClaims.applicationId, row.id))).toHaveLength(0)
    expect((await call('POST', `/admin/applications/${row.id}/claim`)).responseInfo).toBe(reviewMessages.claimNotPending)

    const audited = await t.db.select().from(auditEvents).where(eq(auditEvents.target, row.id))
    expect(audited.map((e) => [e.action, e.operatorName])).toEqual(
      expect.arrayContaining([
        ['review.claim', keyName],
        ['review.release', keyName],
        ['review.decide', keyName],
      ]),
    )
    const decision = audited.find((e) => e.action === 'review.decide')!
    expect(decision.detail).toMatchObject({ applyStatus: 'APPLY_SUCCESS', decisions: [{ itemId: 'item-1', approve: true }] })
    // The refusals are in the log too: who tried, and the reason they were given.
    const refusals = audited.filter((e) => e.action.endsWith('.refused')).map((e) => [e.action, e.operatorName, (e.detail as { reason: string }).reason])
    expect(refusals).toEqual(
      expect.arrayContaining([
        ['review.claim.refused', keyName, reviewMessages.claimedByOther(alice.name)],
        ['review.decide.refused', keyName, reviewMessages.claimedByOther(alice.name)],
        ['review.claim.refused', keyName, reviewMessages.claimNotPending],
      ]),
    )
    expect(audited.find((e) => e.action === 'review.claim.refused')!.detail).toMatchObject({ operatorName: alice.name, expiresAt: expect.any(Number) })
  })

  it('lets one of two named reviewers hold an application, and neither review one he is named in', async () => {
    const unit = unitNamed(707, '两位审核员科技有限公司')
    const row = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }] })
    const first = await enrolledOperator(t, ['reviewer'], { displayName: '审核员丙', identityNo: idNumber(992) })
    const second = await enrolledOperator(t, ['reviewer'], { displayName: '审核员丁', identityNo: idNumber(993) })
    const as = async (token: string, method: 'GET' | 'POST', url: string, body?: object) =>
      (await t.call({ method, url: `/api${url}`, token, ...(body ? { body } : {}) })).body
    const decide = { decisions: [{ itemId: 'item-1', approve: true }] }

    expect(await as(first.token, 'POST', `/admin/applications/${row.id}/claim`)).toMatchObject({ resultStatus: '00', data: { claim: { operatorName: '审核员丙', mine: true } } })
    expect(await as(second.token, 'POST', `/admin/applications/${row.id}/claim`)).toMatchObject({ responseInfo: '该申请正由审核员丙审核中，请选择其他申请', data: { operatorName: '审核员丙' } })
    expect((await as(second.token, 'POST', `/admin/applications/${row.id}/review`, decide)).responseInfo).toBe(reviewMessages.claimedByOther('审核员丙'))
    expect((await as(second.token, 'GET', `/admin/applications/${row.id}`)).data.claim).toMatchObject({ operatorName: '审核员丙', mine: false })
    expect(await as(first.token, 'POST', `/admin/applications/${row.id}/review`, decide)).toMatchObject({ resultStatus: '00', data: { reviewedBy: '审核员丙' } })

    // The legal representative as a reviewer: the detail says so, claim and decision are refused.
    const other = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }] })
    const himself = await enrolledOperator(t, ['reviewer'], { displayName: '审核员戊', identityNo: legal.identityNo })
    expect((await as(himself.token, 'GET', `/admin/applications/${other.id}`)).data.ownApplication).toBe(true)
    expect((await as(himself.token, 'POST', `/admin/applications/${other.id}/claim`)).responseInfo).toBe(reviewMessages.ownApplication)
    expect((await as(himself.token, 'POST', `/admin/applications/${other.id}/review`, decide)).responseInfo).toBe(reviewMessages.ownApplication)
    expect((await t.db.select().from(unitApplications).where(eq(unitApplications.id, other.id)))[0]!.applyStatus).toBe('PENDING_REVIEW')
    const refused = await t.db.select().from(auditEvents).where(and(eq(auditEvents.target, other.id), eq(auditEvents.operatorName, '审核员戊')))
    expect(refused.map((e) => [e.action, (e.detail as { reason: string }).reason])).toEqual(
      expect.arrayContaining([
        ['review.claim.refused', reviewMessages.ownApplication],
        ['review.decide.refused', reviewMessages.ownApplication],
      ]),
    )
  })

  it('applies one of 100 concurrent decisions and refuses the rest', async () => {
    const unit = unitNamed(705, '并发审核科技有限公司')
    const row = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }] })
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => call('POST', `/admin/applications/${row.id}/review`, { decisions: [{ itemId: 'item-1', approve: i % 2 === 0, reason: `印模不清晰（${i}）` }] })),
    )
    const applied = answers.filter((a) => a.resultStatus === '00')
    expect(applied).toHaveLength(1)
    for (const refused of answers.filter((a) => a.resultStatus !== '00')) expect(refused.responseInfo).toBe(reviewMessages.notPendingReview)
    const [ended] = await t.db.select().from(unitApplications).where(eq(unitApplications.id, row.id))
    expect(ended!.applyStatus).toBe(applied[0].data.applyStatus)
    const decided = await t.db.select().from(auditEvents).where(and(eq(auditEvents.target, row.id), eq(auditEvents.action, 'review.decide')))
    expect(decided).toHaveLength(1)
  })

  it('shows each seal photo beside its cut-out, what OCR read from the licence, why it came and who holds it', async () => {
    const unit = unitNamed(706, '对照详情科技有限公司')
    const row = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }, { sealTypeCode: '02', manualReview: true }], companyVerifyPass: false })
    const [licence] = await t.db.select().from(files).where(eq(files.id, row.form.businessLicense))
    await t.db.insert(ocrRequests).values({
      imgType: '20',
      requestedBy: legal.accountId,
      imageSha256: licence!.sha256,
      status: 'recognized',
      result: { unitName: unit.name, creditCode: unit.socialCreditCode },
    })
    await claimApplication(t.db, { applicationId: row.id, claimant: bob })

    const detail = (await call('GET', `/admin/applications/${row.id}`)).data
    expect(detail.sealPictures).toEqual([
      expect.objectContaining({ itemId: 'item-1', manualReview: false, photo: null, cutOut: expect.objectContaining({ fileId: row.form.sealInfo[0]!.sealPic, url: expect.any(String) }) }),
      expect.objectContaining({ itemId: 'item-2', manualReview: true, photo: expect.objectContaining({ fileId: row.form.sealInfo[1]!.originalFileId }), cutOut: null }),
    ])
    expect(detail.ocrReadings).toEqual([
      expect.objectContaining({ purpose: 'businessLicense', imgType: '20', status: 'recognized', fields: { unitName: unit.name, creditCode: unit.socialCreditCode } }),
    ])
    expect(detail.reviewReasonItems.map((r: { code: string }) => r.code)).toEqual(['UNIT_VERIFY_FAILED', 'IMPRESSION_MANUAL'])
    expect(detail.reviewReasons).toEqual(detail.reviewReasonItems.map((r: { text: string }) => r.text))
    expect(detail).toMatchObject({ claim: { operatorName: bob.name, mine: false }, ownApplication: false, waitingSince: row.submittedAt!.getTime() })
  })
})
