import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sealUseMessages } from '@seal/shared/api/sign-document'
import { sealAuthMessages } from '@seal/shared/api/seal-auth'
import { inkInside, redCentre, saveArtefact } from '@seal/pdf/test/page-pixels'
import { boxedPage } from '@seal/pdf/test/test-documents'
import { accept, callAs, grant, idNumber, personFor, sampleOf, sceneFor, signAs, verifySignature, writerOf, SEAL_PIN, type Scene } from '../seal-auth/test-support.ts'
import { multipart, startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor, samplePdf, uploadFile } from '../test/seals.ts'
import type { TestPerson } from '../unit-apply/test-support.ts'

const PIN = 'seal2026'
const A4_HEIGHT = 841.89

/**
 * The 用章 screen's calls (issue #12 item 5): what a use asks of the caller and how big the seal is
 * (POST /seal/useInfo), the seal placed where the person tapped with their handwriting beside a name
 * seal, and 验章 of a document whose seal was cancelled afterwards.
 */
describe('用章 screen calls: /seal/useInfo, placement, handwriting beside the seal, and a cancelled seal in 验章', () => {
  let t: TestApp
  let call: ReturnType<typeof callAs>
  let holder: TestPerson
  let sealId: string
  let scene: Scene

  const download = async (token: string, fileId: string) =>
    new Uint8Array((await t.app.inject({ method: 'GET', url: `/api/file/download/${fileId}`, headers: { authorization: `Bearer ${token}` } })).rawPayload)
  const verify = async (pdf: Uint8Array) => {
    const { payload, headers } = multipart({ name: 'sealed.pdf', bytes: pdf, type: 'application/pdf' })
    return (await t.app.inject({ method: 'POST', url: '/api/verify', payload, headers })).json()
  }
  const upload = async (token: string) => uploadFile(t, token, { name: '租赁合同.pdf', bytes: await samplePdf(), type: 'application/pdf' })

  beforeAll(async () => {
    t = await startTestApp()
    call = callAs(t)
    holder = await personFor(t, { name: '周用章', identityNo: idNumber(951) })
    sealId = (await personalSealFor(t, holder.token, { pin: PIN })).seal.id
    scene = await sceneFor(t, 51)
  })
  afterAll(() => t.close())

  it('tells the holder of a name seal their role, the password method and the seal’s size on paper; the handwriting option once a signature is chosen', async () => {
    const info = await call(holder.token, '/seal/useInfo', { sealId })
    expect(info.body.data).toMatchObject({ role: 1, useType: 2, handwriting: false })
    // The size it is drawn at, from the picture rendered at a known scale: a name seal of about 18 mm.
    const mm = (points: number) => (points * 25.4) / 72
    expect(mm(info.body.data.sealHeight)).toBeGreaterThan(10)
    expect(mm(info.body.data.sealHeight)).toBeLessThan(30)
    expect(mm(info.body.data.sealWidth)).toBeGreaterThan(10)

    const chosen = await sampleOf(t, holder, writerOf(holder))
    expect((await call(holder.token, '/sign/handwriting/choose', { signatureId: chosen })).body.resultStatus).toBe('00')
    expect((await call(holder.token, '/seal/useInfo', { sealId })).body.data.handwriting).toBe(true)

    const stranger = await personFor(t, { name: '吴旁人', identityNo: idNumber(952) })
    expect((await call(stranger.token, '/seal/useInfo', { sealId })).body.responseInfo).toBe('数据不存在')
    expect((await call(undefined, '/seal/useInfo', { sealId })).status).toBe(401)
    expect((await call(holder.token, '/seal/useInfo', {})).body.responseInfo).toBe('缺少参数：sealId')
  })

  it('puts the seal where it was placed and the chosen handwriting beside it, as two valid signatures', async () => {
    const info = (await call(holder.token, '/seal/useInfo', { sealId })).body.data
    const seal = { x: 300, y: 200, width: info.sealWidth, height: info.sealHeight }
    const beside = { x: seal.x + seal.width + 6, y: seal.y, width: 90, height: seal.height }
    const signed = await call(holder.token, '/seal/signDocument', { sealId, pin: PIN, fileId: await upload(holder.token), page: 1, x: seal.x, y: seal.y, handwriting: beside })
    expect(signed.body.responseInfo).toBe('签章成功')
    const pdf = await download(holder.token, signed.body.data.fileId)

    const report = await verify(pdf)
    expect(report.data.signatures).toHaveLength(2)
    expect(report.data.signatures.map((s: { verdict: string }) => s.verdict)).toEqual(['valid', 'valid'])
    expect(report.data.signatures[1].signer.commonName).toContain('手写签名见证')

    const inSeal = await inkInside({ pdf, page: 1, rect: seal, pageHeight: A4_HEIGHT })
    const inHandwriting = await inkInside({ pdf, page: 1, rect: beside, pageHeight: A4_HEIGHT })
    const elsewhere = await inkInside({ pdf, page: 1, rect: { x: 60, y: 200, width: seal.width, height: seal.height }, pageHeight: A4_HEIGHT })
    await saveArtefact('seal-use-with-handwriting.png', inSeal.png)
    expect(inSeal.red).toBeGreaterThan(0.05)
    expect(inHandwriting.dark + inHandwriting.blue).toBeGreaterThan(0.005)
    expect(elsewhere.red).toBe(0)

    // Used once, recorded once.
    const records = (await call(holder.token, '/signSealLog/queryByTypeAndSocialCreditCode', { sealId })).body.data
    expect(records).toMatchObject([{ fileName: '租赁合同.pdf', name: '周用章' }])
  })

  it('refuses a seal or a signature off the page, and handwriting beside a unit seal', async () => {
    const fileId = await upload(holder.token)
    expect((await call(holder.token, '/seal/signDocument', { sealId, pin: PIN, fileId, x: 580, y: 100 })).body.responseInfo).toBe(sealUseMessages.outsidePage)
    expect((await call(holder.token, '/seal/signDocument', { sealId, pin: PIN, fileId, x: 100, y: 820 })).body.responseInfo).toBe(sealUseMessages.outsidePage)
    const offPage = { x: 560, y: 100, width: 90, height: 40 }
    expect((await call(holder.token, '/seal/signDocument', { sealId, pin: PIN, fileId, x: 100, y: 100, handwriting: offPage })).body.responseInfo).toBe(sealUseMessages.outsidePage)

    const unitFile = await upload(scene.enterprise)
    const unitAnswer = await call(scene.enterprise, '/seal/signDocument', { sealId: scene.sealId, pin: SEAL_PIN, fileId: unitFile, x: 100, y: 100, handwriting: { x: 300, y: 100, width: 90, height: 40 } })
    expect(unitAnswer.body.responseInfo).toBe(sealUseMessages.handwritingPersonalOnly)
  })

  it('measures positions on a cropped page from the corner of the page as shown, and refuses a seal off what is shown', async () => {
    // A shifted MediaBox with a 400 × 550 CropBox inside it: what pdf.js shows on the 用章 screen.
    const pdf = await boxedPage({ mediaBox: [50, 50, 645.28, 891.89], cropBox: [100, 150, 500, 700], phraseAt: { x: 72, y: 90 } })
    const fileId = await uploadFile(t, holder.token, { name: '裁切合同.pdf', bytes: pdf, type: 'application/pdf' })
    const info = (await call(holder.token, '/seal/useInfo', { sealId })).body.data
    // Off the shown page on the right, though well inside the MediaBox.
    const offShown = await call(holder.token, '/seal/signDocument', { sealId, pin: PIN, fileId, x: 400 - info.sealWidth + 5, y: 100 })
    expect(offShown.body.responseInfo).toBe(sealUseMessages.outsidePage)

    const signed = await call(holder.token, '/seal/signDocument', { sealId, pin: PIN, fileId, page: 1, x: 200, y: 250 })
    expect(signed.body.responseInfo).toBe('签章成功')
    const { centre, size, png } = await redCentre({ pdf: await download(holder.token, signed.body.data.fileId), page: 1 })
    await saveArtefact('seal-use-cropped-page.png', png)
    expect(Math.abs(size.width - 400)).toBeLessThan(1)
    // The name seal's red is about centred in its picture: within a few points of the box's centre.
    expect(Math.abs(centre!.x - (200 + info.sealWidth / 2))).toBeLessThan(3)
    expect(Math.abs(centre!.y - (250 + info.sealHeight / 2))).toBeLessThan(3)
  })

  it('tells an authorised user the method of their authorisation, not the holder’s', async () => {
    const employee = await personFor(t, { name: '郑签名', identityNo: idNumber(953) })
    const authId = await grant(t, scene, employee, { useType: 1 })
    await accept(t, employee, authId, scene.sealId, { useType: 1 })
    expect((await call(scene.enterprise, '/seal/useInfo', { sealId: scene.sealId })).body.data).toMatchObject({ role: 1, useType: 2, handwriting: false })
    expect((await call(employee.token, '/seal/useInfo', { sealId: scene.sealId })).body.data).toMatchObject({ role: 3, useType: 1, handwriting: false })
    const forged = await verifySignature(t, employee, writerOf(employee) + 1)
    expect((await signAs(t, employee, scene.sealId, { signatureId: forged.signatureId })).body.responseInfo).toBe(sealAuthMessages.signatureMismatch)
  })

  it('shows a seal cancelled after it sealed as revoked, with the date of the cancellation, in 验章', async () => {
    const person = await personFor(t, { name: '冯注销', identityNo: idNumber(954) })
    const own = (await personalSealFor(t, person.token, { pin: PIN })).seal.id
    const signed = await call(person.token, '/seal/signDocument', { sealId: own, pin: PIN, fileId: await upload(person.token) })
    expect(signed.body.resultStatus).toBe('00')
    const pdf = await download(person.token, signed.body.data.fileId)
    expect((await verify(pdf)).data.signatures[0]).toMatchObject({ verdict: 'valid', revoked: false, revokedAt: null })

    // CRL times are whole seconds: the cancellation must fall in a later second than the signature.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const cancelled = await call(person.token, '/seal/revokeNew', { sealId: own, pin: PIN })
    expect(cancelled.body.responseInfo).toBe('注销成功')

    const [signature] = (await verify(pdf)).data.signatures
    expect(signature).toMatchObject({ verdict: 'revoked', revoked: true, valid: true })
    expect(signature.revokedAt).toBeGreaterThan(signature.signedAt)
    expect(signature.revokedAt).toBeLessThanOrEqual(Date.now())
    // And the cancelled seal seals nothing more.
    expect((await call(person.token, '/seal/signDocument', { sealId: own, pin: PIN, fileId: await upload(person.token) })).body.resultStatus).not.toBe('00')
  })
})
