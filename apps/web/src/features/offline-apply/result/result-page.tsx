import { useEffect, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Result } from 'antd-mobile'
import type { OfflineApplyDetail } from '@seal/shared/api/offline-apply'
import { offlineActionsOf, offlineStatus, offlineStatusLabel } from '@seal/shared/codes/offline-status'
import { useOfflineDetail } from '../api/offline-apply-detail.ts'
import { offlineDetailState, OfflineFrame } from '../offline-frame.tsx'
import { offlineRoutes } from '../offline-routes.ts'
import { ApplicationSummary, OfflineSupportLine, SealOutcomes } from './application-summary.tsx'
import { isDecided, offlineResultView } from './offline-result-view.ts'
import { offlineActionTexts, useOfflineActions } from './use-offline-actions.ts'

const TITLE = '申请结果'

/**
 * `/seal-apply/operator/step-3-1?applyId=` 申请结果 (spec 001 §2, §4 offline statuses): the application's
 * offline status with its label, what to do next (邮寄材料, 撤回, 重新申请, 继续申请, 取消申请 as the status
 * allows), the materials to download, and home. `intent=withdraw` (the record list's 撤销申请) asks at once.
 */
export function OfflineResultPage() {
  const [params] = useSearchParams()
  const applyId = params.get('applyId') ?? ''
  const detail = useOfflineDetail(applyId)
  const state = offlineDetailState(applyId, detail)
  const navigate = useNavigate()
  const back = () =>
    window.history.length > 1 ? navigate(-1) : navigate(offlineRoutes.home, { replace: true })

  return (
    <OfflineFrame title={TITLE} onBack={back}>
      {'placeholder' in state ? (
        state.placeholder
      ) : (
        <ResultBody detail={state.ready} intent={params.get('intent')} />
      )}
    </OfflineFrame>
  )
}

export function ResultBody({ detail, intent }: { detail: OfflineApplyDetail; intent?: string | null }) {
  const navigate = useNavigate()
  const { act, withdraw, busy } = useOfflineActions()
  const view = offlineResultView(detail)
  // The server says what this caller may do (the operator everything the status allows, the named legal
  // representative 撤回 and 邮寄材料); the order is the status table's.
  const actions = offlineActionsOf(detail.applyStatus).filter((action) => detail.actions.includes(action))
  const asked = useRef(false)

  useEffect(() => {
    if (intent !== 'withdraw' || asked.current || !actions.includes('withdraw')) return
    asked.current = true
    void withdraw(detail.applyId)
  }, [intent, actions, withdraw, detail.applyId])

  const waiting = (
    [offlineStatus.SUBMITTED, offlineStatus.MAILED, offlineStatus.DOCUMENTS_UPLOADED] as number[]
  ).includes(detail.applyStatus)
  const materials = detail.mine && (waiting || detail.applyStatus === offlineStatus.DRAFT)

  return (
    <>
      <Result
        status={view.icon}
        title={detail.statusLabel || offlineStatusLabel(detail.applyStatus)}
        description={view.description}
      />
      <ApplicationSummary detail={detail} />
      <SealOutcomes detail={detail} />
      <OfflineSupportLine />
      <div className="offline-result-actions">
        {actions.map((action) => (
          <Button
            key={action}
            block
            size="large"
            color={action === 'withdraw' || action === 'cancel' ? 'danger' : 'primary'}
            fill={action === 'withdraw' || action === 'cancel' ? 'outline' : 'solid'}
            loading={busy === action}
            disabled={busy !== null}
            onClick={() => void act(action, detail)}
          >
            {offlineActionTexts[action]}
          </Button>
        ))}
        {isDecided(detail.applyStatus) && (
          <Button
            block
            size="large"
            color="primary"
            fill="outline"
            onClick={() => navigate(offlineRoutes.outcome(detail.applyId))}
          >
            查看审核结果
          </Button>
        )}
        {materials && (
          <Button block size="large" onClick={() => navigate(offlineRoutes.download(detail.applyId))}>
            下载申请材料
          </Button>
        )}
        {detail.mine && waiting && (
          <Button block size="large" onClick={() => navigate(offlineRoutes.documents(detail.applyId))}>
            上传申请材料
          </Button>
        )}
        <Button block size="large" onClick={() => navigate(offlineRoutes.home)}>
          返回首页
        </Button>
      </div>
    </>
  )
}
