import type { ReviewReason } from '@seal/shared/api/unit-apply-admin'
import { applicantKind } from '@seal/shared/codes/business-type'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import type { UnitApplication } from '../tables.ts'
import { madePendingActivation, sameLegalPerson } from './units.ts'

/** The person automatic review would need behind the application (run.ts verifiedLegalRepresentativeBehind), as read. */
export type LegalBehind = { identityType: string; identityNo: string; verifiedAt: Date | null } | null

/** The person whose verification stands behind an application: the signer, or the legal representative applying himself. */
export const legalBehindIdOf = (application: Pick<UnitApplication, 'legalSignedBy' | 'applyType' | 'applicantPersonId'>) =>
  application.legalSignedBy ?? (application.applyType === applicantKind.LEGAL_APPLY ? application.applicantPersonId : null)

/**
 * Why an application waits for a person, coded, in the order a reviewer reads them: the offline door and
 * its materials, a failed unit check, photos left for manual review, the missing online signature, no
 * verified legal representative behind it; then what approval leads to. MANUAL_MODE when a waiting
 * application has no other reason (REVIEW_MODE=manual, or automatic review did not finish).
 */
export function reviewReasonsOf(application: UnitApplication, legalBehind: LegalBehind): ReviewReason[] {
  const reasons: ReviewReason[] = []
  const offline = application.form.door === 'OFFLINE'
  if (offline) reasons.push(...offlineReasonsOf(application))
  if (application.companyVerifyPass === false)
    reasons.push({ code: 'UNIT_VERIFY_FAILED', text: `单位核验未通过：${application.companyVerifyReason || '未说明原因'}，已上传材料转人工审核` })
  const photos = application.form.sealInfo
    .filter((item) => item.manualReview)
    .map((item) => item.sealName || item.sealTypeName || sealTypeLabel(item.sealTypeCode))
  if (photos.length > 0) reasons.push({ code: 'IMPRESSION_MANUAL', text: `印模提取失败转人工审核：${photos.join('、')}` })
  const pendingActivation = madePendingActivation(application)
  if (pendingActivation && !offline) reasons.push({ code: 'NO_ONLINE_SIGNATURE', text: '行政事业单位经办人申请，法定代表人未在线签署，转人工审核' })
  if (!pendingActivation && !(legalBehind?.verifiedAt && sameLegalPerson(legalBehind, application)))
    reasons.push({ code: 'LEGAL_NOT_VERIFIED', text: '无经核验的法定代表人签署或申请，须人工核对身份材料' })
  if (pendingActivation) reasons.push({ code: 'PENDING_ACTIVATION', text: '通过后印章为待激活状态，由法定代表人本人激活并设置印章密码' })
  const waiting = reasons.some((reason) => reason.code !== 'PENDING_ACTIVATION')
  if (!waiting && application.applyStatus === applyStatus.PENDING_REVIEW) reasons.push({ code: 'MANUAL_MODE', text: '人工审核：请核对材料后逐枚审核' })
  return reasons
}

/** The offline door: what the unit sent, uploaded or mailed (issue #21), and what arrived. */
function offlineReasonsOf(application: UnitApplication): ReviewReason[] {
  const delivery = application.form.offline?.delivery
  const receipt = application.form.offline?.receipt
  const uploaded = application.form.applicationFiles.length
  const reasons: ReviewReason[] = [
    { code: 'OFFLINE_DOOR', text: '线下材料申请：单位下载申请表签字盖章后上传或邮寄纸质材料，须人工审核' },
    { code: 'OFFLINE_DOCUMENTS', text: uploaded > 0 ? `已上传签署材料${uploaded}份` : '未上传签署材料' },
    {
      code: 'OFFLINE_MAILED',
      text: delivery ? `纸质材料已寄出：${delivery.deliverCompany}，快递单号${delivery.deliverNo}` : '尚未填写纸质材料快递信息',
    },
  ]
  if (receipt)
    reasons.push({
      code: 'OFFLINE_RECEIVED',
      text: `纸质材料已签收（${receipt.receivedBy}）${receipt.missing.length > 0 ? `，缺少：${receipt.missing.join('、')}` : '，材料齐全'}`,
    })
  return reasons
}
