import type { ReviewListItem } from '@seal/shared/api/unit-apply-admin'
import { applyStatus, applyStatusLabels, type ApplyStatus } from '@seal/shared/codes/apply-status'
import { businessTypeLabels, type BusinessType } from '@seal/shared/codes/business-type'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { Tag, type TableColumnsType } from 'antd'
import { Link } from 'react-router-dom'
import { applicantKindLabels, doorLabel, waitedFor } from './labels.ts'

const reasonColours: Record<string, string> = {
  UNIT_VERIFY_FAILED: 'error',
  IMPRESSION_MANUAL: 'warning',
  LEGAL_NOT_VERIFIED: 'error',
  OFFLINE_DOOR: 'purple',
  OFFLINE_DOCUMENTS: 'purple',
  OFFLINE_MAILED: 'purple',
  OFFLINE_RECEIVED: 'green',
  NO_ONLINE_SIGNATURE: 'gold',
}

const unitNameStyle = {
  display: 'inline-block',
  maxWidth: 180,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const

/** A short column's heading and cells on one line (业务类型, 来源, 已等待…), however the table is squeezed. */
const oneLine = { style: { whiteSpace: 'nowrap' } } as const
const short = { onHeaderCell: () => oneLine, onCell: () => oneLine }

/** The queue's columns: who applies for which seals, why it waits for a person, for how long, and who has it. */
export const reviewColumns: TableColumnsType<ReviewListItem> = [
  {
    title: '单位名称',
    dataIndex: 'unitName',
    // Cut short in the link itself, not by the column's ellipsis: that would fix the table's layout to equal
    // columns, too narrow for the reasons' tags. The table sizes its columns by their content; the widths
    // below keep the short ones from being squeezed to a character a line at 1440 px.
    render: (_, row) => (
      <Link to={`/review/${row.id}`} title={row.unitName} style={unitNameStyle}>
        {row.unitName || '（未填写）'}
      </Link>
    ),
  },
  {
    title: '统一社会信用代码',
    dataIndex: 'socialCreditCode',
    render: (_, row) => row.socialCreditCode || '-',
  },
  {
    title: '业务类型',
    ...short,
    dataIndex: 'businessType',
    width: 80,
    render: (_, row) => businessTypeLabels[row.businessType as BusinessType] ?? row.businessType,
  },
  { title: '来源', dataIndex: 'door', width: 80, ...short, render: (_, row) => doorLabel(row.door) },
  {
    title: '申请人',
    dataIndex: 'applicantName',
    width: 100,
    render: (_, row) => `${row.applicantName}（${applicantKindLabels[row.applyType] ?? row.applyType}）`,
  },
  {
    title: '印章',
    dataIndex: 'sealTypes',
    render: (_, row) => row.sealTypes.map((code, i) => <Tag key={`${code}-${i}`}>{sealTypeLabel(code)}</Tag>),
  },
  {
    title: '待审原因',
    dataIndex: 'reviewReasons',
    width: 170,
    render: (_, row) =>
      row.reviewReasons.length
        ? row.reviewReasons.map((reason) => (
            <Tag
              key={reason.code}
              color={reasonColours[reason.code] ?? 'default'}
              title={reason.text}
              style={{ whiteSpace: 'normal', marginBlock: 2 }}
            >
              {reason.text.length > 14 ? `${reason.text.slice(0, 14)}…` : reason.text}
            </Tag>
          ))
        : '-',
  },
  {
    title: '已等待',
    ...short,
    dataIndex: 'waitingSince',
    width: 72,
    render: (_, row) => (row.applyStatus === applyStatus.PENDING_REVIEW ? waitedFor(row.waitingSince) : '-'),
  },
  {
    title: '审核人',
    ...short,
    dataIndex: 'claim',
    render: (_, row) =>
      row.claim ? (
        row.claim.mine ? (
          <Tag color="blue">我已领取</Tag>
        ) : (
          <Tag color="orange">{row.claim.operatorName} 审核中</Tag>
        )
      ) : (
        <span style={{ color: '#666' }}>未领取</span>
      ),
  },
  {
    title: '当前状态',
    onHeaderCell: () => oneLine,
    key: 'applyStatusShown',
    width: 80,
    render: (_, row) => applyStatusLabels[row.applyStatus as ApplyStatus] ?? row.applyStatus,
  },
  {
    title: '操作',
    ...short,
    key: 'option',
    width: 56,
    render: (_, row) => (
      <Link to={`/review/${row.id}`}>{row.applyStatus === applyStatus.PENDING_REVIEW ? '审核' : '查看'}</Link>
    ),
  },
]
