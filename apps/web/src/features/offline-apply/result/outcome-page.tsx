import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, ErrorBlock, Result } from 'antd-mobile'
import type { OfflineApplyDetail } from '@seal/shared/api/offline-apply'
import { offlineAllows, offlineStatusLabel } from '@seal/shared/codes/offline-status'
import { useOfflineDetail } from '../api/offline-apply-detail.ts'
import { offlineDetailState, OfflineFrame } from '../offline-frame.tsx'
import { offlineRoutes } from '../offline-routes.ts'
import { ApplicationSummary, OfflineSupportLine, SealOutcomes } from './application-summary.tsx'
import { offlineResultView } from './offline-result-view.ts'
import { useOfflineActions } from './use-offline-actions.ts'

const TITLE = '申请结果'

/**
 * `/seal-apply/operator/step-5?applyId=` 申请结果 (spec 001 §2 "step-5: result page with success and failure
 * lists", §8 "a per-seal list with reasons"): the seals approved and those rejected with the reviewer's
 * reason; 重新申请 when the status allows it (POST …/reApply/{id}, then step-1 on the new draft).
 */
export function OutcomePage() {
  const [params] = useSearchParams()
  const applyId = params.get('applyId') ?? ''
  const detail = useOfflineDetail(applyId)
  const state = offlineDetailState(applyId, detail)
  const navigate = useNavigate()

  return (
    <OfflineFrame
      title={TITLE}
      onBack={() =>
        window.history.length > 1 ? navigate(-1) : navigate(offlineRoutes.home, { replace: true })
      }
    >
      {'placeholder' in state ? state.placeholder : <OutcomeBody detail={state.ready} />}
    </OfflineFrame>
  )
}

function OutcomeBody({ detail }: { detail: OfflineApplyDetail }) {
  const navigate = useNavigate()
  const { act, busy } = useOfflineActions()
  const view = offlineResultView(detail)
  const canReapply = offlineAllows(detail.applyStatus, 'reapply') && detail.actions.includes('reapply')
  const nothingDecided = detail.successSealItems.length === 0 && detail.failSealItems.length === 0
  return (
    <>
      <Result
        status={view.icon}
        title={detail.statusLabel || offlineStatusLabel(detail.applyStatus)}
        description={view.description}
      />
      <SealOutcomes detail={detail} />
      {nothingDecided && (
        <ErrorBlock
          status="empty"
          title="暂无审核结果"
          description="平台审核后，在此查看每枚印章的审核结果"
        />
      )}
      <ApplicationSummary detail={detail} />
      <OfflineSupportLine />
      <div className="offline-result-actions">
        {canReapply && (
          <Button
            block
            size="large"
            color="primary"
            loading={busy === 'reapply'}
            onClick={() => void act('reapply', detail)}
          >
            重新申请
          </Button>
        )}
        <Button block size="large" onClick={() => navigate(offlineRoutes.home)}>
          返回首页
        </Button>
      </div>
    </>
  )
}
