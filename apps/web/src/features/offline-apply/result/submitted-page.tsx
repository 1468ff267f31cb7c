import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, ErrorBlock, Result } from 'antd-mobile'
import { offlineAllows } from '@seal/shared/codes/offline-status'
import { messages } from '@seal/shared/messages'
import { useOfflineDetail } from '../api/offline-apply-detail.ts'
import { OfflineFailed, OfflineFrame, OfflineLoading } from '../offline-frame.tsx'
import { offlineRoutes } from '../offline-routes.ts'
import { ApplicationSummary, OfflineSupportLine } from './application-summary.tsx'
import { useOfflineActions } from './use-offline-actions.ts'

const TITLE = '提交成功'

/**
 * `/seal-apply/operator/step-3?applyId=` 提交成功 (spec 001 §2 "step-3: result page 'review sent by SMS' with
 * withdraw or go home"): shown once the paper materials' courier is recorded.
 */
export function SubmittedPage() {
  const [params] = useSearchParams()
  const applyId = params.get('applyId') ?? ''
  const detail = useOfflineDetail(applyId)
  const navigate = useNavigate()
  const { withdraw, busy } = useOfflineActions()

  const body = () => {
    if (!applyId) return <ErrorBlock status="empty" title={messages.missingApplyId} description="" />
    if (detail.isError)
      return <OfflineFailed title={messages.queryFailed} onRetry={() => void detail.refetch()} />
    if (!detail.data) return <OfflineLoading />
    const canWithdraw =
      offlineAllows(detail.data.applyStatus, 'withdraw') && detail.data.actions.includes('withdraw')
    return (
      <>
        <Result
          status="success"
          title="提交成功"
          description="平台收到纸质材料后进行人工审核（1-2个工作日），审核结果将以短信方式通知您，请留意查收。"
        />
        <ApplicationSummary detail={detail.data} />
        <OfflineSupportLine />
        <div className="offline-result-actions">
          <Button block size="large" color="primary" onClick={() => navigate(offlineRoutes.home)}>
            返回首页
          </Button>
          <Button block size="large" onClick={() => navigate(offlineRoutes.result(applyId))}>
            查看申请进度
          </Button>
          {canWithdraw && (
            <Button
              block
              size="large"
              color="danger"
              fill="outline"
              loading={busy === 'withdraw'}
              onClick={async () => {
                if (await withdraw(applyId)) navigate(offlineRoutes.result(applyId), { replace: true })
              }}
            >
              撤回
            </Button>
          )}
        </div>
      </>
    )
  }

  return (
    <OfflineFrame title={TITLE} onBack={() => navigate(offlineRoutes.home, { replace: true })}>
      {body()}
    </OfflineFrame>
  )
}
