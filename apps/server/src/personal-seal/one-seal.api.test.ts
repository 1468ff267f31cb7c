import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { sealStatusHeld } from '@seal/shared/codes/seal-status'
import { messages } from '@seal/shared/messages'
import { findCaller } from '../auth/sessions.ts'
import { seals } from '../seals/tables.ts'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor } from '../test/seals.ts'
import { makeSeal } from '../seals/make-seal.ts'
import { personalSealApplications } from './tables.ts'

const applicant = { phone: '13300000081', name: '周敏', identityNo: '320102199003071220' }
const DAY = 86_400_000

/**
 * "One personal name seal in application or in effect per person" and "a seal type already applied for
 * cannot be applied for again" (spec 002 §5, 001 step 1) are held by the database, so no burst beats them.
 */
describe('only one held seal where the spec says only one', () => {
  let t: TestApp
  let token: string

  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginPersonal(applicant.phone, { name: applicant.name, identityNo: applicant.identityNo })
  })
  afterAll(() => t.close())

  it('makes exactly one seal from 100 concurrent final submissions differing only in the PIN; the rest are told one exists', async () => {
    const caller = (await findCaller(t.db, token))!
    // The earlier steps are the flow's own business (personal-seal.api.test.ts); here the draft stands ready.
    const [draft] = await t.db
      .insert(personalSealApplications)
      .values({
        personId: caller.person.id,
        accountId: caller.accountId,
        tel: applicant.phone,
        identityChecked: true,
        frontSerial: 'front-1',
        backSerial: 'back-1',
        faceSerialNo: 'face-1',
        agreementFiles: [{ key: 'apply', fileId: 'agreement-1' }],
        signatureId: 'signature-1',
        style: '1',
        step: 6,
      })
      .returning()
    const payload = {
      personIdentity: applicant.identityNo,
      personName: applicant.name,
      personFront: 'front-1',
      personBack: 'back-1',
      makeDate: '20261122',
      tel: applicant.phone,
      style: '1',
      serialNo: 'face-1',
    }
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => t.call({ url: '/api/seal-apply/apply/save/person', body: { ...payload, pin: `pin${String(i).padStart(3, '0')}x` }, token })),
    )
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const made = answers.filter((a) => a.body.resultStatus === '00')
    expect(made).toHaveLength(1)
    expect(new Set(answers.filter((a) => a.body.resultStatus !== '00').map((a) => a.body.responseInfo))).toEqual(new Set([messages.personalSealExists]))

    const held = await t.db.select().from(seals).where(and(eq(seals.personId, caller.person.id), inArray(seals.status, [...sealStatusHeld])))
    expect(held.map((s) => s.id)).toEqual([made[0]!.body.data.sealId])
    const [closed] = await t.db.select().from(personalSealApplications).where(eq(personalSealApplications.id, draft!.id))
    expect(closed).toMatchObject({ status: 'done', sealId: made[0]!.body.data.sealId })
  })

  it('refuses a second personal seal in the database itself, with the spec’s message', async () => {
    const holder = await t.loginPersonal(demo.person.phone)
    await personalSealFor(t, holder, { pin: 'seal2026' })
    await expect(personalSealFor(t, holder, { pin: 'seal2027' })).rejects.toThrow(messages.personalSealExists)
  })

  it('refuses a unit a second seal of a type it already holds, but not a second other-type seal', async () => {
    const enterprise = await t.loginEnterprise(demo.unit.socialCreditCode, demo.legalPerson.phone)
    const unit = (await findCaller(t.db, enterprise))!.unit!
    const owner = { kind: 'unit' as const, unitId: unit.id, unitName: unit.name, socialCreditCode: unit.socialCreditCode }
    const image = (await renderOrganizationSeal({ unitName: unit.name, sealTypeCode: '01', sealCode: '1101080012345' })).png
    const unitSeal = (sealTypeCode: '01' | '99', sealName: string) =>
      makeSeal(t.app.trust, {
        owner,
        sealName,
        sealTypeCode,
        image,
        certStartTime: new Date(),
        certEndTime: new Date(Date.now() + 365 * DAY),
        pin: 'abc12345',
      })
    const official = await Promise.allSettled(Array.from({ length: 20 }, () => unitSeal('01', '公章')))
    expect(official.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(new Set(official.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : [])))).toEqual(new Set([messages.sealTypeAlreadyHeld]))
    await unitSeal('99', '报关专用章')
    await unitSeal('99', '质检专用章')
  })
})
