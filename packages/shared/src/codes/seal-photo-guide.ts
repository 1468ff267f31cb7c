/**
 * Seal photo guidance codes returned by the impression check, shown in a modal with an 'I know'
 * button (000 §8, 002 §8). The spec gives their meaning in English; the Chinese is our wording.
 */
const serverError = '服务器异常，请稍后再试'
const fillAndClear = '印章图案应占照片的80%，红色印迹清晰完整，光线均匀'
const restampFlat = '印章图案有褶皱、遮挡或不完整，请在平整的白纸上重新盖章'
const restampClean = '请在干净光滑的纸上重新盖章，将纸张贴墙立放，镜头正对并居中拍摄'
const fillAndRetake = '印章图案应占照片的80%，请重新拍摄'
const standAndCenter = '请将纸张贴墙立放，镜头正对并居中拍摄'
const matchEnterprise = '请上传与申请单位名称一致的印章'

export const sealPhotoGuide: Record<string, string> = {
  '1000': serverError,
  '1001': fillAndClear,
  '1011': fillAndClear,
  '1002': restampFlat,
  '1003': restampClean,
  '1006': restampClean,
  '1007': restampClean,
  '1008': restampClean,
  '1012': restampClean,
  '1004': fillAndRetake,
  '1005': standAndCenter,
  '1009': standAndCenter,
  '1010': matchEnterprise,
}

/**
 * The guidance text for a photo-check code, or undefined for a code outside the table.
 *
 * @example
 * sealPhotoGuidance(1010) // '请上传与申请单位名称一致的印章'
 */
export function sealPhotoGuidance(code: string | number): string | undefined {
  return sealPhotoGuide[String(code)]
}
