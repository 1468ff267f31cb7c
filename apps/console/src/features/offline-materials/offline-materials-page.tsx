import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components'
import type { OfflineMaterialsItem } from '@seal/shared/api/unit-apply-admin'
import { channelLabel } from '@seal/shared/codes/channel'
import { Alert, Badge, Button } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { formatTime } from '../../lib/format.ts'
import { useKeysetList } from '../../lib/keyset-list.ts'
import { messageOf } from '../../lib/request.ts'
import { mayCall } from '../../lib/roles.ts'
import { useMe } from '../session/api/me.ts'
import { ReceiptForm } from './receipt-form.tsx'

type Filters = { received?: string; q?: string }

/** 线下材料: offline applications whose paper was mailed, by waybill and unit; record what the package held. */
export default function OfflineMaterialsPage() {
  const [filters, setFilters] = useState<Filters>({ received: 'false' })
  const list = useKeysetList<OfflineMaterialsItem>(
    ['admin', 'offline-materials'],
    '/admin/offline-materials',
    filters,
  )
  const me = useMe()
  const mayWrite = mayCall(me.data?.roles ?? [], 'reviewWrite')

  const columns: ProColumns<OfflineMaterialsItem>[] = [
    { title: '搜索', dataIndex: 'q', hideInTable: true, fieldProps: { placeholder: '快递单号或单位名称' } },
    {
      title: '签收状态',
      dataIndex: 'received',
      hideInTable: true,
      valueEnum: { false: { text: '待签收' }, true: { text: '已签收' } },
    },
    {
      title: '单位名称',
      dataIndex: 'unitName',
      hideInSearch: true,
      render: (_, row) => <Link to={`/review/${row.id}`}>{row.unitName}</Link>,
    },
    { title: '统一社会信用代码', dataIndex: 'socialCreditCode', hideInSearch: true },
    { title: '申请人', dataIndex: 'applicantName', hideInSearch: true },
    {
      // The channel decides the list of materials (the government list for the government app).
      title: '渠道',
      dataIndex: 'channel',
      hideInSearch: true,
      render: (_, item) => (item.channel ? channelLabel(item.channel) : '—'),
    },
    {
      title: '快递',
      dataIndex: 'delivery',
      hideInSearch: true,
      render: (_, row) => (row.delivery ? `${row.delivery.deliverCompany} ${row.delivery.deliverNo}` : '-'),
    },
    {
      title: '提交时间',
      dataIndex: 'submittedAt',
      hideInSearch: true,
      render: (_, row) => formatTime(row.submittedAt),
    },
    {
      title: '签收',
      dataIndex: 'receipt',
      hideInSearch: true,
      render: (_, row) =>
        row.receipt ? (
          <Badge
            status={row.receipt.missing.length ? 'warning' : 'success'}
            text={`${row.receipt.receivedBy} ${formatTime(row.receipt.receivedAt)}${row.receipt.missing.length ? `（缺 ${row.receipt.missing.length} 项）` : '（齐全）'}`}
          />
        ) : (
          <Badge status="processing" text="待签收" />
        ),
    },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !mayWrite,
      render: (_, row) => <ReceiptForm item={row} />,
    },
  ]

  return (
    <PageContainer
      title="线下材料"
      content="线下申请邮寄的纸质材料：按快递单号或单位查找，签收时对照收件清单逐项核对。"
    >
      {list.isError && (
        <Alert type="error" showIcon message={messageOf(list.error)} style={{ marginBottom: 16 }} />
      )}
      <ProTable<OfflineMaterialsItem, Filters>
        rowKey="id"
        headerTitle="邮寄材料"
        columns={columns}
        dataSource={list.records}
        loading={list.isFetching}
        form={{ initialValues: { received: 'false' } }}
        search={{ labelWidth: 'auto', searchText: '查询', resetText: '重置' }}
        onSubmit={(fields) => setFilters({ received: fields.received, q: fields.q?.trim() || undefined })}
        onReset={() => setFilters({ received: 'false' })}
        pagination={false}
        options={{ reload: () => void list.refetch(), density: false, setting: false }}
        locale={{ emptyText: '没有符合条件的邮寄材料' }}
        footer={() =>
          list.hasNextPage ? (
            <div style={{ textAlign: 'center' }}>
              <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                加载更多
              </Button>
            </div>
          ) : null
        }
      />
    </PageContainer>
  )
}
