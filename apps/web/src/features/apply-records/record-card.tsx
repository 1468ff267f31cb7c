import { Button } from 'antd-mobile'
import type { ApplyRecordItem } from '@seal/shared/api/unit-apply'
import { applyRecordActions, applyStatusLabels, type ApplyRecordAction, type ApplyStatus } from '@seal/shared/codes/apply-status'
import { businessTypeLabels, type BusinessType } from '@seal/shared/codes/business-type'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { beijingMinute } from '@seal/shared/text/beijing-time'
import { isOfflineRecord } from './record-links.ts'
import { recordActionTexts } from './use-record-actions.ts'

/** The seal types of a record ('01,04' → 单位公章、合同专用章). */
export function sealTypeNames(sealType: string): string {
  return sealType
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean)
    .map(sealTypeLabel)
    .join('、')
}

/**
 * One application in the record list: unit, business type, seal types, status (coloured by its
 * outcome, apply-records.css), when it was made (Beijing time), why it failed, and its actions.
 */
export function RecordCard({
  record,
  busy,
  onAction,
}: {
  record: ApplyRecordItem
  busy: boolean
  onAction: (action: ApplyRecordAction, record: ApplyRecordItem) => void
}) {
  const actions = applyRecordActions(record.applyStatus)
  return (
    <article className="apply-record-card" aria-label={record.unitName || '未填写单位名称'}>
      <header>
        <h3>{record.unitName || '未填写单位名称'}</h3>
        <span className="apply-record-status" data-status={record.applyStatus}>
          {applyStatusLabels[record.applyStatus as ApplyStatus] ?? record.applyStatus}
        </span>
      </header>
      <dl>
        <div>
          <dt>业务类型</dt>
          <dd>
            {businessTypeLabels[record.businessType as BusinessType] ?? record.businessType}
            {isOfflineRecord(record) && <span className="apply-record-door">线下材料</span>}
          </dd>
        </div>
        <div>
          <dt>印章类型</dt>
          <dd>{sealTypeNames(record.sealType) || '—'}</dd>
        </div>
        <div>
          <dt>申请时间</dt>
          <dd>{beijingMinute(record.createTime)}</dd>
        </div>
        {record.failReason && (
          <div className="apply-record-fail">
            <dt>失败原因</dt>
            <dd>{record.failReason}</dd>
          </div>
        )}
      </dl>
      {actions.length > 0 && (
        <footer>
          {actions.map((action) => (
            <Button
              key={action}
              size="small"
              color={action === 'delete' ? 'danger' : 'primary'}
              fill={action === 'delete' || action === 'withdraw' ? 'outline' : 'solid'}
              disabled={busy}
              onClick={() => onAction(action, record)}
            >
              {recordActionTexts[action]}
            </Button>
          ))}
        </footer>
      )}
    </article>
  )
}
