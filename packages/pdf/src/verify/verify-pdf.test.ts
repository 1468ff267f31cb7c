import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfsig } from '../../test/independent-verifiers.ts'
import { createTestPki, testSealOids, unitSealSubject, type TestIdentity, type TestPki } from '../../test/pki.ts'
import { chineseContract, contractSealPng } from '../../test/test-documents.ts'
import { cryptoKeySigner } from '../sign/crypto-key-signer.ts'
import { appendIncrementalUpdate } from '../sign/incremental-update.ts'
import { findPage } from '../sign/page-tree.ts'
import { PdfFile } from '../sign/pdf-file.ts'
import { pdfDict, pdfRef, serializeValue } from '../sign/pdf-syntax.ts'
import { createSandboxTsa } from '../sign/sandbox-tsa.ts'
import { signPdf, type SignPdfInput } from '../sign/sign-pdf.ts'
import { PdfVerifyError, verifyPdf } from './verify-pdf.ts'

let pki: TestPki
let contract: Uint8Array
let seal: Uint8Array
const rect = { x: 380, y: 40, width: 120, height: 120 }

beforeAll(async () => {
  pki = await createTestPki()
  ;[contract, seal] = await Promise.all([chineseContract({ pages: 1 }), contractSealPng()])
}, 120_000)

afterAll(() => pki?.cleanup())

function sign(identity: TestIdentity, options: Partial<SignPdfInput> = {}): Promise<Uint8Array> {
  return signPdf({
    pdf: contract,
    signer: cryptoKeySigner({ certificateChain: identity.chain, privateKey: identity.privateKey }),
    appearance: { page: 1, rect, image: seal },
    ...options,
  })
}

const trust = () => ({ trustedRoots: [pki.root.der], crls: [pki.crl] })

describe('verifyPdf', () => {
  it('reports the seal holder, the signing time and an intact, trusted signature', async () => {
    const signingTime = new Date(Math.floor(Date.now() / 1000) * 1000 + 60_000) // /M has whole seconds
    const signed = await sign(pki.unitSeal, { signingTime, reason: '合同签署', signerName: '北京明远科技有限公司', location: '北京' })
    const [report, ...others] = await verifyPdf(signed, trust())
    expect(others).toHaveLength(0)
    expect(report).toMatchObject({
      index: 1,
      fieldName: 'Signature1',
      signer: {
        commonName: unitSealSubject.commonName,
        organization: unitSealSubject.organization,
        organizationIdentifier: unitSealSubject.organizationIdentifier,
      },
      reason: '合同签署',
      signerName: '北京明远科技有限公司',
      location: '北京',
      signingTime,
      timestamp: null,
      documentUnchanged: true,
      signatureValid: true,
      coversWholeDocument: true,
      modifiedAfter: false,
      chainTrusted: true,
      revoked: false,
      expired: false,
      notYetValid: false,
      intact: true,
      problems: [],
    })
    expect(report?.signer?.attributes[testSealOids.sealTypeCode]).toBe(unitSealSubject.sealTypeCode)
    expect(report?.signer?.attributes[testSealOids.sealCode]).toBe(unitSealSubject.sealCode)
    expect(report?.chain.map((c) => c.subject.commonName)).toEqual([unitSealSubject.commonName, '电子印章测试签发CA', '电子印章测试根CA'])
    expect(report!.chain[0]!.notAfter.getTime()).toBeGreaterThan(Date.now())
  })

  it('says the document was changed after signing when one signed byte differs, as pdfsig does', async () => {
    const tampered = new Uint8Array(await sign(pki.unitSeal))
    tampered[10] = tampered[10]! ^ 0x01
    const [report] = await verifyPdf(tampered, trust())
    expect(report).toMatchObject({ documentUnchanged: false, intact: false })
    expect(report?.problems).toContain('文档在签署后被修改')
    expect(pdfsig(tampered, pki.nssDir)[0]?.valid).toBe(false)
  })

  it('reports a certificate listed in the CRL as revoked, with the revocation date', async () => {
    const signed = await sign(pki.revoked)
    const [report] = await verifyPdf(signed, trust())
    expect(report).toMatchObject({ revoked: true, revokedAt: pki.revokedAt, intact: false, documentUnchanged: true })
    expect(report?.problems).toEqual(['证书已吊销'])
    const [withoutCrl] = await verifyPdf(signed, { trustedRoots: [pki.root.der] })
    expect(withoutCrl).toMatchObject({ revoked: false, intact: true })
  })

  it('reports a certificate that had expired when it signed', async () => {
    const [report] = await verifyPdf(await sign(pki.expired), trust())
    expect(report).toMatchObject({ expired: true, notYetValid: false, intact: false, documentUnchanged: true })
    expect(report?.problems).toEqual(['证书已过期'])
    expect(pdfsig(await sign(pki.expired), pki.nssDir)[0]?.text).toContain('Certificate has Expired')
  })

  it('reports a certificate whose chain leads to no trusted root', async () => {
    const [report] = await verifyPdf(await sign(pki.stranger), trust())
    expect(report).toMatchObject({ chainTrusted: false, signatureValid: true, documentUnchanged: true, intact: false })
    expect(report?.problems).toEqual(['证书链不受信任'])
    expect(report?.signer?.commonName).toBe('来历不明的印章')
  })

  it('verifies an RSA-2048 signature as well as ECDSA P-256 ones', async () => {
    const [report] = await verifyPdf(await sign(pki.personRsa, { appearance: undefined }), trust())
    expect(report).toMatchObject({ intact: true, signer: { commonName: '张三' } })
    expect(report?.signer?.attributes['2.5.4.5']).toBe('110101199003071234')
  })

  it('marks earlier signatures as followed by later revisions and only the last as covering the whole file', async () => {
    const first = await sign(pki.unitSeal)
    const second = await signPdf({
      pdf: first,
      signer: cryptoKeySigner({ certificateChain: pki.financeSeal.chain, privateKey: pki.financeSeal.privateKey }),
      appearance: { page: 1, rect: { ...rect, x: 150 }, image: seal },
    })
    const reports = await verifyPdf(second, trust())
    expect(reports.map((r) => [r.fieldName, r.coversWholeDocument, r.modifiedAfter, r.intact])).toEqual([
      ['Signature1', false, true, true],
      ['Signature2', true, false, true],
    ])
  })

  it('flags changes appended after the last signature on every signature', async () => {
    const signed = await sign(pki.unitSeal)
    // Someone appends a revision that draws over page 1 without signing it.
    const file = new PdfFile(signed)
    const page = findPage(file, 1)!
    const overlay = 'q 1 0 0 rg 100 400 300 60 re f Q\n'
    const overlayNum = file.size
    const updatedPage = { kind: 'dict' as const, entries: new Map(page.dict.entries) }
    updatedPage.entries.set('Contents', [page.dict.entries.get('Contents')!, pdfRef(overlayNum)])
    const { bytes: altered } = appendIncrementalUpdate(file, [
      { num: overlayNum, text: serializeValue(pdfDict({ Length: overlay.length })), stream: new TextEncoder().encode(overlay) },
      { num: page.ref.num, text: serializeValue(updatedPage) },
    ])
    const [report] = await verifyPdf(altered, trust())
    expect(report).toMatchObject({ documentUnchanged: true, modifiedAfter: true, intact: false })
    expect(report?.problems).toEqual(['文档在最后一次签署后被追加了未经签名的修改'])
  })

  it('reads a trusted timestamp and keeps a signature made before a later revocation valid', async () => {
    const tsa = createSandboxTsa({ certificateChain: pki.tsa.chain, privateKey: pki.tsa.privateKey })
    // The seal signs, then its certificate is revoked a moment later (the last test to use it).
    const signer = pki.unitSeal
    const stamped = await sign(signer, { timestampAuthority: tsa })
    const plain = await sign(signer)
    await new Promise((resolve) => setTimeout(resolve, 1100)) // CRL times are whole seconds
    const { crl, revokedAt } = pki.revokeNow(signer)
    const [report] = await verifyPdf(stamped, { trustedRoots: [pki.root.der], crls: [crl] })
    expect(report?.timestamp).toMatchObject({ valid: true, trusted: true, authority: expect.stringContaining('电子印章测试时间戳服务') })
    expect(report!.timestamp!.authority).not.toContain('CN=')
    expect(report!.timestamp!.genTime.getTime()).toBeLessThan(revokedAt.getTime())
    expect(report).toMatchObject({ revoked: true, revokedAt, intact: true, problems: [] })

    const [untimed] = await verifyPdf(plain, { trustedRoots: [pki.root.der], crls: [crl] })
    expect(untimed).toMatchObject({ revoked: true, intact: false, problems: ['证书已吊销'] })
  })

  it('does not trust a timestamp from a certificate that is not a time-stamping authority', async () => {
    const fakeTsa = createSandboxTsa({ certificateChain: pki.stranger.chain, privateKey: pki.stranger.privateKey })
    const [report] = await verifyPdf(await sign(pki.financeSeal, { timestampAuthority: fakeTsa }), trust())
    expect(report?.timestamp).toMatchObject({ valid: true, trusted: false })
    expect(report?.problems).toEqual(['时间戳证书不受信任'])
  })

  it('finds no signatures in an unsigned document and refuses a file that is not a PDF', async () => {
    expect(await verifyPdf(contract, trust())).toEqual([])
    await expect(verifyPdf(new TextEncoder().encode('%PDF-1.7 truncated'), trust())).rejects.toBeInstanceOf(PdfVerifyError)
  })
})
