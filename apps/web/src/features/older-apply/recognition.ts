import { messages, messageTemplates } from '@seal/shared/messages'
import { beijingDate } from '@seal/shared/text/beijing-time'
import { RequestError } from '../../lib/request/request.ts'
import {
  idCardOcr,
  licenceOcr,
  uploadOcrImage,
  type IdCardOcr,
  type LicenceOcr,
  type OcrImgType,
} from '../unit-apply/api/ocr.ts'
import { uploadBase64 } from '../unit-apply/api/upload-file.ts'
import type { Recognised } from '../unit-apply/step1/recognition.ts'

/**
 * The older wizard's pictures (spec 001 §5 "Upload and recognition", older flow): read by the same OCR calls
 * as the new wizard, checked with the older flow's words, then stored. The portrait side must be the legal
 * representative's typed number and name (证件号与法定代表人证件号码不一致，请重新上传); the emblem side must carry
 * its authority dates (请上传正确的证件国徽面); an upload failure says 图片上传失败:{reason}.
 */

const said = (error: unknown) =>
  (error instanceof RequestError && error.kind !== 'network' && error.message) || messages.serverError

async function read<T>(
  dataUrl: string,
  imgType: OcrImgType,
  query: (serial: string) => Promise<T>,
): Promise<T | { message: string }> {
  let serial: string
  try {
    serial = (await uploadOcrImage({ fileBase64: dataUrl, imgType })).busSerialNo
  } catch (error) {
    return {
      message:
        imgType === '20' ? messages.licenceUploadError : messageTemplates.imageUploadFailed(said(error)),
    }
  }
  try {
    return await query(serial)
  } catch {
    return { message: messages.ocrFailed }
  }
}

async function store<T>(ocr: T, dataUrl: string, name: string): Promise<Recognised<T>> {
  try {
    return { ocr, fileId: (await uploadBase64({ dataUrl, originalName: name })).fileId }
  } catch (error) {
    return { message: messageTemplates.imageUploadFailed(said(error)) }
  }
}

/** The licence: a unit name and credit code must be read (ocr识别失败，请重新上传！ otherwise). */
export async function recogniseOlderLicence(dataUrl: string): Promise<Recognised<LicenceOcr>> {
  const ocr = await read(dataUrl, '20', licenceOcr)
  if ('message' in ocr) return ocr
  if (!ocr.socialCreditCode?.trim() || !ocr.unitName?.trim()) return { message: messages.ocrFailed }
  return store(ocr, dataUrl, '营业执照.jpg')
}

/** The portrait side: the typed (the logged-in legal representative's) number and name. */
export async function recogniseOlderIdFront(
  dataUrl: string,
  expected: { identityNum: string; personName: string },
): Promise<Recognised<IdCardOcr>> {
  const ocr = await read(dataUrl, '10', idCardOcr)
  if ('message' in ocr) return ocr
  if (!ocr.idCardNum?.trim() || !ocr.userName?.trim()) return { message: messages.ocrFailed }
  const sameNumber = ocr.idCardNum.trim().toUpperCase() === expected.identityNum.trim().toUpperCase()
  if (!sameNumber || ocr.userName.trim() !== expected.personName.trim())
    return { message: messages.idNumberNotLegalNumber }
  return store(ocr, dataUrl, '身份证人像面.jpg')
}

/** The emblem side: its validity dates, not expired (证件已过期，请上传有效证件！). */
export async function recogniseOlderIdBack(
  dataUrl: string,
  now = Date.now(),
): Promise<Recognised<IdCardOcr>> {
  const ocr = await read(dataUrl, '11', idCardOcr)
  if ('message' in ocr) return ocr
  const end = ocr.expiredDateStr?.trim()
  if (!end || (end !== '长期' && !/^\d{8}$/.test(end))) return { message: messages.idBackInvalid }
  if (end !== '长期' && end < beijingDate(now).replaceAll('-', ''))
    return { message: messages.certificateExpired }
  return store(ocr, dataUrl, '身份证国徽面.jpg')
}
