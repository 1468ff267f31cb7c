import { Popover } from 'antd-mobile'
import type { UseRecordItem } from '@seal/shared/api/use-records'
import { UseRecordDocument } from './use-record-document.tsx'
import { foldRemark, formatUseTime, groupByMonth } from './use-record-logic.ts'

/**
 * Use records by month, newest first; each card with its remark (folded when long), file, seal, platform,
 * user and time, and 查看 / 下载 of the signed document when the record keeps one.
 */
export function UseRecordList({ records }: { records: UseRecordItem[] }) {
  return (
    <>
      {groupByMonth(records).map((group) => (
        <section key={group.month} className="use-record-month">
          <h3>{group.month}</h3>
          {group.records.map((record) => (
            <UseRecordCard key={record.id} record={record} />
          ))}
        </section>
      ))}
    </>
  )
}

function UseRecordCard({ record }: { record: UseRecordItem }) {
  const remark = foldRemark(record.remark)
  const rows: [string, string | null][] = [
    ['文件名称', record.fileName],
    ['使用印章', record.sealName],
    ['业务平台', record.platformName ?? record.businessName],
    ['使用人', record.name],
    ['用章时间', formatUseTime(record.timestamp)],
  ]
  return (
    <article className="use-record-card" aria-label={record.fileName}>
      <p className="use-record-remark">
        {remark.text || '（无备注）'}
        {remark.folded && (
          <Popover content={<div className="use-record-popover">{record.remark}</div>} trigger="click" placement="bottom">
            <button type="button" className="use-record-more">
              查看详情
            </button>
          </Popover>
        )}
      </p>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      {record.fileId && <UseRecordDocument fileId={record.fileId} fileName={record.fileName} />}
    </article>
  )
}
