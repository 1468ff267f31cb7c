import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components'
import { WAITING, type ReviewListItem } from '@seal/shared/api/unit-apply-admin'
import { applyStatus, applyStatusLabels, type ApplyStatus } from '@seal/shared/codes/apply-status'
import { businessTypeLabels, type BusinessType } from '@seal/shared/codes/business-type'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { Alert, Button, Tag } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { messageOf } from '../../lib/request.ts'
import { useApplications, type ReviewFilters } from './api/list-applications.ts'
import { applicantKindLabels, doorLabel, doorLabels, waitedFor } from './labels.ts'

const statusOptions = Object.fromEntries([
  [WAITING, { text: '待人工审核' }],
  ...Object.entries(applyStatusLabels)
    .filter(([status]) => status !== applyStatus.TEMPORARY_SAVE)
    .map(([status, label]) => [status, { text: label }]),
])
const doorOptions = Object.fromEntries(
  Object.entries(doorLabels).map(([door, label]) => [door, { text: label }]),
)
const businessOptions = Object.fromEntries(
  Object.entries(businessTypeLabels).map(([type, label]) => [type, { text: label }]),
)

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

type SearchFields = { q?: string; applyStatus?: string; businessType?: string; door?: ReviewFilters['door'] }

/** Empty fields of the search form are no filter. */
function filtersOf(fields: SearchFields): ReviewFilters {
  const filters: ReviewFilters = {}
  if (fields.applyStatus) filters.status = fields.applyStatus
  if (fields.businessType) filters.businessType = fields.businessType
  if (fields.door) filters.door = fields.door
  if (fields.q?.trim()) filters.q = fields.q.trim()
  return filters
}

/** 审核队列: enterprise applications waiting for a reviewer (or in any status after submission), oldest first. */
export default function ReviewQueuePage() {
  const [filters, setFilters] = useState<ReviewFilters>({ status: WAITING })
  const applications = useApplications(filters)
  const records = applications.data?.pages.flatMap((page) => page.records) ?? []

  const columns: ProColumns<ReviewListItem>[] = [
    {
      title: '搜索',
      dataIndex: 'q',
      hideInTable: true,
      fieldProps: { placeholder: '单位名称、信用代码、申请人或法定代表人姓名' },
    },
    {
      title: '单位名称',
      dataIndex: 'unitName',
      hideInSearch: true,
      ellipsis: true,
      render: (_, row) => <Link to={`/review/${row.id}`}>{row.unitName || '（未填写）'}</Link>,
    },
    { title: '统一社会信用代码', dataIndex: 'socialCreditCode', hideInSearch: true },
    {
      title: '业务类型',
      dataIndex: 'businessType',
      valueEnum: businessOptions,
      render: (_, row) => businessTypeLabels[row.businessType as BusinessType] ?? row.businessType,
    },
    { title: '状态', dataIndex: 'applyStatus', valueEnum: statusOptions, hideInTable: true },
    { title: '来源', dataIndex: 'door', valueEnum: doorOptions, render: (_, row) => doorLabel(row.door) },
    {
      title: '申请人',
      dataIndex: 'applicantName',
      hideInSearch: true,
      render: (_, row) => `${row.applicantName}（${applicantKindLabels[row.applyType] ?? row.applyType}）`,
    },
    {
      title: '印章',
      dataIndex: 'sealTypes',
      hideInSearch: true,
      render: (_, row) =>
        row.sealTypes.map((code, i) => <Tag key={`${code}-${i}`}>{sealTypeLabel(code)}</Tag>),
    },
    {
      title: '待审原因',
      dataIndex: 'reviewReasons',
      hideInSearch: true,
      render: (_, row) =>
        row.reviewReasons.length
          ? row.reviewReasons.map((reason) => (
              <Tag key={reason.code} color={reasonColours[reason.code] ?? 'default'} title={reason.text}>
                {reason.text.length > 14 ? `${reason.text.slice(0, 14)}…` : reason.text}
              </Tag>
            ))
          : '-',
    },
    {
      title: '已等待',
      dataIndex: 'waitingSince',
      hideInSearch: true,
      render: (_, row) =>
        row.applyStatus === applyStatus.PENDING_REVIEW ? waitedFor(row.waitingSince) : '-',
    },
    {
      title: '审核人',
      dataIndex: 'claim',
      hideInSearch: true,
      render: (_, row) =>
        row.claim ? (
          row.claim.mine ? (
            <Tag color="blue">我已领取</Tag>
          ) : (
            <Tag color="orange">{row.claim.operatorName} 审核中</Tag>
          )
        ) : (
          <span style={{ color: '#999' }}>未领取</span>
        ),
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
    <PageContainer
      title="审核队列"
      content="等待人工审核的单位电子印章申请，按提交时间先后排列：领取后逐枚印章通过或驳回。"
    >
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
        form={{ initialValues: { applyStatus: WAITING } }}
        search={{ labelWidth: 'auto', defaultCollapsed: false, searchText: '查询', resetText: '重置' }}
        onSubmit={(fields) => setFilters(filtersOf(fields))}
        onReset={() => setFilters({ status: WAITING })}
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
