import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ContentInfo, SignedData } from 'pkijs'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hybridReferenceFile } from '../../test/hybrid-pdf.ts'
import { extractSignatures, mutoolVerify, opensslVerify, pdfsig } from '../../test/independent-verifiers.ts'
import { inkInside, redCentre, saveArtefact } from '../../test/page-pixels.ts'
import { createTestPki, type TestIdentity, type TestPki } from '../../test/pki.ts'
import { boxedPage, chineseContract, contractSealPng, financeSealPng, handwrittenSignaturePng, type Box } from '../../test/test-documents.ts'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { authorizationLetter } from '../documents/authorization-letter.ts'
import { renderPages } from '../documents/inspect-pdf.ts'
import { oid } from '../pki/oids.ts'
import { cryptoKeySigner } from './crypto-key-signer.ts'
import { PdfFile } from './pdf-file.ts'
import { isName, isString } from './pdf-syntax.ts'
import { createSandboxTsa } from './sandbox-tsa.ts'
import { PdfSignError } from './sign-errors.ts'
import { pageBox, signPdf } from './sign-pdf.ts'
import { findText } from '../text/find-text.ts'

let pki: TestPki
let onePage: Uint8Array
let onePageClassic: Uint8Array
let fiftyPages: Uint8Array
let contractSeal: Uint8Array
let financeSeal: Uint8Array
let handwriting: Uint8Array

// Where the contract's footer says 甲方（盖章） / 乙方（盖章）.
const partyASeal = { x: 150, y: 40, width: 120, height: 120 }
const partyBSeal = { x: 380, y: 40, width: 120, height: 120 }
const handwritingRect = { x: 380, y: 180, width: 150, height: 58 }

beforeAll(async () => {
  pki = await createTestPki()
  ;[onePage, onePageClassic, fiftyPages, contractSeal, financeSeal, handwriting] = await Promise.all([
    chineseContract({ pages: 1 }),
    chineseContract({ pages: 1, objectStreams: false }),
    chineseContract({ pages: 50 }),
    contractSealPng(),
    financeSealPng(),
    handwrittenSignaturePng(),
  ])
}, 120_000)

afterAll(() => pki?.cleanup())

const signerFor = (identity: TestIdentity) => cryptoKeySigner({ certificateChain: identity.chain, privateKey: identity.privateKey })

/** pdfsig, mutool and openssl all accept every signature, and only the last one covers the whole file. */
function expectAcceptedByEveryVerifier(pdf: Uint8Array, count: number): void {
  const poppler = pdfsig(pdf, pki.nssDir)
  expect(poppler).toHaveLength(count)
  for (const signature of poppler) {
    expect(signature.valid, signature.text).toBe(true)
    expect(signature.trusted, signature.text).toBe(true)
  }
  expect(poppler.map((s) => s.totalDocumentSigned)).toEqual([...Array<boolean>(count - 1).fill(false), true])

  const mupdf = mutoolVerify(pdf)
  expect(mupdf).toHaveLength(count)
  for (const signature of mupdf) expect(signature.valid, signature.text).toBe(true)
  expect(mupdf[count - 1]?.unchanged).toBe(true)

  const openssl = opensslVerify(pdf, pki.chainPemPath)
  expect(openssl).toHaveLength(count)
  for (const result of openssl) expect(result.ok, result.output).toBe(true)
}

describe('signPdf', () => {
  it('puts a visible seal on a one-page Chinese contract that pdfsig, mutool and openssl all accept', async () => {
    const signed = await signPdf({
      pdf: onePage,
      signer: signerFor(pki.unitSeal),
      appearance: { page: 1, rect: partyBSeal, image: contractSeal },
      reason: '合同签署',
      signerName: '北京明远科技有限公司',
      location: '北京市海淀区',
    })
    expectAcceptedByEveryVerifier(signed, 1)
    expect(pdfsig(signed, pki.nssDir)[0]?.commonName).toBe('北京明远科技有限公司合同专用章')

    const { red, png } = await inkInside({ pdf: signed, page: 1, rect: partyBSeal })
    await saveArtefact('one-page-sealed.png', png)
    expect(red).toBeGreaterThan(0.1)
    // Nothing red where no seal was placed.
    expect((await inkInside({ pdf: signed, page: 1, rect: partyASeal })).red).toBeLessThan(0.005)
  })

  it('appends an incremental update and leaves every byte of the original as it was', async () => {
    const signed = await signPdf({ pdf: onePage, signer: signerFor(pki.unitSeal), appearance: { page: 1, rect: partyBSeal, image: contractSeal } })
    expect(Buffer.from(signed.subarray(0, onePage.length)).equals(Buffer.from(onePage))).toBe(true)
    const file = new PdfFile(signed)
    expect(file.sections).toHaveLength(new PdfFile(onePage).sections.length + 1)
    expect(file.sections[0]?.trailer.entries.get('Prev')).toBe(new PdfFile(onePage).sections[0]?.offset)
    expect(Buffer.from(signed.subarray(-6)).toString('latin1')).toBe('%%EOF\n')
  })

  it('writes a PAdES baseline signature: ETSI.CAdES.detached, SHA-256, signing-certificate-v2, no signingTime', async () => {
    const signingTime = new Date('2025-03-01T02:30:00Z')
    const signed = await signPdf({ pdf: onePage, signer: signerFor(pki.unitSeal), appearance: undefined, signingTime, reason: '合同签署' })
    const file = new PdfFile(signed)
    const catalog = file.resolveDict(file.trailer.entries.get('Root'))!
    const form = file.resolveDict(catalog.entries.get('AcroForm'))!
    expect(form.entries.get('SigFlags')).toBe(3)
    const field = file.resolveDict((file.resolve(form.entries.get('Fields')) as never[])[0])!
    const signature = file.resolveDict(field.entries.get('V'))!
    expect(isName(signature.entries.get('SubFilter'), 'ETSI.CAdES.detached')).toBe(true)
    const m = signature.entries.get('M')
    expect(isString(m) && m.bytes).toBe('D:20250301023000Z')

    const [extracted] = extractSignatures(signed)
    const signedData = new SignedData({ schema: ContentInfo.fromBER(extracted!.cms).content })
    const signer = signedData.signerInfos[0]!
    expect(signer.digestAlgorithm.algorithmId).toBe(oid.sha256)
    expect(signer.signedAttrs?.attributes.map((a) => a.type).sort()).toEqual(
      [oid.contentType, oid.messageDigest, oid.signingCertificateV2].sort(),
    )
    expect(signedData.certificates).toHaveLength(3)
  })

  it('signs a file with a classic xref table as well as one with xref and object streams', async () => {
    const signed = await signPdf({ pdf: onePageClassic, signer: signerFor(pki.unitSeal), appearance: { page: 1, rect: partyBSeal, image: contractSeal } })
    expect(new PdfFile(signed).sections[0]?.kind).toBe('table')
    expectAcceptedByEveryVerifier(signed, 1)
    const streams = await signPdf({ pdf: onePage, signer: signerFor(pki.unitSeal), appearance: { page: 1, rect: partyBSeal, image: contractSeal } })
    expect(new PdfFile(streams).sections[0]?.kind).toBe('stream')
    expectAcceptedByEveryVerifier(streams, 1)
  })

  it('signs a hybrid-reference file, reading the catalog its hidden xref stream points to', async () => {
    const hybrid = hybridReferenceFile(onePageClassic)
    const signed = await signPdf({ pdf: hybrid, signer: signerFor(pki.unitSeal), appearance: { page: 1, rect: partyBSeal, image: contractSeal } })
    const catalog = new PdfFile(signed).resolveDict(new PdfFile(signed).trailer.entries.get('Root'))!
    const lang = catalog.entries.get('Lang')
    expect(isString(lang) && lang.bytes).toBe('zh-CN')
    expectAcceptedByEveryVerifier(signed, 1)
  })

  it('keeps two seals and a handwritten signature valid on one document, each where it was placed', async () => {
    const first = await signPdf({ pdf: onePage, signer: signerFor(pki.unitSeal), appearance: { page: 1, rect: partyBSeal, image: contractSeal } })
    const second = await signPdf({ pdf: first, signer: signerFor(pki.financeSeal), appearance: { page: 1, rect: partyASeal, image: financeSeal } })
    const third = await signPdf({
      pdf: second,
      signer: signerFor(pki.personRsa),
      appearance: { page: 1, rect: handwritingRect, image: handwriting },
      signerName: '张三',
    })
    expectAcceptedByEveryVerifier(third, 3)
    expect(pdfsig(third, pki.nssDir).map((s) => s.commonName)).toEqual([
      '北京明远科技有限公司合同专用章',
      '北京明远科技有限公司财务专用章',
      '张三',
    ])

    expect((await inkInside({ pdf: third, page: 1, rect: partyASeal })).red).toBeGreaterThan(0.1)
    expect((await inkInside({ pdf: third, page: 1, rect: partyBSeal })).red).toBeGreaterThan(0.1)
    const { blue, png } = await inkInside({ pdf: third, page: 1, rect: handwritingRect })
    expect(blue).toBeGreaterThan(0.03)
    await saveArtefact('three-signatures.png', png)
    await saveArtefact('three-signatures.pdf', third)
  })

  it('seals an authorization letter at its named positions: the unit’s seal and the legal representative’s signature', async () => {
    const letter = await authorizationLetter({
      authorizer: { kind: 'unit', unitName: '北京明远科技有限公司', socialCreditCode: '91110108MA01ABCDEN', legalRepresentative: '张三' },
      seal: { sealName: '北京明远科技有限公司', sealTypeCode: '01', sealCode: '1101080012345' },
      authorized: { name: '李四', personIdentity: '110101199003071234', phone: '13812345678' },
      useType: 3,
      authUseType: 1,
      startTime: Date.UTC(2024, 11, 31, 16),
      endTime: Date.UTC(2025, 11, 30, 16),
      letterNo: 'SQ20250101000123',
    })
    const { sealLocation, signLocation } = letter.positions
    const officialSeal = (await renderOrganizationSeal({ unitName: '北京明远科技有限公司', sealTypeCode: '01', sealCode: '1101080012345' })).png
    // A 40 mm seal, centred in its box; the signature fills the signature box.
    const side = Math.min(sealLocation.width, sealLocation.height)
    const sealRect = { x: sealLocation.x + (sealLocation.width - side) / 2, y: sealLocation.y + (sealLocation.height - side) / 2, width: side, height: side }
    const sealed = await signPdf({ pdf: letter.pdf, signer: signerFor(pki.unitSeal), appearance: { page: sealLocation.page, rect: sealRect, image: officialSeal } })
    const signed = await signPdf({
      pdf: sealed,
      signer: signerFor(pki.personRsa),
      appearance: { page: signLocation.page, rect: { x: signLocation.x, y: signLocation.y, width: signLocation.width, height: signLocation.height }, image: handwriting },
      signerName: '张三',
    })
    expectAcceptedByEveryVerifier(signed, 2)
    expect((await inkInside({ pdf: signed, page: sealLocation.page, rect: sealRect })).red).toBeGreaterThan(0.1)
    expect((await inkInside({ pdf: signed, page: signLocation.page, rect: signLocation })).blue).toBeGreaterThan(0.02)
    const [page] = renderPages(signed, 'authorization-letter-signed')
    expect(page).toBeDefined()
  })

  it('keeps both signatures valid when the same seal is applied twice', async () => {
    const first = await signPdf({ pdf: onePage, signer: signerFor(pki.unitSeal), appearance: { page: 1, rect: partyASeal, image: contractSeal } })
    const twice = await signPdf({ pdf: first, signer: signerFor(pki.unitSeal), appearance: { page: 1, rect: partyBSeal, image: contractSeal } })
    // pdfsig 22.12 reads a stale NSS error for the second use of one certificate and prints "Unknown issue
    // with Certificate" (it ignores CERT_PKIXVerifyCert's result), so trust is left to openssl here.
    expect(pdfsig(twice, pki.nssDir).map((s) => s.valid)).toEqual([true, true])
    expect(mutoolVerify(twice).map((s) => s.valid)).toEqual([true, true])
    expect(opensslVerify(twice, pki.chainPemPath).map((r) => r.ok)).toEqual([true, true])
  })

  it('puts the seal on page 50 of a 50-page contract', async () => {
    const signed = await signPdf({ pdf: fiftyPages, signer: signerFor(pki.unitSeal), appearance: { page: 50, rect: partyBSeal, image: contractSeal } })
    expectAcceptedByEveryVerifier(signed, 1)
    const { red, png } = await inkInside({ pdf: signed, page: 50, rect: partyBSeal })
    expect(red).toBeGreaterThan(0.1)
    await saveArtefact('fifty-pages-sealed-p50.png', png)
    expect((await inkInside({ pdf: signed, page: 49, rect: partyBSeal })).red).toBeLessThan(0.005)
  })

  it('makes an invisible signature that verifiers accept and that draws nothing', async () => {
    const signed = await signPdf({ pdf: onePage, signer: signerFor(pki.personRsa), appearance: undefined })
    expectAcceptedByEveryVerifier(signed, 1)
    expect((await inkInside({ pdf: signed, page: 1, rect: partyBSeal })).red).toBeLessThan(0.005)
  })

  it('fails every verifier when one byte inside the signed range is changed', async () => {
    const signed = await signPdf({ pdf: onePage, signer: signerFor(pki.unitSeal), appearance: { page: 1, rect: partyBSeal, image: contractSeal } })
    const tampered = new Uint8Array(signed)
    tampered[10] = tampered[10]! ^ 0x01 // inside the binary comment on line 2: the file still opens
    expect(pdfsig(tampered, pki.nssDir).map((s) => s.valid)).toEqual([false])
    expect(mutoolVerify(tampered).map((s) => s.valid)).toEqual([false])
    expect(opensslVerify(tampered, pki.chainPemPath).map((r) => r.ok)).toEqual([false])
  })

  it('adds an RFC 3161 timestamp over the signature value that openssl ts accepts (PAdES B-T)', async () => {
    const tsa = createSandboxTsa({ certificateChain: pki.tsa.chain, privateKey: pki.tsa.privateKey })
    const signed = await signPdf({
      pdf: onePage,
      signer: signerFor(pki.unitSeal),
      appearance: { page: 1, rect: partyBSeal, image: contractSeal },
      timestampAuthority: tsa,
    })
    expectAcceptedByEveryVerifier(signed, 1)

    const [extracted] = extractSignatures(signed)
    const signer = new SignedData({ schema: ContentInfo.fromBER(extracted!.cms).content }).signerInfos[0]!
    const token = signer.unsignedAttrs?.attributes.find((a) => a.type === oid.signatureTimeStampToken)?.values[0]
    expect(token).toBeDefined()
    const dir = mkdtempSync(join(tmpdir(), 'seal-ts-'))
    try {
      writeFileSync(join(dir, 'token.der'), new Uint8Array(token!.toBER()))
      const digest = createHash('sha256').update(signer.signature.valueBlock.valueHexView).digest('hex')
      const result = spawnSync(
        'openssl',
        ['ts', '-verify', '-digest', digest, '-in', join(dir, 'token.der'), '-token_in', '-CAfile', pki.chainPemPath],
        { encoding: 'utf8' },
      )
      expect(`${result.stdout}${result.stderr}`).toContain('Verification: OK')
      const wrong = spawnSync('openssl', ['ts', '-verify', '-digest', 'ab'.repeat(32), '-in', join(dir, 'token.der'), '-token_in', '-CAfile', pki.chainPemPath], { encoding: 'utf8' })
      expect(wrong.status).not.toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('draws palette, 16-bit, grey-with-alpha and opaque PNGs, keeping transparent parts transparent', async () => {
    const circle = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="90" fill="none" stroke="#d40000" stroke-width="24"/></svg>',
    )
    const variants = {
      rgba: await sharp(circle).png().toBuffer(),
      palette: await sharp(circle).png({ palette: true }).toBuffer(),
      sixteenBit: await sharp(circle).toColourspace('rgb16').png().toBuffer(),
      greyAlpha: await sharp(circle).toColourspace('b-w').png().toBuffer(),
      opaque: await sharp(circle).flatten({ background: '#ffffff' }).png().toBuffer(),
    }
    for (const [name, png] of Object.entries(variants)) {
      const signed = await signPdf({ pdf: onePage, signer: signerFor(pki.unitSeal), appearance: { page: 1, rect: partyBSeal, image: new Uint8Array(png) } })
      const ink = await inkInside({ pdf: signed, page: 1, rect: partyBSeal })
      expect(ink.dark, name).toBeLessThan(0.02)
      if (name === 'greyAlpha') expect(ink.red, name).toBe(0)
      else expect(ink.red, name).toBeGreaterThan(0.1)
      expect(pdfsig(signed, pki.nssDir)[0]?.valid, name).toBe(true)
    }
  })

  it('refuses a page the document does not have, a file that is not a PDF, and an image that is not a PNG', async () => {
    const signer = signerFor(pki.unitSeal)
    await expect(signPdf({ pdf: onePage, signer, appearance: { page: 2, rect: partyBSeal, image: contractSeal } })).rejects.toMatchObject({
      code: 'PAGE_OUT_OF_RANGE',
      message: expect.stringContaining('签章页码超出文档页数'),
    })
    await expect(signPdf({ pdf: new TextEncoder().encode('not a pdf'), signer, appearance: undefined })).rejects.toBeInstanceOf(PdfSignError)
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } }).jpeg().toBuffer()
    await expect(signPdf({ pdf: onePage, signer, appearance: { page: 1, rect: partyBSeal, image: new Uint8Array(jpeg) } })).rejects.toMatchObject({
      code: 'BAD_IMAGE',
      message: expect.stringContaining('签章图片不是有效的PNG图片'),
    })
    const interlaced = await sharp({ create: { width: 8, height: 8, channels: 4, background: 'red' } }).png({ progressive: true }).toBuffer()
    await expect(signPdf({ pdf: onePage, signer, appearance: { page: 1, rect: partyBSeal, image: new Uint8Array(interlaced) } })).rejects.toMatchObject({
      code: 'BAD_IMAGE',
    })
  })
})

describe('positions on a page whose visible area does not start at the user-space origin', () => {
  // A red ring: its red pixels are centred on the image, so where they sit tells where the seal is.
  const ring = async () =>
    new Uint8Array(
      await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="88" fill="none" stroke="#d40000" stroke-width="20"/></svg>'))
        .png()
        .toBuffer(),
    )
  const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y)
  const pages: { name: string; mediaBox: Box; cropBox?: Box; visible: Box }[] = [
    { name: 'an A4 MediaBox shifted to (50, 50)', mediaBox: [50, 50, 645.28, 891.89], visible: [50, 50, 645.28, 891.89] },
    { name: 'a CropBox of 400 × 550 at (100, 150) inside an A4 MediaBox', mediaBox: [0, 0, 595.28, 841.89], cropBox: [100, 150, 500, 700], visible: [100, 150, 500, 700] },
    // Viewers show the overlap. (Poppler widens a CropBox taller or wider than the MediaBox to the MediaBox on
    // that axis, where pdf.js and mupdf intersect: such a box is left out, the screen follows pdf.js.)
    { name: 'a CropBox reaching past a shifted MediaBox', mediaBox: [50, 50, 645.28, 891.89], cropBox: [0, 100, 400, 700], visible: [50, 100, 400, 700] },
  ]

  it.each(pages)('$name: the seal is drawn where it was placed on the page as shown', async ({ mediaBox, cropBox, visible }) => {
    const pdf = await boxedPage({ mediaBox, cropBox, phraseAt: { x: 72, y: 90 } })
    expect(pageBox(pdf, 1)).toEqual({ x0: visible[0], y0: visible[1], x1: visible[2], y1: visible[3] })
    const rect = { x: 150, y: 200, width: 100, height: 100 }
    const signed = await signPdf({ pdf, signer: signerFor(pki.unitSeal), appearance: { page: 1, rect, image: await ring() } })
    expect(pdfsig(signed, pki.nssDir).map((s) => s.valid)).toEqual([true])

    const { centre, size, png } = await redCentre({ pdf: signed, page: 1 })
    // pdftoppm drew the visible area (at 80 dpi, to the pixel), and the ring's centre is the rect's centre on it.
    expect(Math.abs(size.width - (visible[2] - visible[0]))).toBeLessThan(1)
    expect(Math.abs(size.height - (visible[3] - visible[1]))).toBeLessThan(1)
    expect(distance(centre!, { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 })).toBeLessThan(1.5)
    await saveArtefact(`visible-box-${visible.join('-')}.png`, png)
  })

  it('centres a seal on a phrase found on a cropped page: search and drawing share the frame', async () => {
    const pdf = await boxedPage({ mediaBox: [50, 50, 645.28, 891.89], cropBox: [100, 150, 500, 700], phraseAt: { x: 60, y: 300 } })
    const [match] = (await findText(pdf, ['甲方（盖章）']))['甲方（盖章）']!
    const phraseCentre = { x: match!.x + match!.width / 2, y: match!.y + match!.height / 2 }
    const rect = { x: phraseCentre.x - 40, y: phraseCentre.y - 40, width: 80, height: 80 }
    const signed = await signPdf({ pdf, signer: signerFor(pki.unitSeal), appearance: { page: 1, rect, image: await ring() } })
    const { centre } = await redCentre({ pdf: signed, page: 1 })
    expect(distance(centre!, phraseCentre)).toBeLessThan(1.5)
  })
})
