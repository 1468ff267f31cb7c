import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, ErrorBlock, NavBar, Result } from 'antd-mobile'
import type { UnitApplicationDetail } from '@seal/shared/api/unit-apply'
import { businessTypeLabels, type BusinessType } from '@seal/shared/codes/business-type'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { BEIJING_TIME, beijingMinute } from '@seal/shared/text/beijing-time'
import { Loaded } from '../../components/loaded.tsx'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { useApplicationResult } from './api/application-detail.ts'
import { recordLinks } from './record-links.ts'
import { recordTabOf, storeRecordTab } from './record-tab.ts'
import { resultView, successSealsHeading } from './result-view.ts'
import { SupportLine } from './support-line.tsx'
import './apply-records.css'

/**
 * `/new/seal-result?id=` 申请结果 (spec 001 §2 "Result page", §4, §8 "Failed result page"): the application's
 * status with a large icon, the seals made or the reasons each failed, the customer-service line, and
 * 返回首页 / 申请记录. While the application waits for review or is being sealed the page asks again
 * every 5 seconds. `type=view` (from the record list) goes back to where it came from.
 */
export function ApplyResultPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  const result = useApplicationResult(id)
  const back = () => (params.get('type') === 'view' ? navigate(-1) : navigate(recordLinks.home, { replace: true }))

  return (
    <div className="apply-result-page">
      <NavBar onBack={back}>申请结果</NavBar>
      {id ? (
        <Loaded query={result} isEmpty={() => false} emptyTitle="">
          {(detail) => <ResultBody detail={detail} />}
        </Loaded>
      ) : (
        <ErrorBlock status="empty" title={messages.missingApplyId} description="" />
      )}
    </div>
  )
}

function ResultBody({ detail }: { detail: UnitApplicationDetail }) {
  const navigate = useNavigate()
  const { data: me } = useLoginInfo()
  const view = resultView(detail, { identityNo: me?.personCard })

  const toRecords = () => {
    // The list opens on the tab this application belongs to (spec 001 §2: 0 legal person, 1 operator).
    storeRecordTab(recordTabOf(detail.applyType))
    navigate(recordLinks.list)
  }

  return (
    <>
      <Result status={view.icon} title={view.title} description={view.description || undefined} />
      <section className="apply-result-section" aria-label="申请信息">
        <dl>
          <div>
            <dt>单位名称</dt>
            <dd>{detail.unitName || '—'}</dd>
          </div>
          <div>
            <dt>业务类型</dt>
            <dd>{businessTypeLabels[detail.businessType as BusinessType] ?? detail.businessType}</dd>
          </div>
          <div>
            <dt>提交时间</dt>
            <dd>{detail.submitTime ? `${beijingMinute(detail.submitTime)}（${BEIJING_TIME}）` : '—'}</dd>
          </div>
        </dl>
      </section>
      {detail.successSealItems.length > 0 && (
        <section className="apply-result-section" aria-label={successSealsHeading[detail.businessType] ?? successSealsHeading.APPLY}>
          <h2>{successSealsHeading[detail.businessType] ?? successSealsHeading.APPLY}</h2>
          <ul className="apply-result-seals">
            {detail.successSealItems.map((item, index) => (
              <li key={`${item.sealTypeCode}-${item.sealId ?? index}`}>
                <strong>{sealTypeLabel(item.sealTypeCode)}</strong>
                {item.sealName && item.sealName !== sealTypeLabel(item.sealTypeCode) && <span>{item.sealName}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {detail.failSealItems.length > 0 && (
        <section className="apply-result-section" aria-label="未通过的印章">
          <h2>未通过的印章</h2>
          <ul className="apply-result-seals">
            {detail.failSealItems.map((item, index) => (
              <li key={`${item.sealTypeCode}-${index}`}>
                <strong>{item.sealName || sealTypeLabel(item.sealTypeCode)}</strong>
                <span className="apply-result-reason">{item.failReason || '—'}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <SupportLine />
      <div className="apply-result-actions">
        <Button block color="primary" size="large" onClick={() => navigate(recordLinks.home)}>
          返回首页
        </Button>
        <Button block size="large" onClick={toRecords}>
          申请记录
        </Button>
      </div>
    </>
  )
}
