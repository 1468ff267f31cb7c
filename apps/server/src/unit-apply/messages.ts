import { unitApplyMessages } from '@seal/shared/rules/unit-apply'

/**
 * What the enterprise application's server says beyond the shared rules' messages (our wording: the spec
 * leaves the server's refusals open), short and saying what to do next.
 */
export const applyServerMessages = {
  notFound: unitApplyMessages.applicationNotFound,
  notEditable: unitApplyMessages.notEditable,
  stepsMissing: unitApplyMessages.stepsMissing,
  notOwnFile: '所选文件不存在或不是本人上传的，请重新上传',
  verificationRequired: '请先完成单位信息核验',
  signatureRequired: '请法定代表人完成申请材料签署后再提交',
  alreadySubmitted: '该申请已提交，请勿重复提交',
  cannotWithdraw: '当前申请状态不可撤销',
  cannotDelete: '只能删除暂存的申请',
  cannotReapply: '当前申请状态不可重新申请',
  cannotSign: '当前申请状态不可签署',
  cannotRefuse: '当前申请状态不可拒绝',
  notLegalRepresentative: '仅申请所填写的法定代表人本人可签署或拒绝',
  statusChanged: '申请状态已变化，请刷新后重试',
  deleted: '删除成功',
  signed: '签署成功',
  codeSent: '验证码已发送',
  sealTypeUnknown: '请选择正确的印章类型',
  /**
   * The SMS to the legal representative of an operator's application. 待办中心 shows only after a personal
   * login (002 §2), while they usually log in as the unit: the text says which login, and with which phone.
   */
  legalSignNotice: (operatorName: string, unitName: string) =>
    `${operatorName}提交了${unitName}的电子印章申请，待您签署授权。请以“个人登录”（使用本手机号）登录电子印章，在“待办中心”处理。`,
} as const
