import { post } from '../../../lib/request/request.ts'

/** What OCR read from one side of an ID card (POST /paas-ai/ocr/idcard/{serial}). */
export type IdCardReading = { busSerialNo: string; idCardNum?: string; userName?: string; expiredDateStr?: string }

/** POST /paas-ai/ocr/uploadImgBase64: a picture to read (imgType 10 portrait side, 11 emblem side); answers its serial. */
export function uploadIdCardImage(input: { fileBase64: string; imgType: '10' | '11' }) {
  return post<{ busSerialNo: string }>('/paas-ai/ocr/uploadImgBase64', input, { silent: true })
}

/** POST /paas-ai/ocr/idcard/{serial}: what was read. */
export function idCardReading(serial: string) {
  return post<IdCardReading>(`/paas-ai/ocr/idcard/${encodeURIComponent(serial)}`, undefined, { silent: true })
}

/** POST /file/uploadBase64: the same picture kept as a file of the caller's, whose id the pre-step sends. */
export function storeIdCardImage(input: { dataUrl: string; originalName: string }) {
  return post<{ fileId: string }>('/file/uploadBase64', { originalName: input.originalName, fileBase64: input.dataUrl }, { silent: true })
}
