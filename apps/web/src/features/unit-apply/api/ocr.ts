import { post } from '../../../lib/request/request.ts'

/** OCR image types (spec 001 §3 "Upload kinds"): 10 ID front, 11 ID back, 20 business licence. */
export type OcrImgType = '10' | '11' | '20'

export type IdCardOcr = {
  busSerialNo: string
  idCardNum?: string
  userName?: string
  /** YYYYMMDD, or 长期. */
  expiredDateStr?: string
  authorDateStr?: string
}

export type LicenceOcr = { busSerialNo: string; unitName?: string; socialCreditCode?: string; legalName?: string }

/** POST /paas-ai/ocr/uploadImgBase64: a picture to recognise; answers the serial to read the result by. */
export function uploadOcrImage(input: { fileBase64: string; imgType: OcrImgType }) {
  return post<{ busSerialNo: string }>('/paas-ai/ocr/uploadImgBase64', input, { silent: true })
}

/** POST /paas-ai/ocr/idcard/{serial}: what was read from one side of an ID card. */
export function idCardOcr(serial: string) {
  return post<IdCardOcr>(`/paas-ai/ocr/idcard/${encodeURIComponent(serial)}`, undefined, { silent: true })
}

/** POST /paas-ai/ocr/businessLicense/{serial}: what was read from a business licence. */
export function licenceOcr(serial: string) {
  return post<LicenceOcr>(`/paas-ai/ocr/businessLicense/${encodeURIComponent(serial)}`, undefined, { silent: true })
}
