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
} as const
