import { post } from '../../../lib/request/request.ts'

/** What OCR read from one side: the front gives the number and name, the back its validity period. */
export type IdCardOcrResult = {
  busSerialNo: string
  idCardNum?: string
  userName?: string
  /** YYYYMMDD, or 长期. */
  expiredDateStr?: string
  /** The period as printed, e.g. 2015.03.01-2035.03.01. */
  authorDateStr?: string
}

/** POST /paas-ai/ocr/idcard/{serial}: the recognition result of an uploaded ID picture. Silent, as above. */
export function queryIdCardOcr(serial: string) {
  return post<IdCardOcrResult>(`/paas-ai/ocr/idcard/${encodeURIComponent(serial)}`, undefined, { silent: true })
}
