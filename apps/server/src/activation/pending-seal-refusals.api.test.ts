import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chineseContract } from '@seal/pdf/test/test-documents'
import { bindSealForTest } from '../bindings/test-support.ts'
import { sealBindings } from '../bindings/tables.ts'
import { platformClient } from '../open-api/test-support.ts'
import { registerTestPlatform } from '../platforms/test-support.ts'
import { sealUseRecords } from '../records/tables.ts'
import { sealAuths } from '../seals/tables.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { samplePdf, uploadFile } from '../test/seals.ts'
import { idNumber, personFor, type TestPerson } from '../unit-apply/test-support.ts'
import { callAs, cardholder, pendingSealOf, unitOf, type Cardholder } from './test-support.ts'

const PIN = 'wait2026pin'
const NOT_ACTIVATED = '印章尚未激活'

/**
 * A seal waiting for activation cannot seal, be authorised or be bound, by any door (issue #21 §3). The seal
 * here even carries a PIN (as one made with a password would), so nothing but its status stands in the way.
 */
describe('a seal pending activation is refused everywhere it could be used', () => {
  let t: TestApp
  let call: ReturnType<typeof callAs>
  let legal: Cardholder
  let grantee: TestPerson
  let seal: Awaited<ReturnType<typeof pendingSealOf>>
  let unit: Awaited<ReturnType<typeof unitOf>>

  beforeAll(async () => {
    t = await startTestApp()
    call = callAs(t)
    legal = await cardholder(t, 3)
    unit = await unitOf(t, 911, legal)
    seal = await pendingSealOf(t, unit, { sealTypeCode: '04', pin: PIN })
    grantee = await personFor(t, { name: '孙用章', identityNo: idNumber(912) })
  })
  afterAll(() => t.close())

  it('cannot seal a document, even with a PIN on record', async () => {
    const fileId = await uploadFile(t, legal.token, { name: '合同.pdf', bytes: await samplePdf(), type: 'application/pdf' })
    const sealed = await call(legal.token, '/seal/signDocument', { sealId: seal.id, fileId, pin: PIN })
    expect(sealed.body.responseInfo).toBe(NOT_ACTIVATED)
    expect(await t.db.$count(sealUseRecords, eq(sealUseRecords.sealId, seal.id))).toBe(0)
  })

  it('has no PIN to check or change until activation sets it', async () => {
    const verified = await call(legal.token, '/seal/pinVerifyNew', { sealId: seal.id, pin: PIN })
    expect(verified.body.data).toEqual({ success: false, mess: NOT_ACTIVATED })
    const step1 = await call(legal.token, '/sealAuth/sealVerify', { sealId: seal.id, password: PIN })
    expect(step1.body.data).toEqual({ pass: false, key: null, message: NOT_ACTIVATED })
    const edited = await call(legal.token, '/sealAuth/editPassword', { sealId: seal.id, password: 'next2026pin', oldPassword: PIN })
    expect(edited.body.responseInfo).toBe(NOT_ACTIVATED)
    const direct = await call(legal.token, '/seal/editPinNew', { sealId: seal.id, newPin: 'next2026pin', ranId: 'a-face-check' })
    expect(direct.body.responseInfo).toBe(NOT_ACTIVATED)
  })

  it('cannot be authorised: not offered, and refused by name', async () => {
    const offered = await call(legal.token, '/sealAuth/getAvailableSeal', { socialCreditCode: unit.socialCreditCode })
    expect(offered.body.data).toEqual([])
    const data = {
      sealId: seal.id,
      name: grantee.name,
      personIdentity: grantee.identityNo,
      phone: grantee.phone,
      startTime: Date.now(),
      endTime: Date.now() + 30 * 86_400_000,
      useType: 2,
      authUseType: 1,
      socialCreditCode: unit.socialCreditCode,
    }
    expect((await call(legal.token, '/sealAuth/createAuth', data)).body.responseInfo).toBe('印章当前不可用')
    expect((await call(legal.token, '/sealAuth/stashAuthInfoNewV3', { signData: data })).body.responseInfo).toBe('印章当前不可用')
    expect(await t.db.$count(sealAuths, eq(sealAuths.sealId, seal.id))).toBe(0)
  })

  it('cannot be bound to a platform: not offered, and refused by name', async () => {
    const base = '/paas-composite-seal/sealBind'
    const platforms = (await call(legal.token, `${base}/platform/config`, {})).body.data as { id: string }[]
    const platformId = platforms[0]!.id
    const offered = (await call(legal.token, '/sealBind/queryCanBind', { id: platformId })).body.data as { list: { id: string; selection: number }[] }[]
    expect(offered.flatMap((group) => group.list).filter((item) => item.id === seal.id && item.selection === 2)).toEqual([])
    const accessToken = (await call(legal.token, `${base}/platform/token`, { id: platformId })).body.data.accessToken
    const bound = await call(legal.token, `${base}/sealVerifyAndReturnSealInfo`, { id: platformId, sealId: seal.id, password: PIN, identityType: '111', accessToken })
    expect(bound.body.responseInfo).toBe('印章当前不可用，无法绑定')
    expect(await t.db.$count(sealBindings, eq(sealBindings.sealId, seal.id))).toBe(0)
  })

  it('cannot seal through the open API even with a binding on record', async () => {
    const platform = await registerTestPlatform(t)
    await bindSealForTest(t.db, { sealId: seal.id, platformId: platform.id, personId: legal.id })
    const client = platformClient(t, platform)
    // A binding counts as in effect only while its seal is (bindings/state.ts): the platform is not offered it.
    expect((await client.boundSeals()).body.seals).toEqual([])
    const pdf = Buffer.from(await chineseContract({ pages: 1 })).toString('base64')
    const sealed = await client.seal({ sealId: seal.id, fileName: '合同.pdf', pdf, positions: [{ page: 1, x: 380, y: 60 }] })
    expect(sealed.status).toBe(403)
    expect(sealed.body.code).toMatch(/^(SEAL_UNUSABLE|BINDING_NOT_IN_EFFECT|SEAL_NOT_BOUND)$/)
    expect(await t.db.$count(sealUseRecords, eq(sealUseRecords.sealId, seal.id))).toBe(0)
  })
})
