import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import { persons, units } from '../../auth/tables.ts'
import { seals } from '../../seals/tables.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { samplePdf, uploadFile } from '../../test/seals.ts'
import { applicantFor, creditCode, idNumber, insertApplication, sealPng, type Applicant, type Person } from '../../test/unit-applications.ts'
import { removeConfig, setConfig } from '../../config/service.ts'
import { verifySealPin } from '../../trust/pin.ts'
import { signerForAuthorizedUse } from '../../seals/seal-signer.ts'
import { openssl } from '../../trust/testing.ts'
import { reviewSubmitted } from './run.ts'
import { unitApplications } from '../tables.ts'
import { credentialsOf, subjectOf } from '../test-support.ts'

const person = (n: number, name: string): Person => ({ name, identityNo: idNumber(n), phone: `1370000${String(n).padStart(4, '0')}` })


/** 续期 and 变更 of unit seals (issue #10 item 5): the same seal gets a new certificate, the old one is revoked. */
describe('renewal and change of unit seals', () => {
  let t: TestApp
  let legal: Applicant
  /** The legal representative after the change of legal representative. */
  let newLegal: Applicant
  const unit = { name: '续变测试科技有限公司', socialCreditCode: creditCode(601) }
  let official: string
  let contract: string
  const admin = () => ({ authorization: `Bearer ${t.secrets.adminToken}` })
  const review = async (id: string, body: unknown) =>
    (await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/review`, payload: body as object, headers: admin() })).json()
  const application = async (id: string) => (await t.db.select().from(unitApplications).where(eq(unitApplications.id, id)))[0]!
  const sealRow = async (id: string) => (await t.db.select().from(seals).where(eq(seals.id, id)))[0]!
  const crlText = async () => {
    const crl = await t.app.inject({ method: 'GET', url: '/api/trust/crl' })
    return openssl(['crl', '-inform', 'DER', '-in', 'crl.der', '-text', '-noout'], { 'crl.der': new Uint8Array(crl.rawPayload) })
  }

  beforeAll(async () => {
    t = await startTestApp()
    legal = await applicantFor(t, person(601, '陈续变'))
    const made = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }, { sealTypeCode: '04' }] })
    await reviewSubmitted(t.app.trust, made.id)
    const done = await application(made.id)
    expect(done.applyStatus).toBe('APPLY_SUCCESS')
    official = done.successSealItems[0]!.sealId!
    contract = done.successSealItems[1]!.sealId!
  })
  afterAll(() => t.close())

  it('renews at once in auto mode: a new certificate for the full validity, the old serial revoked (superseded), same seal and PIN', async () => {
    const before = await sealRow(contract)
    const [old] = await credentialsOf(t, contract)
    // As if made a year ago: the renewal starts now and runs the full validity again.
    await t.db.update(seals).set({ certEndTime: new Date(Date.now() + 30 * 24 * 3600_000) }).where(eq(seals.id, contract))
    const renewal = await insertApplication(t, { applicant: legal, unit, legal, businessType: 'RENEWAL', seals: [{ sealTypeCode: '04', sealId: contract, sealName: before.sealName }] })
    await reviewSubmitted(t.app.trust, renewal.id)

    const ended = await application(renewal.id)
    expect(ended).toMatchObject({ applyStatus: 'APPLY_SUCCESS', failSealItems: [] })
    expect(ended.successSealItems).toEqual([{ itemId: 'item-1', sealTypeCode: '04', sealName: before.sealName, sealId: contract, failReason: null }])
    const after = await sealRow(contract)
    expect(after).toMatchObject({ sealName: before.sealName, imageSha256: before.imageSha256, sealCode: before.sealCode, status: '1' })
    expect(after.certEndTime.getUTCFullYear() - after.certStartTime.getUTCFullYear()).toBe(3)

    const credentials = await credentialsOf(t, contract)
    expect(credentials.map((c) => c.status)).toEqual(['revoked', 'active'])
    expect(credentials[0]!.id).toBe(old!.id)
    expect(credentials[1]!.notAfter).toEqual(after.certEndTime)
    const crl = await crlText()
    expect(crl).toContain(`Serial Number: ${old!.serialNumber.toUpperCase()}`)
    expect(crl).toContain('Superseded')
    expect(crl).not.toContain(`Serial Number: ${credentials[1]!.serialNumber.toUpperCase()}`)
    expect(await verifySealPin(t.db, { sealId: contract, pin: 'Seal2026' })).toEqual({ ok: true })
  })

  it('changes the unit name: the unit and its seals renamed, the certificate names the new unit, the old one revoked, the old PIN still signs', async () => {
    const newName = '续变测试新科技有限公司'
    const [old] = await credentialsOf(t, official)
    const before = await sealRow(official)
    // A change application sets its own PIN at step 2; with the same legal representative it is not used.
    // A new unit name names every seal in effect (rename-change.api.test.ts).
    const change = await insertApplication(t, {
      applicant: legal,
      unit: { name: newName, socialCreditCode: unit.socialCreditCode },
      legal,
      businessType: 'CHANGE',
      pin: 'Other2026',
      seals: [
        { sealTypeCode: '01', sealId: official, sealName: unit.name },
        { sealTypeCode: '04', sealId: contract },
      ],
    })
    const answer = await review(change.id, { decisions: [{ itemId: 'item-1', approve: true }, { itemId: 'item-2', approve: true }] })
    expect(answer).toMatchObject({
      resultStatus: '00',
      data: {
        applyStatus: 'APPLY_SUCCESS',
        successSealItems: [
          { sealId: official, sealName: newName, failReason: null },
          { sealId: contract, sealName: `${newName}合同专用章`, failReason: null },
        ],
      },
    })

    const [renamed] = await t.db.select().from(units).where(eq(units.socialCreditCode, unit.socialCreditCode))
    expect(renamed).toMatchObject({ name: newName, legalPersonId: legal.personId })
    const after = await sealRow(official)
    expect(after).toMatchObject({ id: official, sealName: newName, status: '1' })
    // The new picture the application brought (the wizard's cut-out of the renamed seal).
    expect(after.imageSha256).toBe(createHash('sha256').update(await sealPng(newName, '01')).digest('hex'))
    expect(after.imageSha256).not.toBe(before.imageSha256)
    // A change keeps the seal's end date.
    expect(after.certEndTime).toEqual(before.certEndTime)

    const credentials = await credentialsOf(t, official)
    expect(credentials.map((c) => c.status)).toEqual(['revoked', 'active'])
    expect(subjectOf(credentials[1]!.certificateDer)).toContain(`O=${newName}, organizationIdentifier=NTRCN-${unit.socialCreditCode}, CN=${newName}`)
    const crl = await crlText()
    expect(crl).toContain(`Serial Number: ${old!.serialNumber.toUpperCase()}`)
    expect(crl).toContain('Affiliation Changed')

    expect(await verifySealPin(t.db, { sealId: official, pin: 'Seal2026' })).toEqual({ ok: true })
    const signer = await signerForAuthorizedUse(t.app.trust, { sealId: official })
    expect(Buffer.from(signer.certificateChain[0]!)).toEqual(Buffer.from(credentials[1]!.certificateDer))
    // The legal representative holds the unit's seals and signs as themselves.
    const token = legal.token
    const fileId = await uploadFile(t, token, { name: '合同.pdf', bytes: await samplePdf(), type: 'application/pdf' })
    const signed = await t.call({ url: '/api/seal/signDocument', body: { sealId: official, pin: 'Seal2026', fileId }, token })
    expect(signed.body.resultStatus).toBe('00')
  })

  it('changes the legal representative: the unit names the new person and the changed seal takes their PIN', async () => {
    newLegal = await applicantFor(t, person(602, '林新法'))
    const [current] = await t.db.select().from(units).where(eq(units.socialCreditCode, unit.socialCreditCode))
    const change = await insertApplication(t, {
      applicant: newLegal,
      unit: { name: current!.name, socialCreditCode: unit.socialCreditCode },
      legal: newLegal,
      businessType: 'CHANGE',
      pin: 'NewLegal2026',
      seals: [{ sealTypeCode: '04', sealId: contract }],
    })
    await reviewSubmitted(t.app.trust, change.id)
    expect((await application(change.id)).applyStatus).toBe('APPLY_SUCCESS')
    const [changed] = await t.db.select().from(units).where(eq(units.socialCreditCode, unit.socialCreditCode))
    expect(changed!.legalPersonId).toBe(newLegal.personId)
    expect(await verifySealPin(t.db, { sealId: contract, pin: 'NewLegal2026' })).toEqual({ ok: true })
    expect((await verifySealPin(t.db, { sealId: contract, pin: 'Seal2026' })).ok).toBe(false)
    // The seal the change did not name keeps its PIN.
    expect(await verifySealPin(t.db, { sealId: official, pin: 'Seal2026' })).toEqual({ ok: true })
    expect(await t.db.select().from(persons).where(eq(persons.id, newLegal.personId))).toHaveLength(1)
  })

  it('refuses to renew a seal of another unit, or no seal at all, per item, and changes nothing', async () => {
    const other = await applicantFor(t, person(603, '赵他人'))
    const otherUnit = { name: '他人贸易有限公司', socialCreditCode: creditCode(603) }
    const made = await insertApplication(t, { applicant: other, unit: otherUnit, legal: other, seals: [{ sealTypeCode: '01' }] })
    await reviewSubmitted(t.app.trust, made.id)
    expect((await application(made.id)).applyStatus).toBe('APPLY_SUCCESS')

    const before = await credentialsOf(t, official)
    const renewal = await insertApplication(t, {
      applicant: other,
      unit: otherUnit,
      legal: other,
      businessType: 'RENEWAL',
      seals: [{ sealTypeCode: '01', sealId: official }, { sealTypeCode: '04' }],
    })
    const answer = await review(renewal.id, { decisions: [{ itemId: 'item-1', approve: true }, { itemId: 'item-2', approve: true }] })
    expect(answer.data).toMatchObject({ applyStatus: 'APPLY_FAIL', failReason: reviewMessages.sealNotOfUnit, successSealItems: [] })
    expect(answer.data.failSealItems).toHaveLength(2)
    expect(await credentialsOf(t, official)).toEqual(before)

    // Nor may someone else move the unit's seal to a credit code not on record.
    const moved = await insertApplication(t, {
      applicant: other,
      unit: { name: '冒名变更有限公司', socialCreditCode: creditCode(604) },
      legal: other,
      businessType: 'CHANGE',
      seals: [{ sealTypeCode: '01', sealId: official }],
    })
    await reviewSubmitted(t.app.trust, moved.id)
    expect(await application(moved.id)).toMatchObject({ applyStatus: 'APPLY_FAIL', failReason: reviewMessages.sealNotOfUnit })
    expect(await credentialsOf(t, official)).toEqual(before)
    expect((await sealRow(official)).sealName).not.toBe('冒名变更有限公司')
  })

  it('changes the credit code when the legal representative applies: the certificate carries the new code', async () => {
    const [current] = await t.db.select().from(units).where(eq(units.socialCreditCode, unit.socialCreditCode))
    const [holder] = await t.db.select().from(persons).where(eq(persons.id, current!.legalPersonId))
    expect(holder!.id).toBe(newLegal.personId)
    const newCode = creditCode(605)
    const change = await insertApplication(t, {
      applicant: newLegal,
      unit: { name: current!.name, socialCreditCode: newCode },
      legal: newLegal,
      businessType: 'CHANGE',
      seals: [{ sealTypeCode: '01', sealId: official }],
    })
    await reviewSubmitted(t.app.trust, change.id)
    expect((await application(change.id)).applyStatus).toBe('APPLY_SUCCESS')
    const [moved] = await t.db.select().from(units).where(eq(units.id, current!.id))
    expect(moved!.socialCreditCode).toBe(newCode)
    const credentials = await credentialsOf(t, official)
    expect(subjectOf(credentials.at(-1)!.certificateDer)).toContain(`organizationIdentifier=NTRCN-${newCode}`)
  })

  it('makes and renews with the validity an operator set for the unit (unitSealValidDays), the standard three years once it is removed', async () => {
    const trial = { name: '试用期科技有限公司', socialCreditCode: creditCode(606) }
    const holder = await applicantFor(t, person(606, '郑试用'))
    const config = (method: 'PUT' | 'DELETE', payload: object) => t.app.inject({ method, url: '/api/admin/config', payload, headers: admin() })
    const scope = `unit:${trial.socialCreditCode}`
    expect((await config('PUT', { scope, key: 'unitSealValidDays', value: 20 })).json().resultStatus).toBe('00')
    const made = await insertApplication(t, { applicant: holder, unit: trial, legal: holder, seals: [{ sealTypeCode: '01' }] })
    await reviewSubmitted(t.app.trust, made.id)
    const sealId = (await application(made.id)).successSealItems[0]!.sealId!
    const first = await sealRow(sealId)
    expect(first.certEndTime.getTime() - first.certStartTime.getTime()).toBe(20 * 86_400_000)
    // 即将到期 in the seal list: the menu offers 印章续期.
    const list = await t.app.inject({ method: 'POST', url: '/api/seal/queryGroupByBusiness', payload: { needPic: false }, headers: { authorization: `Bearer ${holder.token}` } })
    expect(list.json().data[0].list[0]).toMatchObject({ id: sealId, blnWillExpires: true })

    await config('DELETE', { scope, key: 'unitSealValidDays' })
    const renewal = await insertApplication(t, { applicant: holder, unit: trial, legal: holder, businessType: 'RENEWAL', seals: [{ sealTypeCode: '01', sealId, sealName: first.sealName }] })
    await reviewSubmitted(t.app.trust, renewal.id)
    expect((await application(renewal.id)).applyStatus).toBe('APPLY_SUCCESS')
    const renewed = await sealRow(sealId)
    expect(renewed.certEndTime.getUTCFullYear() - renewed.certStartTime.getUTCFullYear()).toBe(3)
    expect((await credentialsOf(t, sealId)).map((c) => c.status)).toEqual(['revoked', 'active'])
  })
  it('takes the validity set for the channel the application came through, the unit’s own winning over it', async () => {
    const viaHost = { name: '渠道期限科技有限公司', socialCreditCode: creditCode(607) }
    const holder = await applicantFor(t, person(607, '钱渠道'))
    await setConfig(t.db, { scope: 'channel:gov-app', key: 'unitSealValidDays', value: 15 })
    try {
      const made = await insertApplication(t, { applicant: holder, unit: viaHost, legal: holder, seals: [{ sealTypeCode: '01' }] })
      await t.db.update(unitApplications).set({ channel: 'gov-app' }).where(eq(unitApplications.id, made.id))
      await reviewSubmitted(t.app.trust, made.id)
      const seal = await sealRow((await application(made.id)).successSealItems[0]!.sealId!)
      expect(seal.certEndTime.getTime() - seal.certStartTime.getTime()).toBe(15 * 86_400_000)

      await setConfig(t.db, { scope: `unit:${viaHost.socialCreditCode}`, key: 'unitSealValidDays', value: 25 })
      const second = await insertApplication(t, { applicant: holder, unit: viaHost, legal: holder, seals: [{ sealTypeCode: '02' }] })
      await t.db.update(unitApplications).set({ channel: 'gov-app' }).where(eq(unitApplications.id, second.id))
      await reviewSubmitted(t.app.trust, second.id)
      const unitOwn = await sealRow((await application(second.id)).successSealItems[0]!.sealId!)
      expect(unitOwn.certEndTime.getTime() - unitOwn.certStartTime.getTime()).toBe(25 * 86_400_000)
    } finally {
      await removeConfig(t.db, { scope: 'channel:gov-app', key: 'unitSealValidDays' })
      await removeConfig(t.db, { scope: `unit:${viaHost.socialCreditCode}`, key: 'unitSealValidDays' })
    }
  })
})
