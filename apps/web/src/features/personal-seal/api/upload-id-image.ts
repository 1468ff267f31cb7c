import { post } from '../../../lib/request/request.ts'

/**
 * POST /paas-ai/ocr/uploadImgBase64: an ID picture (data URL) to recognise, imgType '10' front or '11'
 * back. The picture is not stored (spec 002 §5); the answer is the serial to query the result by.
 * Silent: the screen shows the failure beside the picture.
 */
export function uploadIdImage(input: { fileBase64: string; imgType: '10' | '11' }) {
  return post<{ busSerialNo: string }>('/paas-ai/ocr/uploadImgBase64', input, { silent: true })
}
