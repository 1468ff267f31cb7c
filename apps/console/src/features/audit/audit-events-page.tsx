import { PageContainer, type ProColumns } from '@ant-design/pro-components'
import type { AuditEventItem } from '@seal/shared/api/console'
import { Popover, Typography } from 'antd'
import { formatTime } from '../../lib/format.ts'
import { AuditSearchTable } from './audit-search-table.tsx'

const columns: ProColumns<AuditEventItem>[] = [
  {
    title: '操作人',
    dataIndex: 'who',
    hideInTable: true,
    fieldProps: { placeholder: '操作员、API 密钥，或用户的手机号、身份证号、姓名' },
  },
  {
    title: '操作',
    dataIndex: 'action',
    fieldProps: { placeholder: '前缀，如 seal. 或 review.' },
    render: (_, row) => <code>{row.action}</code>,
  },
  {
    title: '对象',
    dataIndex: 'target',
    fieldProps: { placeholder: '如申请 ID、印章 ID' },
    ellipsis: true,
    render: (_, row) => row.target ?? '-',
  },
  { title: '时间', dataIndex: 'period', valueType: 'dateTimeRange', hideInTable: true },
  {
    title: '时间',
    dataIndex: 'createdAt',
    hideInSearch: true,
    width: 170,
    render: (_, row) => formatTime(row.createdAt),
  },
  {
    title: '操作人',
    dataIndex: 'actor',
    hideInSearch: true,
    render: (_, row) =>
      row.operatorName ? `运营：${row.operatorName}` : row.personName ? `用户：${row.personName}` : '系统',
  },
  { title: 'IP', dataIndex: 'ip', hideInSearch: true, render: (_, row) => row.ip ?? '-' },
  {
    title: '链上序号',
    dataIndex: 'chainSeq',
    hideInSearch: true,
    render: (_, row) => row.chainSeq ?? '待链接',
  },
  {
    title: '详情',
    dataIndex: 'detail',
    hideInSearch: true,
    render: (_, row) =>
      row.detail ? (
        <Popover
          content={
            <pre style={{ maxWidth: 480, maxHeight: 320, overflow: 'auto', margin: 0 }}>
              {JSON.stringify(row.detail, null, 2)}
            </pre>
          }
        >
          <Typography.Link>查看</Typography.Link>
        </Popover>
      ) : (
        '-'
      ),
  },
]

/** 审计日志: who did what to what, and when; every operator action names the operator. */
export default function AuditEventsPage() {
  return (
    <PageContainer
      title="审计日志"
      content="按操作人、操作、对象和时间查询，每条记录都在哈希链中，可导出为 CSV。"
    >
      <AuditSearchTable<AuditEventItem>
        title="审计日志"
        path="/admin/audit/events"
        exportName="audit-events.csv"
        columns={columns}
      />
    </PageContainer>
  )
}
