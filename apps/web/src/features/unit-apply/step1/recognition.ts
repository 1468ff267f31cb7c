import { messages, messageTemplates } from '@seal/shared/messages'
import { beijingDate } from '@seal/shared/text/beijing-time'
import { RequestError } from '../../../lib/request/request.ts'
import { idCardOcr, licenceOcr, uploadOcrImage, type IdCardOcr, type LicenceOcr } from '../api/ocr.ts'
import { uploadBase64 } from '../api/upload-file.ts'

/**
 * Step 1's pictures (spec 001 §5 "Upload and recognition"): each is read by OCR, checked, and only then
 * stored as a file whose id goes into the form. Answers what was read and the file, or the message to show.
 */
export type IdSide = 'front' | 'back'
export type Recognised<T> = { ocr: T; fileId: string } | { message: string }

/** Who the card must belong to: the logged-in person or the seal's record (a masked number compares its visible characters). */
export type Expected = { who: '法人' | '经办人'; idNo?: string; name?: string }

const sameIdNo = (read: string, expected: string) => {
  const a = read.trim().toUpperCase()
  const b = expected.trim().toUpperCase()
  if (!b.includes('*')) return a === b
  return a.length === b.length && [...b].every((c, i) => c === '*' || c === a[i])
}

/** The portrait side needs a number and a name (请上传有效证件！), and must be the expected person's. */
export function idFrontProblem(ocr: IdCardOcr, expected?: Expected): string | null {
  if (!ocr.idCardNum?.trim() || !ocr.userName?.trim()) return messages.invalidCertificate
  if (!expected) return null
  if (expected.idNo && !sameIdNo(ocr.idCardNum, expected.idNo)) return messageTemplates.identityMismatch(expected.who)
  if (expected.name && ocr.userName.trim() !== expected.name.trim()) return messageTemplates.identityMismatch(expected.who)
  return null
}

/** The emblem side needs a validity end (请上传有效证件！) not before today in Beijing (证件已过期，请上传有效证件！). */
export function idBackProblem(ocr: IdCardOcr, now: number): string | null {
  const end = ocr.expiredDateStr?.trim()
  if (!end) return messages.invalidCertificate
  if (end === '长期') return null
  if (!/^\d{8}$/.test(end)) return messages.invalidCertificate
  const today = beijingDate(now).replaceAll('-', '')
  return end < today ? messages.certificateExpired : null
}

const said = (error: unknown) => (error instanceof RequestError && error.kind !== 'network' && error.message) || messages.serverError

async function readPicture<T>(dataUrl: string, imgType: '10' | '11' | '20', query: (serial: string) => Promise<T>): Promise<T | { message: string }> {
  let serial: string
  try {
    serial = (await uploadOcrImage({ fileBase64: dataUrl, imgType })).busSerialNo
  } catch (error) {
    return { message: messageTemplates.imageUploadFailed(said(error)) }
  }
  try {
    return await query(serial)
  } catch {
    // Nothing usable was read (or the wrong side): the spec's one word for it.
    return { message: messages.ocrFailed }
  }
}

async function store<T>(ocr: T, dataUrl: string, name: string): Promise<Recognised<T>> {
  try {
    const file = await uploadBase64({ dataUrl, originalName: name })
    return { ocr, fileId: file.fileId }
  } catch (error) {
    return { message: messageTemplates.imageUploadFailed(said(error)) }
  }
}

/** One side of an ID card: OCR (imgType 10 or 11), the side's checks, then stored. */
export async function recogniseIdCard(input: { dataUrl: string; side: IdSide; expected?: Expected; now?: number }): Promise<Recognised<IdCardOcr>> {
  const ocr = await readPicture(input.dataUrl, input.side === 'front' ? '10' : '11', idCardOcr)
  if ('message' in ocr) return ocr
  const problem = input.side === 'front' ? idFrontProblem(ocr, input.expected) : idBackProblem(ocr, input.now ?? Date.now())
  if (problem) return { message: problem }
  return store(ocr, input.dataUrl, input.side === 'front' ? '身份证人像面.jpg' : '身份证国徽面.jpg')
}

/** The business licence: OCR (imgType 20) must give a unit name and credit code, then stored. */
export async function recogniseLicence(input: { dataUrl: string; currentCreditCode?: string }): Promise<Recognised<LicenceOcr>> {
  const ocr = await readPicture(input.dataUrl, '20', licenceOcr)
  if ('message' in ocr) return ocr
  if (!ocr.socialCreditCode?.trim() || !ocr.unitName?.trim()) return { message: messages.ocrFailed }
  const current = input.currentCreditCode?.trim().toUpperCase()
  if (current && ocr.socialCreditCode.trim().toUpperCase() !== current) return { message: messages.licenceCreditCodeDiffers }
  return store(ocr, input.dataUrl, '营业执照.jpg')
}
