import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import type { OrganizationSealTypeCode } from '@seal/seal/seal-kinds'
import { findCaller } from '../auth/sessions.ts'
import { makeSeal } from '../seals/make-seal.ts'
import { demo } from '../seed.ts'
import { multipart, startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor, samplePdf, uploadFile } from '../test/seals.ts'
import { openssl } from '../trust/testing.ts'

const DAY = 86_400_000
const holder = { phone: '13700000041', name: '郑注销', identityNo: '110101198805055433' }
const stranger = { phone: '13700000042', name: '钱路人', identityNo: '110101199202023453' }

describe('注销印章: POST /seal/revokeNew', () => {
  let t: TestApp
  let token: string
  let strangerToken: string
  let enterprise: string
  let sealId: string
  let serialNumber: string
  let signedBeforeCancel: Buffer
  const revoke = (body: object, as = token) => t.call({ url: '/api/seal/revokeNew', body, token: as })

  const signWith = async (pin: string) => {
    const fileId = await uploadFile(t, token, {
      name: '合同.pdf',
      bytes: await samplePdf(),
      type: 'application/pdf',
    })
    return t.call({ url: '/api/seal/signDocument', body: { sealId, pin, fileId }, token })
  }

  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginPersonal(holder.phone, holder)
    strangerToken = await t.loginPersonal(stranger.phone, stranger)
    enterprise = await t.loginEnterprise(demo.unit.socialCreditCode, demo.legalPerson.phone)
    const made = await personalSealFor(t, token, { pin: 'seal2026' })
    sealId = made.seal.id
    serialNumber = made.credential.serialNumber
    const signed = await signWith('seal2026')
    expect(signed.body.resultStatus).toBe('00')
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/file/download/${signed.body.data.fileId}`,
      headers: { authorization: `Bearer ${token}` },
    })
    signedBeforeCancel = download.rawPayload
  })
  afterAll(() => t.close())

  it('cancels nothing for someone else, nor without the seal password, nor with a wrong one', async () => {
    expect((await revoke({ sealId, pin: 'seal2026' }, strangerToken)).body.responseInfo).toBe('数据不存在')
    expect((await revoke({ sealId, pin: ' ' })).body).toMatchObject({
      resultStatus: '400',
      responseInfo: '请填写密码',
    })
    expect((await revoke({ sealId, pin: 'seal2099' })).body.responseInfo).toBe('印章密码错误，还可尝试4次')
    const detail = await t.call({ url: '/api/seal/detail', body: { sealId }, token })
    expect(detail.body.data.status).toBe('1')
  })

  it('cancels the seal with its password: the detail says who and why, the CRL lists it, it signs no more', async () => {
    // CRL times are whole seconds: a revocation in the second of the signing could not be shown to follow it.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const answer = await revoke({ sealId, sealTypeCode: '1000', related: false, pin: 'seal2026' })
    expect(answer.body).toMatchObject({
      resultStatus: '00',
      responseInfo: '注销成功',
      data: { revokedSealIds: [sealId] },
    })

    const detail = await t.call({ url: '/api/seal/detail', body: { sealId }, token })
    expect(detail.body.data).toMatchObject({
      status: '2',
      failureReason: '印章持有人申请注销',
      revokePerson: '郑**',
    })

    const crl = await t.app.inject({ method: 'GET', url: '/api/trust/crl' })
    expect(
      openssl(['crl', '-inform', 'DER', '-in', 'crl.der', '-text', '-noout'], { 'crl.der': crl.rawPayload }),
    ).toContain(`Serial Number: ${serialNumber.toUpperCase()}`)
    expect((await signWith('seal2026')).body.resultStatus).not.toBe('00')
    expect((await revoke({ sealId, pin: 'seal2026' })).body.responseInfo).toBe('印章已注销')

    // What it signed before stays intact, and the verifier says the seal has since been revoked.
    const { payload, headers } = multipart({
      name: '合同（已签章）.pdf',
      bytes: signedBeforeCancel,
      type: 'application/pdf',
    })
    const verified = await t.app.inject({ method: 'POST', url: '/api/verify', payload, headers })
    // The verdict is no longer a plain 有效: signed while in force, the seal since cancelled, on this date.
    const report = verified.json().data.signatures[0]
    expect(report).toMatchObject({ documentUnchanged: true, revoked: true, verdict: 'revoked' })
    expect(report.revokedAt).toBeGreaterThan(Date.now() - 60_000)
    expect(report.revokedAt).toBeLessThanOrEqual(Date.now())
  })

  it('lets the person apply for a personal name seal again once theirs is cancelled', async () => {
    // The answer is whether a personal seal is in application or in effect (which refuses a new one).
    const blocking = await t.call({
      url: '/api/personSeal/queryCanOrNotApply',
      body: { dzmzcyzZjhm: holder.identityNo, dzmzcyzXm: holder.name },
      token,
    })
    expect(blocking.body).toMatchObject({ resultStatus: '00', data: false })
  })

  it('takes the unit’s other seals with its official seal when asked to, and only then', async () => {
    const unit = (await findCaller(t.db, enterprise))!.unit!
    const owner = {
      kind: 'unit' as const,
      unitId: unit.id,
      unitName: demo.unit.name,
      socialCreditCode: demo.unit.socialCreditCode,
    }
    const unitSeal = async (sealTypeCode: OrganizationSealTypeCode, sealName: string) =>
      (
        await makeSeal(t.app.trust, {
          owner,
          sealName,
          sealTypeCode,
          image: (
            await renderOrganizationSeal({
              unitName: demo.unit.name,
              sealTypeCode,
              sealCode: '1101080012345',
            })
          ).png,
          certStartTime: new Date(),
          certEndTime: new Date(Date.now() + 365 * DAY),
          pin: 'abc12345',
        })
      ).seal.id
    const contract = await unitSeal('04', '合同专用章')
    const official = await unitSeal('01', '公章')
    expect(
      (await revoke({ sealId: official, pin: 'abc12345', related: '1' }, enterprise)).body.data
        .revokedSealIds,
    ).toEqual([official, contract])
    const contractDetail = await t.call({
      url: '/api/seal/detail',
      body: { sealId: contract },
      token: enterprise,
    })
    expect(contractDetail.body.data).toMatchObject({
      status: '2',
      failureReason: '单位公章注销，本章随之注销',
    })

    const finance = await unitSeal('02', '财务专用章')
    const secondOfficial = await unitSeal('01', '公章')
    expect(
      (await revoke({ sealId: secondOfficial, pin: 'abc12345', related: false }, enterprise)).body.data
        .revokedSealIds,
    ).toEqual([secondOfficial])
    expect(
      (await t.call({ url: '/api/seal/detail', body: { sealId: finance }, token: enterprise })).body.data
        .status,
    ).toBe('1')
  })
})
