import { messages } from '@seal/shared/messages'

/**
 * Seal-photo guidance codes of spec 000 §8 / 002 §8, as the cut-out judges a photo. The client shows its own
 * advice for each code in a modal; the reasons here are the server's message (our wording, the spec gives
 * none in Chinese).
 */
export const stampGuidance = {
  serverError: '1000',
  /** No clear red stamp found. */
  noStamp: '1001',
  /** Stamp cut off by the photo's edge, covered, or its ring incomplete. */
  incomplete: '1002',
  /** Ink too faint or blurred to cut out cleanly. */
  unclear: '1003',
  /** Stamp found but too small in the photo. */
  tooSmall: '1004',
  /** Round stamp photographed at an angle (squashed into an ellipse). */
  skewed: '1005',
  /** Photo too dark or lit too unevenly. */
  badLight: '1009',
  /** Out of focus: the strokes run together (stampSharpness). */
  blurred: '1006',
  /** The seal's ring names another unit (or a longer name holding the applying unit's). */
  nameMismatch: '1010',
  /** The text across is another seal type's (a 合同专用章 offered as the 单位公章). */
  typeMismatch: '1010',
  /** The seal's face could not be read exactly: retake, or let a person check it. */
  faceUnread: '1011',
} as const

export type StampGuidanceCode = (typeof stampGuidance)[keyof typeof stampGuidance]

export const stampGuidanceReasons: Record<StampGuidanceCode, string> = {
  '1000': '服务器异常，请稍后重试',
  '1001': '未识别到清晰完整的红色印章，请使印章图案占照片的80%，光线均匀',
  '1002': '印章图案有褶皱、遮挡或不完整，请在平整的白纸上重新盖章',
  '1003': '印章图案不清晰，请在干净平滑的纸上重新盖章，将纸张靠墙立放，摄像头正对印章居中拍摄',
  '1004': '印章图案过小，请使印章图案占照片的80%，重新拍摄',
  '1005': '印章图案倾斜变形，请将纸张靠墙立放，摄像头正对印章居中拍摄',
  '1006': messages.stampPhotoBlurred,
  '1009': '光线过暗或不均匀，请将纸张靠墙立放，摄像头正对印章居中拍摄',
  '1010': '请上传与申请企业名称一致的印章',
  '1011': messages.sealFaceUnread,
}
