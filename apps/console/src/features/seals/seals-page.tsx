import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components'
import type { ConsoleSealItem, SealSearchQuery } from '@seal/shared/api/console'
import { sealStatusWideLabels, type SealStatusWide } from '@seal/shared/codes/seal-status'
import { sealTypeLabel, sealTypeLabels } from '@seal/shared/codes/seal-type'
import { Alert, Button, Image } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { formatTime } from '../../lib/format.ts'
import { useKeysetList } from '../../lib/keyset-list.ts'
import { messageOf } from '../../lib/request.ts'
import { SealStatusBadge } from './seal-status-badge.tsx'

const statusOptions = Object.fromEntries(
  Object.entries(sealStatusWideLabels).map(([code, label]) => [code, { text: label }]),
)
const typeOptions = Object.fromEntries(
  Object.entries(sealTypeLabels).map(([code, label]) => [code, { text: label }]),
)
type Filters = Omit<SealSearchQuery, 'lastId' | 'pageSize'>

function filtersOf(fields: Record<string, string | undefined>): Filters {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([key, value]) => (value?.trim() ? [[key, value.trim()]] : [])),
  )
}

/** 印章: every seal, found by unit, holder, code and status. */
export default function SealsPage() {
  const [filters, setFilters] = useState<Filters>({})
  const seals = useKeysetList<ConsoleSealItem>(['admin', 'seals'], '/admin/seals', filters)

  const columns: ProColumns<ConsoleSealItem>[] = [
    { title: '单位名称', dataIndex: 'unitName', hideInTable: true },
    { title: '统一社会信用代码', dataIndex: 'socialCreditCode', hideInTable: true },
    { title: '持有人姓名', dataIndex: 'personName', hideInTable: true },
    { title: '身份证号', dataIndex: 'identityNo', hideInTable: true },
    { title: '印章编码', dataIndex: 'sealCode', hideInTable: true },
    {
      title: '印章',
      dataIndex: 'pictureUrl',
      hideInSearch: true,
      width: 80,
      render: (_, row) => (
        <Image
          src={row.pictureUrl}
          alt={`${row.sealName}印章图片`}
          width={56}
          height={56}
          style={{ objectFit: 'contain' }}
        />
      ),
    },
    {
      title: '印章名称',
      dataIndex: 'sealName',
      hideInSearch: true,
      render: (_, row) => <Link to={`/seals/${row.id}`}>{row.sealName}</Link>,
    },
    {
      title: '印章类型',
      dataIndex: 'sealTypeCode',
      valueEnum: typeOptions,
      render: (_, row) => sealTypeLabel(row.sealTypeCode),
    },
    {
      title: '备案号',
      dataIndex: 'sealCodeShown',
      hideInSearch: true,
      render: (_, row) => row.sealCode || '-',
    },
    {
      title: '所属',
      dataIndex: 'owner',
      hideInSearch: true,
      render: (_, row) =>
        row.ownerKind === 'unit'
          ? `${row.unitName ?? ''}（法定代表人 ${row.holderName}）`
          : `个人：${row.holderName}`,
    },
    {
      title: '状态',
      dataIndex: 'status',
      valueEnum: statusOptions,
      width: 100,
      render: (_, row) => <SealStatusBadge status={row.status as SealStatusWide} />,
    },
    {
      title: '证书有效期',
      dataIndex: 'cert',
      hideInSearch: true,
      render: (_, row) =>
        `${formatTime(row.certStartTime).slice(0, 10)} 至 ${formatTime(row.certEndTime).slice(0, 10)}`,
    },
    {
      title: '操作',
      valueType: 'option',
      width: 80,
      render: (_, row) => <Link to={`/seals/${row.id}`}>详情</Link>,
    },
  ]

  return (
    <PageContainer
      title="印章"
      content="按单位、持有人、印章编码和状态查找印章，查看证书、授权、绑定和用章记录。"
    >
      {seals.isError && (
        <Alert type="error" showIcon message={messageOf(seals.error)} style={{ marginBottom: 16 }} />
      )}
      <ProTable<ConsoleSealItem, Record<string, string | undefined>>
        rowKey="id"
        headerTitle="印章列表"
        columns={columns}
        dataSource={seals.records}
        loading={seals.isFetching}
        search={{ labelWidth: 'auto', searchText: '查询', resetText: '重置', defaultCollapsed: false }}
        onSubmit={(fields) => setFilters(filtersOf(fields))}
        onReset={() => setFilters({})}
        pagination={false}
        options={{ reload: () => void seals.refetch(), density: false, setting: false }}
        locale={{ emptyText: '没有符合条件的印章' }}
        footer={() =>
          seals.hasNextPage ? (
            <div style={{ textAlign: 'center' }}>
              <Button onClick={() => void seals.fetchNextPage()} loading={seals.isFetchingNextPage}>
                加载更多
              </Button>
            </div>
          ) : null
        }
      />
    </PageContainer>
  )
}
