import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configDefaults } from '@seal/shared/api/config'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import { auditEvents } from '../audit/tables.ts'
import { setConfig } from '../config/service.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { applicantFor, creditCode, idNumber, insertApplication, type Applicant, type Person } from '../test/unit-applications.ts'
import { unitApplications, type StoredForm, type UnitApplication } from '../unit-apply/tables.ts'

const person = (n: number, name: string): Person => ({ name, identityNo: idNumber(n), phone: `1372000${String(n).padStart(4, '0')}` })
const unitNamed = (n: number, name: string) => ({ name, socialCreditCode: creditCode(n) })

describe('the offline materials desk (issue #22)', () => {
  let t: TestApp
  let keyName: string
  let operator: Applicant
  const legal = person(802, '柳法人')
  const admin = () => ({ authorization: `Bearer ${t.secrets.adminToken}` })
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.app.inject({ method, url: `/api${url}`, headers: admin(), ...(payload ? { payload } : {}) })).json()
  const offline = async (row: UnitApplication, extra: Partial<StoredForm>) => {
    await t.db.update(unitApplications).set({ form: { ...row.form, door: 'OFFLINE', ...extra } }).where(eq(unitApplications.id, row.id))
  }
  const mailed = (deliverNo: string) => ({ offline: { delivery: { deliverCompany: '中国邮政EMS', deliverNo, authType: '', deliverTime: Date.now() } } })

  beforeAll(async () => {
    t = await startTestApp()
    // The start-up key (ADMIN_TOKEN) acts under its API key's name.
    keyName = (await t.call({ method: 'GET', url: '/api/admin/me', token: t.secrets.adminToken })).body.data.name
    operator = await applicantFor(t, person(801, '纸质经办'))
  })
  afterAll(() => t.close())

  it('lists the mailed packages with their waybill and the materials the unit is asked for, records a receipt, and shows it to the reviewer', async () => {
    const unit = unitNamed(801, '纸质材料贸易有限公司')
    const admin06 = unitNamed(802, '纸质材料事业单位')
    const seals = [{ sealTypeCode: '01' }]
    const enterprise = await insertApplication(t, { applicant: operator, unit, legal, seals, applyType: 'OPERATOR_APPLY', extra: { submittedAt: new Date(Date.now() - 60_000) } })
    await offline(enterprise, mailed('EMS80100'))
    const institution = await insertApplication(t, { applicant: operator, unit: admin06, legal, seals, applyType: 'OPERATOR_APPLY', form: { unitTypeCode: '06' } })
    await offline(institution, mailed('EMS80200'))
    // Neither mailed nor received: not on the desk. Nor is an online application.
    const notMailed = await insertApplication(t, { applicant: operator, unit, legal, seals, applyType: 'OPERATOR_APPLY' })
    await offline(notMailed, {})
    await insertApplication(t, { applicant: operator, unit, legal, seals, applyType: 'OPERATOR_APPLY' })
    await setConfig(t.db, { scope: `unit:${unit.socialCreditCode}`, key: 'consignee', value: { nonAdminMaterials: ['申请表原件', '营业执照复印件'] } })

    const desk = await call('GET', '/admin/offline-materials?q=' + encodeURIComponent('纸质材料'))
    expect(desk.data.records.map((r: { id: string }) => r.id)).toEqual([enterprise.id, institution.id])
    expect(desk.data.records[0]).toMatchObject({
      unitName: unit.name,
      applicantName: operator.name,
      delivery: { deliverCompany: '中国邮政EMS', deliverNo: 'EMS80100' },
      receipt: null,
      materials: ['申请表原件', '营业执照复印件'],
    })
    expect(desk.data.records[1].materials).toEqual(configDefaults.consignee.adminMaterials)
    const byWaybill = await call('GET', '/admin/offline-materials?q=80200')
    expect(byWaybill.data.records.map((r: { id: string }) => r.id)).toEqual([institution.id])
    const paged = await call('GET', '/admin/offline-materials?q=' + encodeURIComponent('纸质') + '&pageSize=1')
    expect(paged.data).toMatchObject({ hasMore: true, lastId: enterprise.id })

    const twice = await call('POST', `/admin/offline-materials/${enterprise.id}/receipt`, { checked: ['申请表原件'], missing: ['申请表原件'] })
    expect(twice.responseInfo).toBe(reviewMessages.receiptMaterialTwice)
    const received = await call('POST', `/admin/offline-materials/${enterprise.id}/receipt`, { checked: ['申请表原件'], missing: ['营业执照复印件'], note: '复印件未盖章' })
    expect(received).toMatchObject({
      resultStatus: '00',
      data: { id: enterprise.id, receipt: { receivedBy: keyName, checked: ['申请表原件'], missing: ['营业执照复印件'], note: '复印件未盖章', receivedAt: expect.any(Number) } },
    })
    expect((await call('GET', '/admin/offline-materials?received=true&q=' + encodeURIComponent('纸质'))).data.records.map((r: { id: string }) => r.id)).toEqual([enterprise.id])
    expect((await call('GET', '/admin/offline-materials?received=false&q=' + encodeURIComponent('纸质'))).data.records.map((r: { id: string }) => r.id)).toEqual([institution.id])

    // The reviewer's detail: the receipt in the courier record and among the reasons.
    const detail = (await call('GET', `/admin/applications/${enterprise.id}`)).data
    expect(detail.deliveryRecord).toMatchObject({ deliverNo: 'EMS80100', receipt: { checked: ['申请表原件'], missing: ['营业执照复印件'] } })
    expect(detail.reviewReasonItems).toContainEqual({ code: 'OFFLINE_RECEIVED', text: `纸质材料已签收（${keyName}），缺少：营业执照复印件` })

    const [audit] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.target, enterprise.id), eq(auditEvents.action, 'offline.receipt')))
    expect(audit).toMatchObject({ action: 'offline.receipt', operatorName: keyName, detail: { missing: ['营业执照复印件'] } })
  })

  it('asks a government-app application for the government list, as configured for that channel, and a plain one for its unit type’s', async () => {
    const unit = unitNamed(804, '政务渠道材料有限公司')
    const seals = [{ sealTypeCode: '01' }]
    const government = await insertApplication(t, { applicant: operator, unit, legal, seals, applyType: 'OPERATOR_APPLY', extra: { channel: 'gov-app' } })
    await offline(government, mailed('EMS80400'))
    const plain = await insertApplication(t, { applicant: operator, unit, legal, seals, applyType: 'OPERATOR_APPLY', extra: { channel: 'h5' } })
    await offline(plain, mailed('EMS80401'))
    await setConfig(t.db, { scope: 'channel:gov-app', key: 'consignee', value: { governmentMaterials: ['政务申请表', '单位介绍信'], nonAdminMaterials: ['不应出现'] } })

    const records = (await call('GET', '/admin/offline-materials?q=' + encodeURIComponent('政务渠道'))).data.records
    expect(records.map((r: { id: string; channel: string; materials: string[] }) => [r.id, r.channel, r.materials])).toEqual([
      [government.id, 'gov-app', ['政务申请表', '单位介绍信']],
      [plain.id, 'h5', configDefaults.consignee.nonAdminMaterials],
    ])
  })

  it('refuses a receipt naming a material the application’s current list does not hold, and audits every refusal', async () => {
    const unit = unitNamed(805, '签收核对有限公司')
    const row = await insertApplication(t, { applicant: operator, unit, legal, seals: [{ sealTypeCode: '01' }], applyType: 'OPERATOR_APPLY', extra: { channel: 'gov-app' } })
    await offline(row, mailed('EMS80500'))
    await setConfig(t.db, { scope: `unit:${unit.socialCreditCode}`, key: 'consignee', value: { governmentMaterials: ['政务申请表'] } })
    const unknown = await call('POST', `/admin/offline-materials/${row.id}/receipt`, { checked: ['政务申请表', '营业执照复印件'], missing: ['随便写的'] })
    expect(unknown).toMatchObject({ resultStatus: '400', responseInfo: reviewMessages.receiptMaterialUnknown(['营业执照复印件', '随便写的']) })
    expect(unknown.responseInfo).toBe('材料「营业执照复印件」「随便写的」不在该申请的材料清单中，请刷新后按当前清单签收')
    const twice = await call('POST', `/admin/offline-materials/${row.id}/receipt`, { checked: ['政务申请表'], missing: ['政务申请表'] })
    expect(twice.responseInfo).toBe(reviewMessages.receiptMaterialTwice)
    // Nothing was recorded by the refusals; the list's own names are.
    expect((await t.db.select().from(unitApplications).where(eq(unitApplications.id, row.id)))[0]!.form.offline?.receipt).toBeUndefined()
    expect((await call('POST', `/admin/offline-materials/${row.id}/receipt`, { checked: ['政务申请表'] })).resultStatus).toBe('00')

    const refusals = await t.db.select().from(auditEvents).where(and(eq(auditEvents.target, row.id), eq(auditEvents.action, 'offline.receipt.refused'))).orderBy(auditEvents.createdAt)
    expect(refusals.map((e) => [e.operatorName, (e.detail as { reason: string }).reason])).toEqual([
      [keyName, reviewMessages.receiptMaterialUnknown(['营业执照复印件', '随便写的'])],
      [keyName, reviewMessages.receiptMaterialTwice],
    ])
  })

  it('refuses a receipt for an application that is not an offline one, or unknown', async () => {
    const online = await insertApplication(t, { applicant: operator, unit: unitNamed(803, '线上申请有限公司'), legal, seals: [{ sealTypeCode: '01' }], applyType: 'OPERATOR_APPLY' })
    expect((await call('POST', `/admin/offline-materials/${online.id}/receipt`, { checked: [] })).responseInfo).toBe(reviewMessages.receiptNotOffline)
    expect((await call('POST', '/admin/offline-materials/nope/receipt', { checked: [] })).resultStatus).not.toBe('00')
    const refused = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'offline.receipt.refused'))
    expect(refused.map((e) => [e.target, (e.detail as { reason: string }).reason])).toEqual(
      expect.arrayContaining([
        [online.id, reviewMessages.receiptNotOffline],
        ['nope', '未查询到申请记录'],
      ]),
    )
  })
})
