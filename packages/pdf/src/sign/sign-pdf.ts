import { createHash } from 'node:crypto'
import { createSignedData, type CmsSigner, type TimestampAuthority } from '../pki/cms.ts'
import { appendIncrementalUpdate, type UpdateObject } from './incremental-update.ts'
import { findPage } from './page-tree.ts'
import { PdfFile } from './pdf-file.ts'
import { PdfLimitError } from './pdf-limits.ts'
import {
  isDict,
  isRef,
  isString,
  pdfAsciiString,
  pdfDict,
  pdfName,
  pdfRef,
  pdfTextString,
  serializeValue,
  PdfSyntaxError,
  type PdfDict,
  type PdfValue,
} from './pdf-syntax.ts'
import { pngToPdfImage, UnsupportedPngError, type PdfImageData } from './png-image.ts'
import { appearanceObjects } from './signature-appearance.ts'
import { PdfSignError } from './sign-errors.ts'

/** The seal's key holder; see `CmsSigner`. */
export type PdfSigner = CmsSigner

/** Where and how the signature shows: undefined for an invisible signature. */
export type SignatureAppearance =
  | {
      /** 1-based page number. */
      page: number
      /**
       * In PDF points from the bottom-left corner of the page's visible area (its CropBox clipped by its
       * MediaBox, as viewers show it), unrotated page space; the box's origin is added when drawing.
       */
      rect: { x: number; y: number; width: number; height: number }
      /** A transparent PNG (a seal, or a handwritten signature), fitted into the rect keeping its proportions. */
      image: Uint8Array
    }
  | undefined

export type SignPdfInput = {
  pdf: Uint8Array
  signer: PdfSigner
  appearance: SignatureAppearance
  reason?: string
  /** Shown by readers as the signer (/Name); the certificate stays the authority. */
  signerName?: string
  location?: string
  /** Adds an RFC 3161 signature timestamp (PAdES B-T). */
  timestampAuthority?: TimestampAuthority
  /** The claimed signing time written to /M; now unless given. */
  signingTime?: Date
}

const BYTE_RANGE_SLOT = 10

/**
 * Signs a PDF with a PAdES baseline B signature (ETSI.CAdES.detached, SHA-256, signing-certificate-v2,
 * no signingTime attribute; B-T with a timestamp authority), appended as an incremental update: the
 * original bytes are kept as they are, so signatures already in the document stay valid. Only the
 * objects on the way to the target page are read, which keeps a seal on a long document in milliseconds.
 *
 * @example
 * const signed = await signPdf({
 *   pdf,
 *   signer: cryptoKeySigner({ certificateChain: [leaf, issuingCa], privateKey }),
 *   appearance: { page: 1, rect: { x: 380, y: 80, width: 120, height: 120 }, image: sealPng },
 *   reason: '合同签署',
 * })
 */
export async function signPdf(input: SignPdfInput): Promise<Uint8Array> {
  const prepared = prepareSignature({
    ...input,
    contentsBytes: reservedContentsBytes(input.signer.certificateChain, Boolean(input.timestampAuthority)),
  })
  const cms = await createSignedData({ signer: input.signer, contentDigest: prepared.contentDigest, timestampAuthority: input.timestampAuthority })
  return completeSignature(prepared, cms)
}

/** What {@link prepareSignature} needs: everything of {@link SignPdfInput} but the key, and the room for the CMS. */
export type PrepareSignatureInput = Omit<SignPdfInput, 'signer' | 'timestampAuthority'> & { contentsBytes: number }

/**
 * The signed document with an empty /Contents, and the digest of its byte ranges to make the CMS from;
 * `pageBox` is the visible area of the page signed on, read in the same pass (a caller checking that the
 * seal lies on the page needs no second parse of the document).
 */
export type PreparedSignature = { bytes: Uint8Array; contentsStart: number; contentsBytes: number; contentDigest: Uint8Array; pageBox: PageBox }

/**
 * The heavy, key-free half of {@link signPdf}: reads the PDF and the appearance image, appends the
 * incremental update with a placeholder /Contents and hashes its byte ranges. It needs no key, so a server
 * can run it in a worker thread and keep the key on its side. A file that is corrupt or inflates past
 * pdf-limits.ts is a {@link PdfSignError}.
 *
 * @example
 * const prepared = prepareSignature({ pdf, appearance, contentsBytes: reservedContentsBytes(chain, false) })
 * const signed = completeSignature(prepared, await createSignedData({ signer, contentDigest: prepared.contentDigest }))
 */
export function prepareSignature(input: PrepareSignatureInput): PreparedSignature {
  try {
    return prepare(input)
  } catch (error) {
    throw asSignError(error)
  }
}

/** Writes the CMS into the placeholder left by {@link prepareSignature}. */
export function completeSignature(prepared: PreparedSignature, cms: Uint8Array): Uint8Array {
  const { bytes, contentsStart, contentsBytes } = prepared
  if (cms.length > contentsBytes) throw new PdfSignError('SIGNATURE_TOO_LARGE', `${cms.length} > ${contentsBytes} bytes`)
  writeAscii(bytes, contentsStart + 1, Buffer.from(cms).toString('hex').toUpperCase())
  return bytes
}

function prepare(input: PrepareSignatureInput): PreparedSignature {
  const file = openPdf(input.pdf)
  const { appearance } = input
  const rootRef = file.trailer.entries.get('Root')
  const catalog = file.resolveDict(rootRef)
  if (!isRef(rootRef) || !catalog) throw new PdfSignError('UNREADABLE_PDF')
  const page = findPage(file, appearance?.page ?? 1)
  if (!page) throw new PdfSignError('PAGE_OUT_OF_RANGE', `page ${appearance?.page ?? 1}`)
  if (appearance && !validRect(appearance.rect)) throw new PdfSignError('BAD_RECT')
  const image = appearance ? readImage(appearance.image) : undefined

  let nextNum = file.size
  const allocate = () => nextNum++
  const objects: UpdateObject[] = []
  const rewrite = (num: number, value: PdfValue) => objects.push({ num, gen: file.generationOf(num), text: serializeValue(value) })

  const sigNum = allocate()
  const widgetNum = allocate()
  const widgetRef = pdfRef(widgetNum)

  // The form: add the field to /Fields and set SigFlags (signatures exist, append only).
  const acroValue = catalog.entries.get('AcroForm')
  const acroForm = cloneDict(file.resolveDict(acroValue)) ?? pdfDict({})
  const fieldsValue = acroForm.entries.get('Fields')
  const fields = file.resolve(fieldsValue)
  const existingFields = Array.isArray(fields) ? fields : []
  const fieldName = uniqueFieldName(file, existingFields)
  if (isRef(fieldsValue) && Array.isArray(fields)) rewrite(fieldsValue.num, [...existingFields, widgetRef])
  else acroForm.entries.set('Fields', [...existingFields, widgetRef])
  acroForm.entries.set('SigFlags', 3)
  if (isRef(acroValue)) rewrite(acroValue.num, acroForm)
  else {
    const updatedCatalog = cloneDict(catalog)!
    if (acroValue === undefined) {
      const acroNum = allocate()
      rewrite(acroNum, acroForm)
      updatedCatalog.entries.set('AcroForm', pdfRef(acroNum))
    } else updatedCatalog.entries.set('AcroForm', acroForm)
    rewrite(rootRef.num, updatedCatalog)
  }

  // The page lists the widget among its annotations.
  const annotsValue = page.dict.entries.get('Annots')
  const annots = file.resolve(annotsValue)
  const existingAnnots = Array.isArray(annots) ? annots : []
  if (isRef(annotsValue) && Array.isArray(annots)) rewrite(annotsValue.num, [...existingAnnots, widgetRef])
  else {
    const updatedPage = cloneDict(page.dict)!
    updatedPage.entries.set('Annots', [...existingAnnots, widgetRef])
    rewrite(page.ref.num, updatedPage)
  }

  // The widget, merged with its field, and its appearance drawing the image. The rect is given from the
  // visible area's corner, which need not be the user-space origin (a shifted MediaBox, a CropBox).
  const [x0, y0] = page.visibleBox
  const rect = appearance
    ? [x0 + appearance.rect.x, y0 + appearance.rect.y, x0 + appearance.rect.x + appearance.rect.width, y0 + appearance.rect.y + appearance.rect.height]
    : [0, 0, 0, 0]
  const widget = pdfDict({
    Type: pdfName('Annot'),
    Subtype: pdfName('Widget'),
    FT: pdfName('Sig'),
    T: pdfAsciiString(fieldName),
    V: pdfRef(sigNum),
    F: 132, // Print + Locked: the seal prints, and a viewer must not let anyone move it.
    P: page.ref,
    Rect: rect,
  })
  if (appearance && image) {
    const apNum = allocate()
    widget.entries.set('AP', pdfDict({ N: pdfRef(apNum) }))
    objects.push(...appearanceObjects({ apNum, allocate, image, width: appearance.rect.width, height: appearance.rect.height }))
  }
  objects.push({ num: widgetNum, text: serializeValue(widget) })

  // The signature dictionary with fixed-width placeholders, filled in once the file's layout is known.
  const { contentsBytes } = input
  const slots = Array.from({ length: 3 }, () => ' '.repeat(BYTE_RANGE_SLOT)).join(' ')
  const info = pdfDict({
    Type: pdfName('Sig'),
    Filter: pdfName('Adobe.PPKLite'),
    SubFilter: pdfName('ETSI.CAdES.detached'),
    M: pdfAsciiString(pdfDate(input.signingTime ?? new Date())),
    Name: input.signerName ? pdfTextString(input.signerName) : undefined,
    Reason: input.reason ? pdfTextString(input.reason) : undefined,
    Location: input.location ? pdfTextString(input.location) : undefined,
  })
  const infoText = serializeValue(info)
  const byteRangePrefix = `${infoText.slice(0, -2)}/ByteRange [0 `
  const contentsPrefix = `${byteRangePrefix}${slots}]/Contents `
  const sigText = `${contentsPrefix}<${'0'.repeat(contentsBytes * 2)}>>>`
  objects.push({ num: sigNum, text: sigText })

  const { bytes, textOffsets } = appendIncrementalUpdate(file, objects)
  const sigAt = textOffsets.get(sigNum)!
  const contentsStart = sigAt + contentsPrefix.length
  const contentsEnd = contentsStart + contentsBytes * 2 + 2
  const byteRange = [contentsStart, contentsEnd, bytes.length - contentsEnd]
  let slotAt = sigAt + byteRangePrefix.length
  for (const n of byteRange) {
    writeAscii(bytes, slotAt, String(n).padEnd(BYTE_RANGE_SLOT, ' '))
    slotAt += BYTE_RANGE_SLOT + 1
  }

  const contentDigest = new Uint8Array(
    createHash('sha256').update(bytes.subarray(0, contentsStart)).update(bytes.subarray(contentsEnd)).digest(),
  )
  const [bx0, by0, bx1, by1] = page.visibleBox
  return { bytes, contentsStart, contentsBytes, contentDigest, pageBox: { x0: bx0, y0: by0, x1: bx1, y1: by1 } }
}

/** A page's visible area in user-space points: lower-left (x0, y0), upper-right (x1, y1). */
export type PageBox = { x0: number; y0: number; x1: number; y1: number }

/**
 * The visible area of a page (its CropBox clipped by its MediaBox, in points) to place a seal on, or
 * undefined when there is no such page. Its width and height are the room a position may use: positions
 * are measured from its bottom-left corner. Throws {@link PdfSignError} for a file that is not a readable PDF.
 */
export function pageBox(pdf: Uint8Array, pageNumber: number): PageBox | undefined {
  return pageBoxes(pdf, [pageNumber])[0]
}

/** {@link pageBox} for several pages of one document, read once; in the order asked. */
export function pageBoxes(pdf: Uint8Array, pageNumbers: number[]): (PageBox | undefined)[] {
  try {
    const file = openPdf(pdf)
    return pageNumbers.map((pageNumber) => {
      const page = findPage(file, pageNumber)
      if (!page) return undefined
      const [x0, y0, x1, y1] = page.visibleBox
      return { x0, y0, x1, y1 }
    })
  } catch (error) {
    throw asSignError(error)
  }
}

/**
 * Objects are parsed lazily, so a corrupt one can surface anywhere on the way to the page: one answer for
 * all. The parser's English detail stays out of the sentence a user reads.
 */
function asSignError(error: unknown): unknown {
  if (error instanceof PdfSignError) return error
  if (error instanceof PdfLimitError) return new PdfSignError('PDF_TOO_LARGE')
  if (error instanceof PdfSyntaxError) return new PdfSignError('UNREADABLE_PDF')
  return error
}

function openPdf(pdf: Uint8Array): PdfFile {
  const file = new PdfFile(pdf)
  if (file.trailer.entries.has('Encrypt')) throw new PdfSignError('ENCRYPTED_PDF')
  return file
}

function readImage(png: Uint8Array): PdfImageData {
  try {
    return pngToPdfImage(png)
  } catch (error) {
    // A truncated or corrupt PNG fails inside zlib; say the same thing as for an unsupported one.
    throw new PdfSignError('BAD_IMAGE', error instanceof UnsupportedPngError ? error.message : String(error))
  }
}

function validRect(rect: { x: number; y: number; width: number; height: number }): boolean {
  return [rect.x, rect.y, rect.width, rect.height].every(Number.isFinite) && rect.width > 0 && rect.height > 0
}

/** Room for the CMS: the certificates, the signature and attributes, and a timestamp token when asked for. */
export function reservedContentsBytes(certificateChain: Uint8Array[], timestamped: boolean): number {
  const certificates = certificateChain.reduce((sum, der) => sum + der.length, 0)
  const estimate = certificates + 2048 + (timestamped ? 10240 : 0)
  return Math.max(8192, Math.ceil(estimate / 1024) * 1024)
}

/** Field names must be unique in the form: Signature1, Signature2, … after the fields already there. */
function uniqueFieldName(file: PdfFile, fields: PdfValue[]): string {
  const names = new Set<string>()
  for (const field of fields) {
    const name = file.resolveDict(field)?.entries.get('T')
    if (isString(name)) names.add(name.bytes)
  }
  let n = fields.length + 1
  while (names.has(`Signature${n}`)) n++
  return `Signature${n}`
}

function cloneDict(dict: PdfDict | undefined): PdfDict | undefined {
  return isDict(dict) ? { kind: 'dict', entries: new Map(dict.entries) } : undefined
}

/** D:YYYYMMDDHHmmSSZ in UTC. */
export function pdfDate(date: Date): string {
  const iso = date.toISOString()
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`
}

function writeAscii(bytes: Uint8Array, at: number, text: string): void {
  for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i)
}
