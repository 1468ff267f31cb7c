import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, ErrorBlock, NavBar, Result } from 'antd-mobile'
import type { UnitApplicationDetail } from '@seal/shared/api/unit-apply'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { messages } from '@seal/shared/messages'
import { beijingDottedDate } from '@seal/shared/text/beijing-time'
import { Loaded } from '../../../components/loaded.tsx'
import { useApplicationResult } from '../../apply-records/api/application-detail.ts'
import { olderChangeRoutes } from '../routes.ts'
import '../older-change.css'

/**
 * `/seal-renewal/step-3?id=` (001 §2): 操作成功 / 电子印章已续期 and 回到首页 (/home) once the renewal is
 * approved, with the seals renewed; while it waits for a reviewer it says so and asks again every 5 s (as
 * the result page does); a rejection says why.
 */
export function RenewalStep3Page() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  const result = useApplicationResult(id)
  const home = () => navigate(olderChangeRoutes.home, { replace: true })
  return (
    <div className="older-page">
      <NavBar onBack={home}>印章续期</NavBar>
      {id ? (
        <Loaded query={result} isEmpty={() => false} emptyTitle="">
          {(detail) => <Outcome detail={detail} />}
        </Loaded>
      ) : (
        <ErrorBlock status="empty" title={messages.missingApplyId} description="" />
      )}
      <div className="older-actions">
        <Button block color="primary" size="large" onClick={home}>
          回到首页
        </Button>
      </div>
    </div>
  )
}

function Outcome({ detail }: { detail: UnitApplicationDetail }) {
  if (detail.applyStatus === applyStatus.APPLY_SUCCESS) {
    return (
      <>
        <Result status="success" title="操作成功" description="电子印章已续期" />
        <section className="unit-section" aria-label="已续期的印章">
          <h2>已续期的印章</h2>
          <ul className="older-renewed">
            {detail.successSealItems.map((item) => (
              <li key={item.itemId ?? item.sealId}>{item.sealName}</li>
            ))}
          </ul>
          {detail.failSealItems.length > 0 && <p className="unit-section-note">未续期：{detail.failSealItems.map((item) => `${item.sealName}（${item.failReason}）`).join('、')}</p>}
        </section>
      </>
    )
  }
  if (detail.applyStatus === applyStatus.APPLY_FAIL) {
    return <Result status="error" title={messages.applyFailed} description={detail.failReason ?? ''} />
  }
  return (
    <Result
      status="waiting"
      title="续期申请已提交"
      description={`等待平台审核，审核需要1-2个工作日${detail.submitTime ? `（提交于 ${beijingDottedDate(detail.submitTime)}）` : ''}`}
    />
  )
}
