import { useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { Button, DotLoading, ErrorBlock, NavBar, Result, Toast } from 'antd-mobile'
import type { ApplyLogAnswer, ApplyLogSeal } from '@seal/shared/api/older-apply'
import type { SealItem } from '@seal/shared/api/seals'
import { applyLogStatus, applyResultFlag } from '@seal/shared/codes/apply-status'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { olderApplyMessages } from '@seal/shared/rules/older-apply'
import { beijingDottedDate, beijingSecond } from '@seal/shared/text/beijing-time'
import { apiLink } from '../../lib/request/request.ts'
import { SupportLine } from '../apply-records/support-line.tsx'
import { APPLY_LOG_POLL_MS, useApplyLog, useSealInfo } from './api/apply-log.ts'
import { olderApplyRoutes } from './older-routes.ts'
import '../apply-records/apply-records.css'
import './older-apply.css'

/** A seal of the success list, from the log or from the seal's own info (flag 1). */
type ShownSeal = Pick<
  ApplyLogSeal,
  'sealId' | 'sealName' | 'sealTypeCode' | 'sealCode' | 'certStartTime' | 'certEndTime' | 'sealPic'
> & { businessName: string; socialCreditCode: string }

const fromSealInfo = (seal: SealItem): ShownSeal => ({
  ...seal,
  sealId: seal.id,
  socialCreditCode: seal.socialCreditCode ?? '',
})
const fromLog = (log: ApplyLogAnswer): ShownSeal[] =>
  log.seals.map((seal) => ({
    ...seal,
    businessName: log.businessName,
    socialCreditCode: log.socialCreditCode,
  }))

/**
 * `/seal-apply/step-5/{flag}/{logId}` 申请结果 (spec 001 §2, §4 "Apply-log result"): flag 1 with status=1 shows
 * the seal `logId` at once, otherwise the log; flag 2 asks for the log every 5 seconds while it says 0
 * (waiting), with a manual refresh; flag 3 asks once. 1 shows the seals made with their validity; 2 the reason,
 * when the platform answered and 重新申请.
 */
export function OlderStep5Page() {
  const navigate = useNavigate()
  const { flag = '', logId = '' } = useParams()
  const [params] = useSearchParams()
  const sealDirect = Number(flag) === applyResultFlag.LOAD && params.get('status') === '1'
  const seal = useSealInfo(logId, sealDirect)
  const log = useApplyLog(logId, { enabled: !sealDirect, poll: Number(flag) === applyResultFlag.POLL })
  const loading = sealDirect ? seal.isPending : log.isPending
  const failed = sealDirect ? seal.isError : log.isError && !log.data

  const refresh = async () => {
    const again = await log.refetch()
    if (!again.isError) Toast.show({ content: messages.refreshed })
  }

  return (
    <div className="older-result-page">
      <NavBar onBack={() => navigate('/home', { replace: true })}>申请结果</NavBar>
      {loading && (
        <div className="unit-apply-loading">
          <DotLoading color="primary" />
        </div>
      )}
      {failed && (
        <ErrorBlock
          status="default"
          title={messages.queryFailed}
          description={(sealDirect ? seal.error : log.error)?.message ?? ''}
        />
      )}
      {sealDirect && seal.data && <Success seals={[fromSealInfo(seal.data)]} />}
      {!sealDirect && log.data?.applyStatus === applyLogStatus.WAITING && (
        <Waiting
          log={log.data}
          refreshing={log.isFetching}
          onRefresh={() => void refresh()}
          polling={Number(flag) === applyResultFlag.POLL}
        />
      )}
      {!sealDirect && log.data?.applyStatus === applyLogStatus.SUCCESS && (
        <Success seals={fromLog(log.data)} failed={log.data.failSeals} />
      )}
      {!sealDirect && log.data?.applyStatus === applyLogStatus.FAILURE && (
        <Failure
          log={log.data}
          onReapply={() => navigate(`${olderApplyRoutes.step1}?reapply=${encodeURIComponent(logId)}`)}
        />
      )}
      <div className="older-result-actions">
        {(sealDirect ? seal.data : log.data?.applyStatus === applyLogStatus.SUCCESS) && (
          <Button block color="primary" onClick={() => navigate(olderApplyRoutes.mySeals)}>
            查看我的印章
          </Button>
        )}
        <Button block onClick={() => navigate('/home', { replace: true })}>
          返回首页
        </Button>
      </div>
      <SupportLine />
    </div>
  )
}

function Waiting({
  log,
  refreshing,
  polling,
  onRefresh,
}: {
  log: ApplyLogAnswer
  refreshing: boolean
  polling: boolean
  onRefresh: () => void
}) {
  return (
    <>
      <Result status="waiting" title="等待处理" description={olderApplyMessages.waiting} />
      <dl className="older-result-facts">
        <dt>单位名称</dt>
        <dd>{log.businessName}</dd>
        <dt>申请印章</dt>
        <dd>{log.sealTypeCode.split(',').filter(Boolean).map(sealTypeLabel).join('、')}</dd>
        {log.timestamp && (
          <>
            <dt>提交时间</dt>
            <dd>{beijingSecond(log.timestamp)}</dd>
          </>
        )}
      </dl>
      {polling && <p className="older-result-note">页面每{APPLY_LOG_POLL_MS / 1000}秒自动刷新审核结果</p>}
      <div className="older-result-actions">
        <Button block color="primary" fill="outline" loading={refreshing} onClick={onRefresh}>
          刷新
        </Button>
      </div>
    </>
  )
}

function Success({ seals, failed = [] }: { seals: ShownSeal[]; failed?: ApplyLogAnswer['failSeals'] }) {
  return (
    <>
      <Result
        status="success"
        title="申请成功"
        description="电子印章已制作完成，可在“我的印章”中查看和使用"
      />
      <ul className="older-result-seals" aria-label="已制作的印章">
        {seals.map((seal) => (
          <li key={seal.sealId} className="older-result-seal">
            {seal.sealPic ? (
              <img
                src={apiLink(seal.sealPic)}
                alt={`${seal.sealName}印章图片`}
                draggable={false}
                onContextMenu={(event) => event.preventDefault()}
              />
            ) : (
              <span className="older-result-seal-empty" aria-hidden />
            )}
            <dl>
              <dt>印章名称</dt>
              <dd>{seal.sealName}</dd>
              <dt>单位名称</dt>
              <dd>{seal.businessName}</dd>
              <dt>信用代码</dt>
              <dd>{seal.socialCreditCode}</dd>
              <dt>印章类型</dt>
              <dd>{sealTypeLabel(seal.sealTypeCode)}</dd>
              <dt>有效期</dt>
              <dd>
                {beijingDottedDate(seal.certStartTime)} - {beijingDottedDate(seal.certEndTime)}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      {failed.length > 0 && <FailedSeals seals={failed} />}
    </>
  )
}

function FailedSeals({ seals }: { seals: ApplyLogAnswer['failSeals'] }) {
  return (
    <ul className="older-result-failed" aria-label="未通过的印章">
      {seals.map((seal) => (
        <li key={`${seal.sealTypeCode}-${seal.sealName}`}>
          <strong>{seal.sealName}</strong>：{seal.failReason ?? messages.applyFailed}
        </li>
      ))}
    </ul>
  )
}

function Failure({ log, onReapply }: { log: ApplyLogAnswer; onReapply: () => void }) {
  return (
    <>
      <Result status="error" title={messages.applyFailed} description={log.failReason ?? ''} />
      <dl className="older-result-facts">
        <dt>单位名称</dt>
        <dd>{log.businessName}</dd>
        {log.feedbackTime && (
          <>
            <dt>反馈时间</dt>
            <dd>{beijingSecond(log.feedbackTime)}</dd>
          </>
        )}
      </dl>
      {log.failSeals.length > 0 && <FailedSeals seals={log.failSeals} />}
      <div className="older-result-actions">
        <Button block color="primary" onClick={onReapply}>
          重新申请
        </Button>
      </div>
    </>
  )
}
