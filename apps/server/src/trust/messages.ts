import { messages } from '@seal/shared/messages'

/**
 * What the trust module tells a user. The spec's own words come from @seal/shared/messages; the rest are
 * ours (the spec leaves the server's wording open), kept short and saying what to do next.
 */
export const trustMessages = {
  /** Spec 000 §8: the fallback when a password check fails. */
  wrongPin: messages.wrongSealPassword,
  pinRule: messages.sealPasswordRule,
  pinChanged: messages.passwordChanged,
  wrongPinRemaining: (remaining: number) => `印章密码错误，还可尝试${remaining}次`,
  pinLocked: (until: string) => `印章密码已锁定，请于${until}后重试`,
  pinNotSet: '印章密码未设置，请先激活印章',
  pinHashInvalid: '印章密码数据无效，请重新设置印章密码',
  pinVerified: '印章密码验证通过',
  changeKeyInvalid: '验证已过期，请重新验证印章密码',
  faceCheckRequired: '请先完成人脸识别',
  faceCheckInvalid: '人脸识别结果无效或已使用，请重新进行人脸识别',
  identityMismatch: '证件号与登录号码不一致',
  sealCancelled: '印章已注销',
  cancelledByHolder: '印章持有人申请注销',
  cancelledWithOfficialSeal: '单位公章注销，本章随之注销',
  sealNotInEffect: '印章当前不可用',
  sealNotActivated: '印章尚未激活',
  certificateRevoked: '印章证书已吊销',
  certificateExpired: '印章证书已过期',
  certificateNotYetValid: '印章证书尚未生效',
  sealImageNotPng: '印章图片必须为PNG格式',
  sealNameRequired: '请填写印章名称',
  certPeriodInvalid: '证书有效期结束时间必须晚于开始时间',
  certBeyondCa: '证书有效期超出签发机构证书的有效期，请缩短有效期',
  proofRequired: '请先验证原印章密码',
  /** Kept with a certificate replaced by a renewal or change of the seal. */
  certificateReissued: '证书已更新',
} as const
