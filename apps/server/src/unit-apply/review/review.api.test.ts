import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfsig } from '@seal/pdf/test/independent-verifiers'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import { messages } from '@seal/shared/messages'
import { persons, units } from '../../auth/tables.ts'
import { files } from '../../files/tables.ts'
import { saveSandboxPerson } from '../../identity/real-name/registry.ts'
import { repairAtStart } from '../../repair.ts'
import { seals } from '../../seals/tables.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { samplePdf, uploadFile } from '../../test/seals.ts'
import { applicantFor, creditCode, idNumber, insertApplication, sealPng, type Applicant, type Person } from '../../test/unit-applications.ts'
import { makeSeal } from '../../seals/make-seal.ts'
import { hashSealPin, verifySealPin } from '../../trust/pin.ts'
import { sealCredentials } from '../../trust/tables.ts'
import { openssl } from '../../trust/testing.ts'
import { AUTO_REVIEWER, completeSealing, reviewSubmitted } from './run.ts'
import { configureReview } from './settings.ts'
import { unitApplications } from '../tables.ts'

const person = (n: number, name: string): Person => ({ name, identityNo: idNumber(n), phone: `1370000${String(n).padStart(4, '0')}` })
const unitNamed = (n: number, name: string) => ({ name, socialCreditCode: creditCode(n) })

const certificateText = (der: Uint8Array) =>
  openssl(['x509', '-inform', 'DER', '-in', 'leaf.der', '-noout', '-subject', '-nameopt', 'utf8,sep_comma_plus_space'], { 'leaf.der': der })

describe('review and making of enterprise seals', () => {
  let t: TestApp
  const admin = () => ({ authorization: `Bearer ${t.secrets.adminToken}` })
  const adminGet = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: admin() })).json()
  const review = async (id: string, body: unknown) =>
    (await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/review`, payload: body as object, headers: admin() })).json()
  const application = async (id: string) => (await t.db.select().from(unitApplications).where(eq(unitApplications.id, id)))[0]!
  const sealsOf = (ids: string[]) => t.db.select().from(seals).where(inArray(seals.id, ids))
  const outbox = async (phone: string) =>
    ((await t.call({ method: 'GET', url: '/api/dev/sms-outbox' })).body.data as { phone: string; text: string }[]).filter((m) => m.phone === phone)

  // Unit A: its legal representative applies for the official and the contract seal, approved automatically.
  let legalA: Applicant
  const unitA = unitNamed(501, '明远数据科技有限公司')
  let sealsOfA: { sealTypeCode: string; sealId: string | null }[] = []
  // The unit registered from an operator's application: the PDF is sealed with its official seal.
  let registeredUnit: { name: string; token: string; sealId: string }

  beforeAll(async () => {
    t = await startTestApp()
    legalA = await applicantFor(t, person(501, '周明远'))
  })
  afterAll(() => t.close())

  it('approves at once in auto mode (the sandbox default): the unit, its seals, certificates naming it, the PIN chosen at step 2, an SMS', async () => {
    const submitted = await insertApplication(t, { applicant: legalA, unit: unitA, legal: legalA, seals: [{ sealTypeCode: '01' }, { sealTypeCode: '04', sealCode: '1101080012345' }] })
    await reviewSubmitted(t.app.trust, submitted.id)

    const ended = await application(submitted.id)
    expect(ended).toMatchObject({ applyStatus: 'APPLY_SUCCESS', reviewedBy: AUTO_REVIEWER, failReason: null, failSealItems: [] })
    expect(ended.successSealItems).toEqual([
      { itemId: 'item-1', sealTypeCode: '01', sealName: unitA.name, sealId: expect.any(String), failReason: null },
      { itemId: 'item-2', sealTypeCode: '04', sealName: `${unitA.name}合同专用章`, sealId: expect.any(String), failReason: null },
    ])
    sealsOfA = ended.successSealItems

    const [unit] = await t.db.select().from(units).where(eq(units.socialCreditCode, unitA.socialCreditCode))
    expect(unit).toMatchObject({ name: unitA.name, legalPersonId: legalA.personId, regionCode: '110108' })
    expect(ended.unitId).toBe(unit!.id)

    const made = await sealsOf(ended.successSealItems.map((o) => o.sealId!))
    expect(made).toHaveLength(2)
    for (const seal of made) {
      expect(seal).toMatchObject({ ownerKind: 'unit', unitId: unit!.id, status: '1' })
      const years = seal.certEndTime.getUTCFullYear() - seal.certStartTime.getUTCFullYear()
      expect(years).toBe(3)
      const [credential] = await t.db.select().from(sealCredentials).where(eq(sealCredentials.sealId, seal.id))
      const subject = certificateText(credential!.certificateDer)
      expect(subject).toContain(`O=${unitA.name}, organizationIdentifier=NTRCN-${unitA.socialCreditCode}, CN=${seal.sealName}`)
      expect(await verifySealPin(t.db, { sealId: seal.id, pin: 'Seal2026' })).toEqual({ ok: true })
    }
    expect(made.find((s) => s.sealTypeCode === '04')!.sealCode).toBe('1101080012345')
    // The picture is the cut-out the applicant uploaded.
    const item = ended.form.sealInfo[0]!
    const [cutOut] = await t.db.select().from(files).where(eq(files.id, item.sealPic))
    expect(made.find((s) => s.sealTypeCode === '01')!.imageSha256).toBe(cutOut!.sha256)

    const [notice] = await outbox(legalA.phone)
    expect(notice!.text).toBe(
      `【电子印章】您提交的${unitA.name}的电子印章申请已审核通过，已制作：${unitA.name}、${unitA.name}合同专用章。请登录电子印章查看。`,
    )
  })

  it('makes the seal manager the application names role 2 on every new seal, with the manager password of step 2', async () => {
    const legal = await applicantFor(t, person(531, '郑管理'))
    const manager = await applicantFor(t, person(532, '钱掌印'))
    const unit = unitNamed(531, '掌印管理科技有限公司')
    const submitted = await insertApplication(t, {
      applicant: legal,
      unit,
      legal,
      seals: [{ sealTypeCode: '01' }],
      form: { setSealManager: true, sealManagerName: manager.name, sealManagerIdentityNo: manager.identityNo, sealManagerTel: manager.phone },
      extra: { managerPinHash: await hashSealPin('Manage2026') },
    })
    await reviewSubmitted(t.app.trust, submitted.id)
    const sealId = (await application(submitted.id)).successSealItems[0]!.sealId!
    const call = (token: string, url: string, body: unknown) => t.call({ url: `/api${url}`, body, token })
    expect((await call(manager.token, '/sealAuth/queryRole', { sealId })).body.data.role).toBe(2)
    expect((await call(manager.token, '/sealAuth/verifyAuthByIdentityAndSealId', { sealId, usePassword: 'Manage2026' })).body.data.pass).toBe(true)
    const persons = (await call(legal.token, '/sealAuth/queryListBySeal', { sealId })).body.data.list
    expect(persons.map((p: { name: string; authUseType: number }) => [p.name, p.authUseType])).toEqual([['郑管理', 2], ['钱掌印', 2]])
  })

  it('leaves for a reviewer what auto mode must not decide, and everything in manual mode', async () => {
    const legal = await applicantFor(t, person(502, '吴待审'))
    const unit = unitNamed(502, '待审商贸有限公司')
    const failedCheck = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }], companyVerifyPass: false })
    const manualPhoto = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01', manualReview: true }] })
    for (const { id } of [failedCheck, manualPhoto]) await reviewSubmitted(t.app.trust, id)

    configureReview(t.app.trust, { mode: 'manual', sms: t.app.providers.sms, warn: () => {} })
    try {
      const clean = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }] })
      await reviewSubmitted(t.app.trust, clean.id)
      for (const { id } of [failedCheck, manualPhoto, clean]) expect((await application(id)).applyStatus).toBe('PENDING_REVIEW')
    } finally {
      configureReview(t.app.trust, { mode: 'auto', sms: t.app.providers.sms, warn: () => {} })
    }
    expect(await t.db.select().from(units).where(eq(units.socialCreditCode, unit.socialCreditCode))).toHaveLength(0)
  })

  it('lists what waits, oldest first, one page after another, and filters by credit code and name', async () => {
    const legal = await applicantFor(t, person(503, '郑列表'))
    const unit = unitNamed(503, '列表测试咨询有限公司')
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const row = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }, { sealTypeCode: '02', manualReview: i === 1 }], extra: { submittedAt: new Date(Date.now() - (3 - i) * 60_000) } })
      ids.push(row.id)
    }
    const base = `/api/admin/applications?socialCreditCode=${unit.socialCreditCode}&pageSize=2`
    const first = await adminGet(base)
    expect(first.resultStatus).toBe('00')
    expect(first.data.records.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 2))
    expect(first.data).toMatchObject({ hasMore: true, lastId: ids[1] })
    expect(first.data.records[1]).toEqual({
      id: ids[1],
      unitName: unit.name,
      socialCreditCode: unit.socialCreditCode,
      businessType: 'APPLY',
      applyType: 'LEGAL_APPLY',
      applyStatus: 'PENDING_REVIEW',
      sealTypes: ['01', '02'],
      companyVerifyPass: true,
      manualReview: true,
      submittedAt: expect.any(Number),
      door: 'ONLINE',
      reviewReasons: [{ code: 'IMPRESSION_MANUAL', text: '印模提取失败转人工审核：财务专用章' }],
      waitingSince: expect.any(Number),
      applicantName: legal.name,
      claim: null,
    })
    expect(first.data.records[0].manualReview).toBe(false)
    const second = await adminGet(`${base}&lastId=${ids[1]}`)
    expect(second.data).toMatchObject({ records: [{ id: ids[2] }], hasMore: false, lastId: null })

    const byName = await adminGet(`/api/admin/applications?unitName=${encodeURIComponent('测试咨询')}&pageSize=10`)
    expect(byName.data.records.map((r: { id: string }) => r.id)).toEqual(ids)
    const done = await adminGet(`/api/admin/applications?status=APPLY_SUCCESS&socialCreditCode=${unitA.socialCreditCode}`)
    expect(done.data.records).toHaveLength(1)
    const bad = await adminGet('/api/admin/applications?status=TEMPORARY_SAVE')
    expect(bad.resultStatus).not.toBe('00')
  })

  it('shows a reviewer the whole application, every file with a short-lived link, no password hash', async () => {
    const legal = await applicantFor(t, person(504, '王详情'))
    const row = await insertApplication(t, { applicant: legal, unit: unitNamed(504, '详情展示有限公司'), legal, seals: [{ sealTypeCode: '01' }, { sealTypeCode: '04', manualReview: true }], companyVerifyPass: false })
    const raw = await t.app.inject({ method: 'GET', url: `/api/admin/applications/${row.id}`, headers: admin() })
    expect(raw.body).not.toContain('$argon2id$')
    const detail = raw.json().data
    expect(detail).toMatchObject({
      id: row.id,
      applyStatus: 'PENDING_REVIEW',
      unitName: '详情展示有限公司',
      legalPersonName: legal.name,
      legalPasswordSet: true,
      sealManagerPasswordSet: false,
      companyVerifyPass: false,
      companyVerifyReason: '企业四要素核验不一致',
      applicant: { name: legal.name, identityNo: legal.identityNo, phone: legal.phone },
    })
    expect(detail).not.toHaveProperty('legalPassword')
    const purposes = detail.files.map((f: { purpose: string }) => f.purpose)
    expect(purposes).toEqual(['businessLicense', 'seal:item-1:sealPic', 'seal:item-2:photo', 'applicationFile:1'])
    const cutOut = detail.files[1]
    expect(cutOut).toMatchObject({ mediaType: 'image/png', title: '单位公章印模图片', url: expect.stringContaining('access_token=') })
    const download = await t.app.inject({ method: 'GET', url: cutOut.url })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('image/png')
    expect((await adminGet('/api/admin/applications/no-such-application')).responseInfo).toBe('未查询到申请记录')
  })

  it('approves some seals and rejects one with its reason; a rejection needs a reason and every seal a decision', async () => {
    const legal = await applicantFor(t, person(505, '孙部分'))
    const unit = unitNamed(505, '部分通过实业有限公司')
    const row = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }, { sealTypeCode: '02' }, { sealTypeCode: '04' }] })
    const decide = (reason?: string) => [
      { itemId: 'item-1', approve: true },
      { itemId: 'item-2', approve: false, reason },
      { itemId: 'item-3', approve: true },
    ]
    expect((await review(row.id, { decisions: decide() })).responseInfo).toBe(reviewMessages.reasonRequired)
    expect((await review(row.id, { decisions: decide('  ') })).responseInfo).toBe(reviewMessages.reasonRequired)
    expect((await review(row.id, { decisions: decide().slice(0, 2) })).responseInfo).toBe(reviewMessages.decisionMissing)
    expect((await review(row.id, { decisions: [...decide('x'), { itemId: 'item-9', approve: true }] })).responseInfo).toBe(reviewMessages.itemUnknown)
    expect((await application(row.id)).applyStatus).toBe('PENDING_REVIEW')

    // The body's `reviewer` is ignored: the decision is recorded under the calling operator's (here the start-up key's) name.
    const answer = await review(row.id, { decisions: decide('财务专用章印模不清晰'), note: '公章、合同章通过', reviewer: '审核员甲' })
    expect(answer).toMatchObject({
      resultStatus: '00',
      data: {
        applyStatus: 'APPLY_SUCCESS',
        reviewedBy: expect.stringContaining('ADMIN_TOKEN'),
        failSealItems: [{ itemId: 'item-2', sealTypeCode: '02', sealName: `${unit.name}财务专用章`, sealId: null, failReason: '财务专用章印模不清晰' }],
      },
    })
    expect(answer.data.successSealItems.map((o: { sealTypeCode: string }) => o.sealTypeCode)).toEqual(['01', '04'])
    expect(await sealsOf(answer.data.successSealItems.map((o: { sealId: string }) => o.sealId))).toHaveLength(2)
    expect((await application(row.id)).reviewNote).toBe('公章、合同章通过')
    const [notice] = await outbox(legal.phone)
    expect(notice!.text).toContain(`未通过：${unit.name}财务专用章（财务专用章印模不清晰）`)

    expect((await review(row.id, { decisions: decide('again') })).responseInfo).toBe(reviewMessages.notPendingReview)
  })

  it('rejects everything: APPLY_FAIL with the reviewer’s reason, no seal, and the applicant is told why', async () => {
    const legal = await applicantFor(t, person(506, '钱驳回'))
    const unit = unitNamed(506, '全部驳回贸易有限公司')
    const row = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }, { sealTypeCode: '05' }] })
    const reason = '申请表未加盖公章'
    const answer = await review(row.id, { decisions: [{ itemId: 'item-1', approve: false, reason }, { itemId: 'item-2', approve: false, reason }] })
    expect(answer.data).toMatchObject({ applyStatus: 'APPLY_FAIL', failReason: reason, successSealItems: [] })
    expect(answer.data.failSealItems[1]).toMatchObject({ sealTypeCode: '05', sealName: `${legal.name}印`, failReason: reason })
    expect(await t.db.select().from(units).where(eq(units.socialCreditCode, unit.socialCreditCode))).toHaveLength(0)
    const [notice] = await outbox(legal.phone)
    expect(notice!.text).toBe(`【电子印章】您提交的${unit.name}的电子印章申请未通过审核，原因：${reason}。`)
  })

  it('makes the seals once when ten reviewers and automatic review approve together', async () => {
    const legal = await applicantFor(t, person(507, '冯并发'))
    const unit = unitNamed(507, '并发审核科技有限公司')
    const row = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }, { sealTypeCode: '99', sealName: '并发审核科技有限公司质检专用章' }] })
    const decisions = [{ itemId: 'item-1', approve: true }, { itemId: 'item-2', approve: true }]
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => review(row.id, { decisions, note: `审核员${i}` })),
      reviewSubmitted(t.app.trust, row.id).then(() => null),
    ])
    const approved = answers.filter((a) => a?.resultStatus === '00')
    const refused = answers.filter((a) => a && a.resultStatus !== '00')
    const ended = await application(row.id)
    // One review moved it: either a reviewer (answered 00) or automatic review (every reviewer refused).
    expect(approved.length + (ended.reviewedBy === AUTO_REVIEWER ? 1 : 0)).toBe(1)
    for (const r of refused) expect(r.responseInfo).toBe(reviewMessages.notPendingReview)
    expect(ended.applyStatus).toBe('APPLY_SUCCESS')
    const [made] = await t.db.select({ id: units.id }).from(units).where(eq(units.socialCreditCode, unit.socialCreditCode))
    const unitSeals = await t.db.select().from(seals).where(eq(seals.unitId, made!.id))
    expect(unitSeals.map((s) => s.sealName).sort()).toEqual(['并发审核科技有限公司', '并发审核科技有限公司质检专用章'])
  })

  it('registers an unknown unit and its legal representative from an operator’s application', async () => {
    const operator = await applicantFor(t, person(508, '陈经办'))
    const legal = person(509, '褚法人')
    const unit = unitNamed(508, '新设登记服务有限公司')
    const row = await insertApplication(t, { applicant: operator, unit, legal, applyType: 'OPERATOR_APPLY', seals: [{ sealTypeCode: '01' }] })
    const answer = await review(row.id, { decisions: [{ itemId: 'item-1', approve: true }] })
    expect(answer.data.applyStatus).toBe('APPLY_SUCCESS')
    const [registered] = await t.db
      .select({ unit: units, legal: persons })
      .from(units)
      .innerJoin(persons, eq(persons.id, units.legalPersonId))
      .where(eq(units.socialCreditCode, unit.socialCreditCode))
    expect(registered).toMatchObject({
      unit: { name: unit.name, unitTypeCode: '02' },
      legal: { name: legal.name, identityNo: legal.identityNo, identityType: '111', phone: legal.phone },
    })
    // The operator is told, and the legal representative can now log in for the unit: the real-name check of
    // his phone (the carrier knows it as his) verifies him at that login.
    expect((await outbox(operator.phone))[0]!.text).toContain('已审核通过')
    await saveSandboxPerson(t.db, { ...legal, outcome: 'normal' })
    registeredUnit = { name: unit.name, token: await t.loginEnterprise(unit.socialCreditCode, legal.phone), sealId: answer.data.successSealItems[0].sealId }
  })

  it('approves a photo left for manual review only with the reviewer’s cut-out, used as it is', async () => {
    const legal = await applicantFor(t, person(510, '卫人工'))
    const unit = unitNamed(510, '人工审核印务有限公司')
    const row = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01', manualReview: true }] })
    expect((await review(row.id, { decisions: [{ itemId: 'item-1', approve: true }] })).responseInfo).toBe(reviewMessages.cutOutRequired)
    const jpeg = (await t.db.select().from(files).where(eq(files.id, row.form.sealInfo[0]!.originalFileId)))[0]!
    const jpegBytes = await t.app.files.get(jpeg.storageKey)
    expect((await review(row.id, { decisions: [{ itemId: 'item-1', approve: true, sealPicBase64: jpegBytes.toString('base64') }] })).responseInfo).toBe(
      reviewMessages.cutOutNotPng,
    )
    expect((await application(row.id)).applyStatus).toBe('PENDING_REVIEW')

    const png = await sealPng(unit.name, '01')
    const answer = await review(row.id, { decisions: [{ itemId: 'item-1', approve: true, sealPicBase64: `data:image/png;base64,${png.toString('base64')}` }] })
    expect(answer.data.applyStatus).toBe('APPLY_SUCCESS')
    const [seal] = await sealsOf([answer.data.successSealItems[0].sealId])
    expect(seal!.imageSha256).toBe(createHash('sha256').update(png).digest('hex'))
    const ended = await application(row.id)
    const [reviewerFile] = await t.db.select().from(files).where(eq(files.id, ended.form.sealInfo[0]!.sealPic))
    expect(reviewerFile).toMatchObject({ mediaType: 'image/png', ownerAccountId: null })
  })

  it('fails one seal the unit already holds and makes the others', async () => {
    const again = await insertApplication(t, { applicant: legalA, unit: unitA, legal: legalA, seals: [{ sealTypeCode: '04' }, { sealTypeCode: '02' }] })
    const answer = await review(again.id, { decisions: [{ itemId: 'item-1', approve: true }, { itemId: 'item-2', approve: true }] })
    expect(answer.data).toMatchObject({
      applyStatus: 'APPLY_SUCCESS',
      failSealItems: [{ itemId: 'item-1', sealTypeCode: '04', sealId: null, failReason: messages.sealTypeAlreadyHeld }],
      successSealItems: [{ itemId: 'item-2', sealTypeCode: '02', sealName: `${unitA.name}财务专用章` }],
    })
  })

  it('refuses an approval naming another legal representative for a unit on record', async () => {
    const stranger = await applicantFor(t, person(511, '蒋冒名'))
    const row = await insertApplication(t, { applicant: stranger, unit: unitA, legal: stranger, seals: [{ sealTypeCode: '03' }] })
    expect((await review(row.id, { decisions: [{ itemId: 'item-1', approve: true }] })).responseInfo).toBe(reviewMessages.legalPersonDiffers)
    expect((await review(row.id, { decisions: [{ itemId: 'item-1', approve: false, reason: '非法定代表人' }] })).data.applyStatus).toBe('APPLY_FAIL')
  })

  it('finishes at start an application a crash left in SEALING, without making an item twice', async () => {
    const legal = await applicantFor(t, person(512, '沈中断'))
    const unit = unitNamed(512, '中断恢复技术有限公司')
    const row = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }, { sealTypeCode: '04' }, { sealTypeCode: '02' }] })
    // As the killed process left it: the decisions recorded (item 3 rejected), the unit registered and
    // item 1's seal made with its outcome, item 2 not yet made.
    const [legalRow] = await t.db.select().from(persons).where(eq(persons.id, legal.personId))
    const [registered] = await t.db.insert(units).values({ ...unit, legalPersonId: legalRow!.id }).returning()
    const first = await makeSeal(t.app.trust, {
      owner: { kind: 'unit', unitId: registered!.id, unitName: unit.name, socialCreditCode: unit.socialCreditCode },
      sealName: unit.name,
      sealTypeCode: '01',
      image: await sealPng(unit.name, '01'),
      certStartTime: new Date(),
      certEndTime: new Date(Date.now() + 86_400_000),
    })
    await t.db
      .update(unitApplications)
      .set({
        applyStatus: 'SEALING',
        reviewedBy: '审核员乙',
        successSealItems: [{ itemId: 'item-1', sealTypeCode: '01', sealName: unit.name, sealId: first.seal.id, failReason: null }],
        failSealItems: [{ itemId: 'item-3', sealTypeCode: '02', sealName: `${unit.name}财务专用章`, sealId: null, failReason: '无需财务章' }],
      })
      .where(eq(unitApplications.id, row.id))

    expect((await repairAtStart(t.app.trust)).applicationsFinished).toBe(1)
    const ended = await application(row.id)
    expect(ended.applyStatus).toBe('APPLY_SUCCESS')
    expect(ended.successSealItems.map((o) => o.itemId)).toEqual(['item-1', 'item-2'])
    const unitSeals = await t.db.select().from(seals).where(eq(seals.unitId, registered!.id))
    expect(unitSeals.map((s) => s.sealTypeCode).sort()).toEqual(['01', '04'])
    expect((await repairAtStart(t.app.trust)).applicationsFinished).toBe(0)
  })

  it('makes each item once when several processes finish the same application together, and tells the applicant once', async () => {
    const legal = await applicantFor(t, person(513, '韩同时'))
    const unit = unitNamed(513, '同时完成电子有限公司')
    const row = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }, { sealTypeCode: '03' }, { sealTypeCode: '99', sealName: '同时完成电子有限公司检验章' }] })
    await t.db.update(unitApplications).set({ applyStatus: 'SEALING', reviewedBy: '审核员丙' }).where(eq(unitApplications.id, row.id))
    const ends = await Promise.all(Array.from({ length: 5 }, () => completeSealing(t.app.trust, row.id)))
    expect(new Set(ends.map((e) => e.applyStatus))).toEqual(new Set(['APPLY_SUCCESS']))
    const ended = await application(row.id)
    expect(ended.successSealItems.map((o) => o.itemId).sort()).toEqual(['item-1', 'item-2', 'item-3'])
    const unitSeals = await t.db.select().from(seals).where(eq(seals.unitId, ended.unitId!))
    expect(unitSeals).toHaveLength(3)
    expect((await outbox(legal.phone)).filter((m) => m.text.includes('已审核通过'))).toHaveLength(1)
  })

  it('cancels a seal on approval of a cancellation (the CRL lists it); a change naming no seal of the unit fails', async () => {
    const contract = sealsOfA.find((s) => s.sealTypeCode === '04')!
    const row = await insertApplication(t, { applicant: legalA, unit: unitA, legal: legalA, businessType: 'CANCEL', seals: [{ sealTypeCode: '04', sealId: contract.sealId!, sealName: `${unitA.name}合同专用章` }] })
    await reviewSubmitted(t.app.trust, row.id)
    const ended = await application(row.id)
    expect(ended).toMatchObject({ applyStatus: 'APPLY_SUCCESS', successSealItems: [{ sealId: contract.sealId, failReason: null }] })
    const [cancelled] = await sealsOf([contract.sealId!])
    expect(cancelled).toMatchObject({ status: '2', failureReason: '印章注销' })
    const [credential] = await t.db.select().from(sealCredentials).where(and(eq(sealCredentials.sealId, contract.sealId!)))
    const crl = await t.app.inject({ method: 'GET', url: '/api/trust/crl' })
    const crlText = openssl(['crl', '-inform', 'DER', '-in', 'crl.der', '-text', '-noout'], { 'crl.der': crl.rawPayload })
    expect(crlText).toContain(`Serial Number: ${credential!.serialNumber.toUpperCase()}`)

    // A change naming no seal of the unit fails per item (renewal and change: reissue.api.test.ts); a rejection ends it too.
    const change = await insertApplication(t, { applicant: legalA, unit: unitA, legal: legalA, businessType: 'CHANGE', seals: [{ sealTypeCode: '01' }] })
    expect((await review(change.id, { decisions: [{ itemId: 'item-1', approve: true }] })).data).toMatchObject({ applyStatus: 'APPLY_FAIL', failReason: reviewMessages.sealNotOfUnit })
    const rejected = await insertApplication(t, { applicant: legalA, unit: unitA, legal: legalA, businessType: 'CHANGE', seals: [{ sealTypeCode: '01' }] })
    expect((await review(rejected.id, { decisions: [{ itemId: 'item-1', approve: false, reason: '请先线下办理' }] })).data.applyStatus).toBe('APPLY_FAIL')
  })

  it('serves the operator API to the admin token only, however the path is spelt', async () => {
    const row = await insertApplication(t, { applicant: legalA, unit: unitA, legal: legalA, seals: [{ sealTypeCode: '03' }] })
    const body = { decisions: [{ itemId: 'item-1', approve: true }] }
    const userToken = legalA.token
    const attempts = [
      { method: 'GET' as const, url: '/api/admin/applications' },
      { method: 'GET' as const, url: `/api/admin/applications/${row.id}` },
      { method: 'POST' as const, url: `/api/admin/applications/${row.id}/review`, payload: body },
      { method: 'GET' as const, url: '/api/%61dmin/applications' },
      { method: 'POST' as const, url: `/api/admin/./applications/${row.id}/review`, payload: body },
    ]
    for (const attempt of attempts) {
      for (const headers of [{}, { authorization: `Bearer ${userToken}` }, { authorization: 'Bearer not-the-admin-token' }]) {
        const response = await t.app.inject({ ...attempt, headers })
        expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(401)
      }
    }
    expect((await application(row.id)).applyStatus).toBe('PENDING_REVIEW')
  })

  it('lets the legal representative seal a PDF with the unit’s new seal; pdfsig names the unit', async () => {
    // The unit registered on approval, its legal representative logged in with its enterprise account.
    const { token: enterprise, sealId, name: unitName } = registeredUnit
    const fileId = await uploadFile(t, enterprise, { name: '合同.pdf', bytes: await samplePdf(), type: 'application/pdf' })
    const signed = await t.call({ url: '/api/seal/signDocument', body: { sealId, pin: 'Seal2026', fileId }, token: enterprise })
    expect(signed.body.resultStatus).toBe('00')
    const pdf = await t.app.inject({ method: 'GET', url: `/api/file/download/${signed.body.data.fileId}`, headers: { authorization: `Bearer ${enterprise}` } })

    const root = await t.app.inject({ method: 'GET', url: '/api/trust/ca.crt' })
    const nss = mkdtempSync(join(tmpdir(), 'review-nss-'))
    try {
      writeFileSync(join(nss, 'root.crt'), root.rawPayload)
      execFileSync('certutil', ['-N', '-d', `sql:${nss}`, '--empty-password'])
      execFileSync('certutil', ['-A', '-d', `sql:${nss}`, '-n', 'seal-root', '-t', 'CT,C,C', '-i', join(nss, 'root.crt')])
      const [signature] = pdfsig(new Uint8Array(pdf.rawPayload), nss)
      expect(signature).toMatchObject({ valid: true, trusted: true, commonName: unitName })
      expect(signature!.text).toContain(`O=${unitName}`)
    } finally {
      rmSync(nss, { recursive: true, force: true })
    }
  })
})
