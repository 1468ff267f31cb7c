import type { UnitApplicationDetail } from '@seal/shared/api/unit-apply'
import { applyStatus, applyStatusLabels, type ApplyStatus } from '@seal/shared/codes/apply-status'
import { messages } from '@seal/shared/messages'

export type ResultView = {
  /** antd-mobile Result's icon. */
  icon: 'success' | 'error' | 'waiting' | 'info' | 'warning'
  title: string
  description: string
}

/** Who looks at the result: the legal representative who refused reads it in the first person. */
export type ResultViewer = { identityNo: string | undefined }

/**
 * What the result page says for an application (spec 001 §2 "Result page", §4 labels, §8 "Failed result
 * page", §9 review times). The title is the status label of the record list; SEALING reads 已完成签署
 * under it, and the legal representative who refused reads 您已拒绝电子印章申请.
 *
 * @example
 * resultView({ ...detail, applyStatus: 'CANCELED' }, { identityNo: undefined }).title // '已撤回'
 */
export function resultView(detail: UnitApplicationDetail, viewer: ResultViewer): ResultView {
  const status = detail.applyStatus as ApplyStatus
  const title = applyStatusLabels[status] ?? detail.applyStatus
  switch (status) {
    case applyStatus.PENDING_REVIEW:
      return {
        icon: 'waiting',
        title,
        description: needsManualReview(detail)
          ? '您的申请已提交，需平台人工审核，预计1-2个工作日内完成，请耐心等待'
          : '您的申请已提交，平台审核通过后制作电子印章，预计1个工作日内出证',
      }
    case applyStatus.PENDING_SIGN:
      return { icon: 'waiting', title, description: '您的申请已提交，等待法定代表人以个人登录（同一手机号）在“待办中心”签署申请文件，签署后平台审核' }
    case applyStatus.SEALING:
      return { icon: 'waiting', title, description: `${messages.signingCompleted}，电子印章制作中，请稍候` }
    case applyStatus.APPLY_SUCCESS:
      return { icon: 'success', title, description: successDescriptions[detail.businessType] ?? successDescriptions.APPLY! }
    case applyStatus.APPLY_FAIL:
      return { icon: 'error', title, description: detail.failReason ? `失败原因：${detail.failReason}` : '' }
    case applyStatus.CANCELED:
      return { icon: 'info', title, description: '申请已撤回，如需办理请重新申请' }
    case applyStatus.LEGAL_REFUSED:
      return { icon: 'error', title: refusedByViewer(detail, viewer) ? messages.applyRefused : title, description: '' }
    case applyStatus.TEMPORARY_SAVE:
      return { icon: 'info', title, description: '申请尚未提交，可在申请记录中继续申请' }
    default:
      return { icon: 'info', title, description: '' }
  }
}

/** What a passed application did, by business type. */
const successDescriptions: Record<string, string> = {
  APPLY: '电子印章已制作完成，可在“管理我的印章”中查看和使用',
  RETRIEVE: '电子印章已找回，可在“管理我的印章”中查看和使用',
  CHANGE: '电子印章已变更，新证书已签发，原证书已吊销',
  RENEWAL: '电子印章已续期，可在“管理我的印章”中查看新的有效期',
  CANCEL: '电子印章已注销，证书已吊销，不可再用于用章',
}

/** What the result page calls the seals a passed application handled, by business type. */
export const successSealsHeading: Record<string, string> = {
  APPLY: '已制作的印章',
  RETRIEVE: '已找回的印章',
  CHANGE: '已变更的印章',
  RENEWAL: '已续期的印章',
  CANCEL: '已注销的印章',
}

/** The unit was not verified online, or an impression went to a reviewer as a photo. */
function needsManualReview(detail: UnitApplicationDetail): boolean {
  return detail.companyVerifyPass !== true || detail.sealInfo.some((seal) => seal.manualReview)
}

function refusedByViewer(detail: UnitApplicationDetail, viewer: ResultViewer): boolean {
  if (detail.mine || !viewer.identityNo) return false
  return viewer.identityNo.toUpperCase() === detail.legalPersonIdentityNo.toUpperCase()
}
