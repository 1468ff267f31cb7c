import type { PdfFile } from '../sign/pdf-file.ts'
import { decodeTextString, isName, isString, type PdfDict, type PdfValue } from '../sign/pdf-syntax.ts'

/** One signed signature field as the document states it, before anything is checked. */
export type SignatureField = {
  fieldName: string
  byteRange: number[]
  /** The /Contents bytes (the CMS, usually followed by zero padding). */
  contents: Uint8Array
  subFilter: string | null
  /** /M: the signing time the signer claims. */
  claimedTime: Date | null
  reason: string | null
  location: string | null
  signerName: string | null
}

/**
 * The signed signature fields of the form (fields and their kids, /FT inherited), ordered by how much of
 * the file each covers: the order in which they were signed.
 *
 * @example
 * signatureFields(new PdfFile(pdf)).map((s) => s.fieldName) // ['Signature1', 'Signature2']
 */
export function signatureFields(file: PdfFile): SignatureField[] {
  const catalog = file.resolveDict(file.trailer.entries.get('Root'))
  const acroForm = file.resolveDict(catalog?.entries.get('AcroForm'))
  const fields = file.resolve(acroForm?.entries.get('Fields'))
  const found: SignatureField[] = []
  const seen = new Set<PdfDict>()
  const visit = (value: PdfValue, parentName: string, inheritedType: PdfValue | undefined, depth: number) => {
    const field = file.resolveDict(value)
    if (!field || seen.has(field) || depth > 32) return
    seen.add(field)
    const partial = field.entries.get('T')
    const name = isString(partial) ? [parentName, decodeTextString(partial)].filter(Boolean).join('.') : parentName
    const type = field.entries.get('FT') ?? inheritedType
    const signature = isName(type, 'Sig') ? file.resolveDict(field.entries.get('V')) : undefined
    if (signature) {
      const parsed = readSignature(file, signature, name)
      if (parsed) found.push(parsed)
    }
    const kids = file.resolve(field.entries.get('Kids'))
    if (Array.isArray(kids)) for (const kid of kids) visit(kid, name, type, depth + 1)
  }
  if (Array.isArray(fields)) for (const field of fields) visit(field, '', undefined, 0)
  return found.sort((a, b) => end(a) - end(b))
}

const end = (s: SignatureField) => (s.byteRange[2] ?? 0) + (s.byteRange[3] ?? 0)

function readSignature(file: PdfFile, signature: PdfDict, fieldName: string): SignatureField | undefined {
  const get = (key: string) => file.resolve(signature.entries.get(key))
  const byteRange = get('ByteRange')
  const contents = get('Contents')
  if (!Array.isArray(byteRange) || !isString(contents)) return undefined
  const text = (key: string) => {
    const value = get(key)
    return isString(value) ? decodeTextString(value) : null
  }
  const subFilter = get('SubFilter')
  return {
    fieldName,
    byteRange: byteRange.map((n) => (typeof n === 'number' ? n : -1)),
    contents: new Uint8Array(Buffer.from(contents.bytes, 'latin1')),
    subFilter: isName(subFilter) ? subFilter.name : null,
    claimedTime: parsePdfDate(text('M')),
    reason: text('Reason'),
    location: text('Location'),
    signerName: text('Name'),
  }
}

/**
 * Reads a PDF date (D:YYYYMMDDHHmmSSOHH'mm'), missing parts defaulting as the standard says.
 *
 * @example
 * parsePdfDate("D:20250101080000+08'00'") // 2025-01-01T00:00:00.000Z
 */
export function parsePdfDate(text: string | null): Date | null {
  const match = text && /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?'?/.exec(text.trim())
  if (!match) return null
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = match
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
  const offset = sign === '+' || sign === '-' ? (sign === '+' ? 1 : -1) * (Number(oh) * 60 + Number(om)) * 60_000 : 0
  const date = new Date(utc - offset)
  return Number.isNaN(date.getTime()) ? null : date
}
