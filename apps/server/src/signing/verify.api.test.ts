import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizationLetter } from '@seal/pdf/documents/authorization-letter'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { findCaller } from '../auth/sessions.ts'
import type { Caller } from '../plugins/caller.ts'
import { querySealUseRecords } from '../records/use-records.ts'
import { demo } from '../seed.ts'
import { multipart, startTestApp, type TestApp } from '../test/harness.ts'
import { makeSeal, revokeSeal } from '../seals/make-seal.ts'
import { sealDocument } from './seal-document.ts'

describe('sealing a document and 验章', () => {
  let t: TestApp
  let legal: Caller
  let sealId: string
  let letter: Uint8Array
  const verify = async (bytes: Uint8Array, name = 'letter.pdf') => {
    const { payload, headers } = multipart({ name, bytes, type: 'application/pdf' })
    const response = await t.app.inject({ method: 'POST', url: '/api/verify', payload, headers })
    return response.json()
  }

  beforeAll(async () => {
    t = await startTestApp()
    const token = await t.loginEnterprise(demo.unit.socialCreditCode, demo.legalPerson.phone)
    legal = (await findCaller(t.db, token))!
    const { png } = await renderOrganizationSeal({ unitName: demo.unit.name, sealTypeCode: '04', sealCode: '1101080012345' })
    const made = await makeSeal(t.app.trust, {
      owner: { kind: 'unit', unitId: legal.unit!.id, unitName: demo.unit.name, socialCreditCode: demo.unit.socialCreditCode },
      sealName: '合同专用章',
      sealTypeCode: '04',
      sealCode: '1101080012345',
      image: png,
      certStartTime: new Date(),
      certEndTime: new Date(Date.now() + 365 * 86_400_000),
      pin: 'abc12345',
    })
    sealId = made.seal.id
    const generated = await authorizationLetter({
      authorizer: { kind: 'unit', unitName: demo.unit.name, socialCreditCode: demo.unit.socialCreditCode, legalRepresentative: demo.legalPerson.name },
      seal: { sealName: '合同专用章', sealTypeCode: '04', sealCode: '1101080012345' },
      authorized: { name: '王五', personIdentity: '320102199511203453', phone: '13812345678' },
      useType: 2,
      authUseType: 1,
      startTime: Date.UTC(2026, 0, 1),
      endTime: Date.UTC(2026, 11, 31),
    } as Parameters<typeof authorizationLetter>[0])
    letter = generated.pdf
  })
  afterAll(() => t.close())

  it('seals with the right PIN, records the use, and 验章 names the unit and seal and finds the document intact', async () => {
    const { pdf, sha256 } = await sealDocument(t.app.trust, {
      caller: legal,
      sealId,
      pin: 'abc12345',
      pdf: letter,
      placement: { page: 1, x: 70, y: 150, width: 113, height: 113 },
      fileName: '印章使用授权书.pdf',
      remark: '授权书签章',
    })
    const answer = await verify(pdf)
    expect(answer.resultStatus).toBe('00')
    expect(answer.data.sha256).toBe(sha256)
    expect(answer.data.signatures).toHaveLength(1)
    expect(answer.data.signatures[0]).toMatchObject({
      signer: { kind: 'unit', unitName: demo.unit.name, socialCreditCode: demo.unit.socialCreditCode, sealName: '合同专用章', sealTypeCode: '04', sealCode: '1101080012345' },
      documentUnchanged: true,
      coversWholeDocument: true,
      chainTrusted: true,
      revoked: false,
      valid: true,
      problems: [],
    })
    const records = await querySealUseRecords(t.db, { sealIds: [sealId] })
    expect(records[0]).toMatchObject({ fileName: '印章使用授权书.pdf', remark: '授权书签章', name: demo.legalPerson.name })
  })

  it('reports a document changed after sealing as changed', async () => {
    const { pdf } = await sealDocument(t.app.trust, { caller: legal, sealId, pin: 'abc12345', pdf: letter, placement: { page: 1, x: 70, y: 150, width: 113, height: 113 }, fileName: 'a.pdf' })
    const tampered = new Uint8Array(pdf)
    const at = tampered.indexOf(0x28 /* ( */, 2000)
    tampered[at + 1] = tampered[at + 1] === 0x41 ? 0x42 : 0x41
    const answer = await verify(tampered)
    expect(answer.data.signatures[0]).toMatchObject({ documentUnchanged: false, valid: false })
    expect(answer.data.signatures[0].problems.length).toBeGreaterThan(0)
  })

  it('refuses a wrong PIN with the attempts left, and answers an unsigned PDF and a non-PDF clearly', async () => {
    await expect(
      sealDocument(t.app.trust, { caller: legal, sealId, pin: 'wrong1234', pdf: letter, placement: { page: 1, x: 70, y: 150, width: 113, height: 113 }, fileName: 'b.pdf' }),
    ).rejects.toThrow(/印章密码错误，还可尝试4次/)
    expect((await verify(letter)).data.signatures).toEqual([])
    const notPdf = await verify(new TextEncoder().encode('hello'), 'a.txt')
    expect(notPdf).toMatchObject({ resultStatus: '10000', responseInfo: '请上传PDF格式的文件' })
  })

  it('reports a seal cancelled after signing as revoked', async () => {
    const { pdf } = await sealDocument(t.app.trust, { caller: legal, sealId, pin: 'abc12345', pdf: letter, placement: { page: 1, x: 70, y: 150, width: 113, height: 113 }, fileName: 'c.pdf' })
    // CRL times are whole seconds: a cancellation in the second of the signing could not be shown to follow
    // it (the signature would then read invalid, which made this test depend on the clock).
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await revokeSeal(t.app.trust, { sealId, reason: '测试注销' })
    const answer = await verify(pdf)
    // Signed (and timestamped) while in force: the signature holds, the verdict says the seal is cancelled.
    expect(answer.data.signatures[0]).toMatchObject({ revoked: true, valid: true, verdict: 'revoked' })
    expect(answer.data.signatures[0].revokedAt).toBeGreaterThan(answer.data.signatures[0].timestampedAt)
  })
})
