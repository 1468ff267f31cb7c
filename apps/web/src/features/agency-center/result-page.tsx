import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, ErrorBlock, NavBar, Result } from 'antd-mobile'
import type { BacklogDetailAnswer } from '@seal/shared/api/backlog'
import { applyStatus, applyStatusLabels } from '@seal/shared/codes/apply-status'
import { backlogStatus } from '@seal/shared/codes/backlog'
import { messages, ownMessages } from '@seal/shared/messages'
import { Loaded } from '../../components/loaded.tsx'
import { useBacklogDetail } from './api/backlog.ts'
import { agencyLinks } from './links.ts'
import './agency-center.css'

export const SIGNED_TITLE = '已完成签署'

/**
 * `/agency-center/result?id=` 处理结果 (spec 002 §4 "Apply result"): refused by the legal person shows
 * 您已拒绝电子印章申请 with the status 未签署，法人拒绝; otherwise 已完成签署.
 */
export function AgencyResultPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  const detail = useBacklogDetail(id)
  return (
    <div className="agency-result-page">
      <NavBar onBack={() => navigate(agencyLinks.list, { replace: true })}>处理结果</NavBar>
      {id ? (
        <Loaded query={detail} isEmpty={() => false} emptyTitle="">
          {(data) => <ResultBody detail={data} />}
        </Loaded>
      ) : (
        <ErrorBlock status="empty" title={messages.missingApplyId} description="" />
      )}
    </div>
  )
}

/**
 * What became of the application once signed, as it stands now: the review runs as soon as he signs, and an
 * automatic review may already have approved it and made the seals (unit-apply/signing.ts).
 */
function afterSigning(status: string): string {
  if (status === applyStatus.APPLY_SUCCESS) return ownMessages.signedApprovedAndMade
  if (status === applyStatus.SEALING) return ownMessages.signedApprovedMaking
  if (status === applyStatus.APPLY_FAIL) return ownMessages.signedReviewFailed
  if (status === applyStatus.CANCELED) return ownMessages.signedThenWithdrawn
  return ownMessages.signedWaitingReview
}

function ResultBody({ detail }: { detail: BacklogDetailAnswer }) {
  const navigate = useNavigate()
  const item = detail.backLogDetail
  const refused = item.status === backlogStatus.REJECTED
  return (
    <>
      {refused ? (
        <Result status="warning" title={messages.applyRefused} description={applyStatusLabels[applyStatus.LEGAL_REFUSED]} />
      ) : (
        <Result status="success" title={SIGNED_TITLE} description={afterSigning(item.applyStatus)} />
      )}
      <section className="agency-section" aria-label="申请信息">
        <dl>
          <div>
            <dt>单位名称</dt>
            <dd>{detail.companyDetail.companyName}</dd>
          </div>
          <div>
            <dt>印章类型</dt>
            <dd>{item.sealTypeNames || '—'}</dd>
          </div>
          <div>
            <dt>经办人</dt>
            <dd>{item.operationName || '—'}</dd>
          </div>
        </dl>
      </section>
      <div className="agency-actions">
        <Button block color="primary" onClick={() => navigate(agencyLinks.list, { replace: true })}>
          返回待办中心
        </Button>
        <Button block fill="outline" onClick={() => navigate('/home', { replace: true })}>
          返回首页
        </Button>
      </div>
    </>
  )
}
