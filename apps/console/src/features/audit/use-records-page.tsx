import { PageContainer, type ProColumns } from '@ant-design/pro-components'
import type { ConsoleUseRecord } from '@seal/shared/api/console'
import { useSearchParams } from 'react-router-dom'
import { formatTime } from '../../lib/format.ts'
import { AuditSearchTable } from './audit-search-table.tsx'

const columns: ProColumns<ConsoleUseRecord>[] = [
  { title: '印章 ID', dataIndex: 'sealId', hideInTable: true },
  { title: '用章人', dataIndex: 'person', hideInTable: true, fieldProps: { placeholder: '姓名或身份证号' } },
  { title: '平台 ID', dataIndex: 'platformId', hideInTable: true },
  { title: '时间', dataIndex: 'period', valueType: 'dateTimeRange', hideInTable: true },
  {
    title: '时间',
    dataIndex: 'createdAt',
    hideInSearch: true,
    width: 170,
    render: (_, row) => formatTime(row.createdAt),
  },
  { title: '印章', dataIndex: 'sealName', hideInSearch: true },
  { title: '用章人', dataIndex: 'userName', hideInSearch: true, render: (_, row) => row.userName ?? '-' },
  { title: '文件', dataIndex: 'fileName', hideInSearch: true, ellipsis: true },
  {
    title: '业务',
    dataIndex: 'businessName',
    hideInSearch: true,
    render: (_, row) => row.businessName ?? '-',
  },
  {
    title: '平台',
    dataIndex: 'platformName',
    hideInSearch: true,
    render: (_, row) => row.platformName ?? '-',
  },
  {
    title: '文件摘要',
    dataIndex: 'documentSha256',
    hideInSearch: true,
    render: (_, row) => <code title={row.documentSha256}>{row.documentSha256.slice(0, 12)}…</code>,
  },
  {
    title: '链上序号',
    dataIndex: 'chainSeq',
    hideInSearch: true,
    render: (_, row) => row.chainSeq ?? '待链接',
  },
]

/** 用章记录: every use of every seal, by seal, person, platform and time. */
export default function UseRecordsPage() {
  const [params] = useSearchParams()
  const sealId = params.get('sealId') ?? undefined
  return (
    <PageContainer
      title="用章记录"
      content="每一次用章都在哈希链中：按印章、用章人、平台和时间查询，可导出为 CSV。"
    >
      <AuditSearchTable<ConsoleUseRecord>
        key={sealId}
        title="用章记录"
        path="/admin/audit/use-records"
        exportName="use-records.csv"
        columns={columns}
        initialFilters={sealId ? { sealId } : undefined}
      />
    </PageContainer>
  )
}
