import type { ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, DotLoading, ErrorBlock, NavBar, Steps } from 'antd-mobile'
import type { OfflineApplyDetail } from '@seal/shared/api/offline-apply'
import { offlineBusinessType } from '@seal/shared/codes/offline-status'
import { messages } from '@seal/shared/messages'
import { unitType } from '@seal/shared/codes/unit-type'
import '../unit-apply/unit-apply.css'
import './offline-apply.css'

/** The pages a flow shows in its progress indicator (001 §4 "Operator flow"). */
export type OfflineStepKey = 'info' | 'download' | 'patterns' | 'documents' | 'mail' | 'result'

const stepTitles: Record<OfflineStepKey, string> = {
  info: '填写信息',
  download: '下载材料',
  patterns: '印章图样',
  documents: '上传材料',
  mail: '寄送材料',
  result: '审核结果',
}

/**
 * The steps of an application's road: a renewal downloads its documents; a new application or change
 * uploads seal patterns; an administrative or public institution applying anew uploads its signed
 * documents; the others mail the paper.
 */
export function offlineSteps(application: { businessType: number; unitTypeCode: string }): OfflineStepKey[] {
  if (application.businessType === offlineBusinessType.RENEWAL) return ['info', 'download', 'mail', 'result']
  if (
    application.businessType === offlineBusinessType.APPLY &&
    application.unitTypeCode === unitType.ADMINISTRATIVE_OR_PUBLIC_INSTITUTION
  )
    return ['info', 'patterns', 'documents', 'result']
  return ['info', 'patterns', 'mail', 'result']
}

/** A page of the offline flow: title bar, the progress of the application's road, the content. */
export function OfflineFrame({
  title,
  onBack,
  progress,
  children,
}: {
  title: string
  onBack?: () => void
  progress?: { step: OfflineStepKey; application: { businessType: number; unitTypeCode: string } }
  children: ReactNode
}) {
  const navigate = useNavigate()
  const steps = progress ? offlineSteps(progress.application) : []
  return (
    <div className="unit-apply-page offline-page">
      <NavBar onBack={onBack ?? (() => navigate(-1))}>{title}</NavBar>
      {progress && (
        <div className="unit-apply-steps" aria-label="申请进度">
          <Steps current={Math.max(steps.indexOf(progress.step), 0)}>
            {steps.map((step) => (
              <Steps.Step key={step} title={stepTitles[step]} />
            ))}
          </Steps>
        </div>
      )}
      {children}
    </div>
  )
}

/** Loading, and a failure with 重试, as every offline page shows them while its application loads. */
export function OfflineLoading() {
  return (
    <div className="unit-apply-loading" role="status">
      <DotLoading color="primary" />
      <span>加载中</span>
    </div>
  )
}

export function OfflineFailed({ title, onRetry }: { title: string; onRetry?: () => void }) {
  return (
    <ErrorBlock status="disconnected" title={title} description="">
      {onRetry && (
        <Button color="primary" onClick={onRetry}>
          重试
        </Button>
      )}
    </ErrorBlock>
  )
}

/**
 * A page of one application (query applyId) before it has it: 参数缺少申请编号 without an applyId, 查询失败
 * with 重试 when the detail cannot be read, loading meanwhile — or the application, ready.
 */
export function offlineDetailState(
  applyId: string,
  detail: { data?: OfflineApplyDetail | undefined; isError: boolean; refetch: () => unknown },
): { ready: OfflineApplyDetail } | { placeholder: ReactNode } {
  if (!applyId)
    return { placeholder: <ErrorBlock status="empty" title={messages.missingApplyId} description="" /> }
  if (detail.isError)
    return {
      placeholder: <OfflineFailed title={messages.queryFailed} onRetry={() => void detail.refetch()} />,
    }
  if (!detail.data) return { placeholder: <OfflineLoading /> }
  return { ready: detail.data }
}
