import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components'
import type { ReviewListItem } from '@seal/shared/api/unit-apply-admin'
import { applyStatus, applyStatusLabels, type ApplyStatus } from '@seal/shared/codes/apply-status'
import { businessTypeLabels, type BusinessType } from '@seal/shared/codes/business-type'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { Alert, Button, Tag } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { formatTime } from '../../lib/format.ts'
import { messageOf } from '../../lib/request.ts'
import { useApplications, type ReviewFilters } from './api/list-applications.ts'
import { applicantKindLabels, doorLabel } from './labels.ts'

const statusOptions = Object.fromEntries(
  Object.entries(applyStatusLabels)
    .filter(([status]) => status !== applyStatus.TEMPORARY_SAVE)
    .map(([status, label]) => [status, { text: label }]),
)
const businessOptions = Object.fromEntries(
  Object.entries(businessTypeLabels).map(([type, label]) => [type, { text: label }]),
)

type SearchFields = {
  applyStatus?: string
  businessType?: string
  unitName?: string
  socialCreditCode?: string
}

/** Empty fields of the search form are no filter. */
function filtersOf(fields: SearchFields): ReviewFilters {
  const filters: ReviewFilters = {}
  if (fields.applyStatus) filters.status = fields.applyStatus
  if (fields.businessType) filters.businessType = fields.businessType
  if (fields.unitName?.trim()) filters.unitName = fields.unitName.trim()
  if (fields.socialCreditCode?.trim()) filters.socialCreditCode = fields.socialCreditCode.trim().toUpperCase()
  return filters
}

/** 审核队列: enterprise applications waiting for a reviewer (or in any status after submission), oldest first. */
export default function ReviewQueuePage() {
  const [filters, setFilters] = useState<ReviewFilters>({ status: applyStatus.PENDING_REVIEW })
  const applications = useApplications(filters)
  const records = applications.data?.pages.flatMap((page) => page.records) ?? []

  const columns: ProColumns<ReviewListItem>[] = [
    {
      title: '单位名称',
      dataIndex: 'unitName',
      ellipsis: true,
      render: (_, row) => <Link to={`/review/${row.id}`}>{row.unitName || '（未填写）'}</Link>,
    },
    { title: '统一社会信用代码', dataIndex: 'socialCreditCode', copyable: true },
    {
      title: '业务类型',
      dataIndex: 'businessType',
      valueEnum: businessOptions,
      render: (_, row) => businessTypeLabels[row.businessType as BusinessType] ?? row.businessType,
    },
    { title: '状态', dataIndex: 'applyStatus', valueEnum: statusOptions, hideInTable: true },
    {
      title: '申请方式',
      dataIndex: 'applyType',
      hideInSearch: true,
      render: (_, row) => applicantKindLabels[row.applyType] ?? row.applyType,
    },
    { title: '来源', dataIndex: 'door', hideInSearch: true, render: (_, row) => doorLabel(row.door) },
    {
      title: '印章',
      dataIndex: 'sealTypes',
      hideInSearch: true,
      render: (_, row) =>
        row.sealTypes.map((code, i) => <Tag key={`${code}-${i}`}>{sealTypeLabel(code)}</Tag>),
    },
    {
      title: '待审原因',
      key: 'why',
      hideInSearch: true,
      render: (_, row) => (
        <>
          {row.companyVerifyPass === false && <Tag color="error">单位核验未通过</Tag>}
          {row.manualReview && <Tag color="warning">印模需人工处理</Tag>}
          {row.companyVerifyPass !== false && !row.manualReview && <Tag>人工审核</Tag>}
        </>
      ),
    },
    {
      title: '提交时间',
      dataIndex: 'submittedAt',
      hideInSearch: true,
      render: (_, row) => formatTime(row.submittedAt),
    },
    {
      title: '当前状态',
      dataIndex: 'applyStatusShown',
      hideInSearch: true,
      render: (_, row) => applyStatusLabels[row.applyStatus as ApplyStatus] ?? row.applyStatus,
    },
    {
      title: '操作',
      valueType: 'option',
      render: (_, row) => (
        <Link key="open" to={`/review/${row.id}`}>
          {row.applyStatus === applyStatus.PENDING_REVIEW ? '审核' : '查看'}
        </Link>
      ),
    },
  ]

  return (
    <PageContainer title="审核队列" content="单位电子印章申请：按提交时间先后排列，逐枚印章通过或驳回。">
      {applications.isError && (
        <Alert
          type="error"
          showIcon
          message={messageOf(applications.error)}
          style={{ marginBottom: 16 }}
          action={<Button onClick={() => void applications.refetch()}>重试</Button>}
        />
      )}
      <ProTable<ReviewListItem, SearchFields>
        rowKey="id"
        headerTitle="申请列表"
        columns={columns}
        dataSource={records}
        loading={applications.isFetching}
        form={{ initialValues: { applyStatus: applyStatus.PENDING_REVIEW } }}
        search={{ labelWidth: 'auto', defaultCollapsed: false, searchText: '查询', resetText: '重置' }}
        onSubmit={(fields) => setFilters(filtersOf(fields))}
        onReset={() => setFilters({ status: applyStatus.PENDING_REVIEW })}
        options={{ reload: () => void applications.refetch(), density: false, setting: false }}
        pagination={false}
        locale={{ emptyText: '没有符合条件的申请' }}
        footer={() =>
          applications.hasNextPage ? (
            <div style={{ textAlign: 'center' }}>
              <Button
                onClick={() => void applications.fetchNextPage()}
                loading={applications.isFetchingNextPage}
              >
                加载更多
              </Button>
            </div>
          ) : records.length ? (
            <div style={{ textAlign: 'center', color: '#999' }}>共 {records.length} 条，已全部加载</div>
          ) : null
        }
      />
    </PageContainer>
  )
}
