import type { OfflineApplyDetail } from '@seal/shared/api/offline-apply'
import { offlineStatus } from '@seal/shared/codes/offline-status'

export type OfflineResultView = {
  icon: 'success' | 'error' | 'waiting' | 'info' | 'warning'
  description: string
}

/**
 * What the result pages say under an offline application's status label (001 §4 "Offline apply status",
 * §9 "Manual review 1-2 working days").
 *
 * @example
 * offlineResultView({ applyStatus: 5, failReason: '材料不清晰' }).icon // 'error'
 */
export function offlineResultView(
  detail: Pick<OfflineApplyDetail, 'applyStatus' | 'failReason'>,
): OfflineResultView {
  switch (detail.applyStatus) {
    case offlineStatus.DRAFT:
      return { icon: 'info', description: '申请尚未提交，可继续填写后提交' }
    case offlineStatus.SUBMITTED:
      return {
        icon: 'waiting',
        description:
          '请下载申请材料，签字并加盖单位公章后邮寄至平台，并填写快递信息。平台收到材料后人工审核（1-2个工作日）',
      }
    case offlineStatus.MAILED:
      return {
        icon: 'waiting',
        description: '平台收到纸质材料后人工审核（1-2个工作日），审核结果将以短信通知',
      }
    case offlineStatus.DOCUMENTS_UPLOADED:
    case offlineStatus.PENDING_REVIEW:
      return { icon: 'waiting', description: '平台人工审核中（1-2个工作日），审核结果将以短信通知' }
    case offlineStatus.PENDING_LEGAL_SIGN:
      return { icon: 'waiting', description: '等待法定代表人签署申请文件' }
    case offlineStatus.SEALING:
      return { icon: 'waiting', description: '审核已通过，电子印章制作中，预计1个工作日内出证' }
    case offlineStatus.SUCCESS:
    case offlineStatus.SUCCESS_AFTER_SYSTEM_REVIEW:
      return { icon: 'success', description: '电子印章已制作完成，需法定代表人激活后使用' }
    case offlineStatus.PARTLY_SUCCESS:
      return { icon: 'warning', description: '部分印章审核未通过，可查看原因后重新申请' }
    case offlineStatus.FAILURE:
      return {
        icon: 'error',
        description: detail.failReason
          ? `失败原因：${detail.failReason}`
          : '审核未通过，可查看原因后重新申请',
      }
    case offlineStatus.WITHDRAWN:
      return { icon: 'info', description: '申请已撤回，如需办理请重新申请' }
    case offlineStatus.LEGAL_REFUSED:
      return { icon: 'error', description: '法定代表人拒绝签署，可重新申请' }
    case offlineStatus.CANCELLED:
      return { icon: 'info', description: '申请已取消' }
    default:
      return { icon: 'waiting', description: '申请已提交' }
  }
}

/** Decided: the seals' outcomes (step-5) are there to read. */
export const isDecided = (code: number) =>
  code === offlineStatus.SUCCESS ||
  code === offlineStatus.PARTLY_SUCCESS ||
  code === offlineStatus.FAILURE ||
  code === offlineStatus.SUCCESS_AFTER_SYSTEM_REVIEW
