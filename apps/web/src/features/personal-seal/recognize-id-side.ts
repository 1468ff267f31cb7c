import { messages, messageTemplates } from '@seal/shared/messages'
import { RequestError } from '../../lib/request/request.ts'
import { queryIdCardOcr } from './api/query-id-card-ocr.ts'
import { uploadIdImage } from './api/upload-id-image.ts'
import { idSideProblem, ocrImgType, type IdSide } from './identity-checks.ts'

export type Recognition = { serial: string } | { message: string }

/** The server's own words when it gave some (a business answer), else the screen's fallback. */
function answerMessage(error: unknown): string | undefined {
  return error instanceof RequestError && (error.kind === 'business' || error.kind === 'http') && error.message ? error.message : undefined
}

/**
 * One ID side through OCR (spec 002 §5, §7 "Files and images"): upload the picture (imgType 10 front,
 * 11 back), query the result by its serial, then check it against the login. Answers the serial, or the
 * message to show beside the picture: 图片上传失败, 图片识别失败, 证件号与登录号码不一致，请重新上传,
 * 请上传正确的证件国徽面.
 */
export async function recognizeIdSide(input: { side: IdSide; dataUrl: string; loginIdNumber: string }): Promise<Recognition> {
  let serial: string
  try {
    serial = (await uploadIdImage({ fileBase64: input.dataUrl, imgType: ocrImgType[input.side] })).busSerialNo
  } catch (error) {
    const said = answerMessage(error)
    return { message: !said ? messages.imageUploadFailed : said.startsWith(messages.imageUploadFailed) ? said : messageTemplates.imageUploadFailed(said) }
  }
  try {
    const result = await queryIdCardOcr(serial)
    const problem = idSideProblem(input.side, result, input.loginIdNumber)
    return problem ? { message: problem } : { serial }
  } catch (error) {
    return { message: answerMessage(error) ?? messages.imageRecognitionFailed }
  }
}
