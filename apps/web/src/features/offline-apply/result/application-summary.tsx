import type { OfflineApplyDetail } from '@seal/shared/api/offline-apply'
import { businessTypeNumberLabels, type BusinessTypeNumber } from '@seal/shared/codes/business-type'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { BEIJING_TIME, beijingMinute } from '@seal/shared/text/beijing-time'
import { useIdentityConfig } from '../../../lib/session/use-identity-config.ts'

/** A seal of the application as people name it: an other-type seal by its name, else its type. */
export const sealTitle = (seal: { sealType: string; sealName: string }) =>
  seal.sealType === '99' && seal.sealName ? seal.sealName : seal.sealName || sealTypeLabel(seal.sealType)

/** 申请信息 of the result pages: unit, business, seals, when it was submitted, the courier record. */
export function ApplicationSummary({ detail }: { detail: OfflineApplyDetail }) {
  const delivery = detail.deliveryRecord
  return (
    <section className="offline-result-section" aria-label="申请信息">
      <dl className="offline-summary">
        <div>
          <dt>单位名称</dt>
          <dd>{detail.sealUseCompany || '—'}</dd>
        </div>
        <div>
          <dt>信用代码</dt>
          <dd>{detail.socialCode || '—'}</dd>
        </div>
        <div>
          <dt>业务类型</dt>
          <dd>
            {businessTypeNumberLabels[detail.businessType as BusinessTypeNumber] ?? detail.businessType}
          </dd>
        </div>
        <div>
          <dt>申请印章</dt>
          <dd>{detail.gaSealTypeInfos.map(sealTitle).join('、') || '—'}</dd>
        </div>
        <div>
          <dt>提交时间</dt>
          <dd>{detail.submitTime ? `${beijingMinute(detail.submitTime)}（${BEIJING_TIME}）` : '—'}</dd>
        </div>
        {delivery && (
          <div>
            <dt>快递信息</dt>
            <dd>
              {delivery.deliverCompany} {delivery.deliverNo}
            </dd>
          </div>
        )}
      </dl>
    </section>
  )
}

/** 审核通过的印章 and 未通过的印章 with each reason (001 §8 "a per-seal list with reasons"). */
export function SealOutcomes({ detail }: { detail: OfflineApplyDetail }) {
  return (
    <>
      {detail.successSealItems.length > 0 && (
        <section className="offline-result-section" aria-label="审核通过的印章">
          <h2>审核通过的印章</h2>
          <ul className="offline-result-seals">
            {detail.successSealItems.map((item, index) => (
              <li key={`${item.sealType}-${item.sealId ?? index}`}>
                <strong>{sealTitle(item)}</strong>
                {sealTitle(item) !== sealTypeLabel(item.sealType) && (
                  <span>{sealTypeLabel(item.sealType)}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {detail.failSealItems.length > 0 && (
        <section className="offline-result-section" aria-label="未通过的印章">
          <h2>未通过的印章</h2>
          <ul className="offline-result-seals">
            {detail.failSealItems.map((item, index) => (
              <li key={`${item.sealType}-${index}`}>
                <strong>{sealTitle(item)}</strong>
                <span className="offline-result-reason">{item.failReason || '—'}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {detail.checkRemark && (
        <section className="offline-result-section" aria-label="审核意见">
          <h2>审核意见</h2>
          <p className="offline-remark">{detail.checkRemark}</p>
        </section>
      )}
    </>
  )
}

/** 客服电话 {phone}（hours）on result screens (001 §1, §8), from the configuration. */
export function OfflineSupportLine() {
  const { data: config } = useIdentityConfig()
  if (!config) return null
  return (
    <p className="offline-support-line">
      客服电话 <a href={`tel:${config.supportPhone}`}>{config.supportPhone}</a>（{config.supportHours}）
    </p>
  )
}
