import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components'
import type { WebhookDelivery } from '@seal/shared/api/platforms-admin'
import { Alert, App, Badge, Button, Popconfirm, Segmented, Table, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { formatTime } from '../../lib/format.ts'
import { messageOf } from '../../lib/request.ts'
import { mayCall } from '../../lib/roles.ts'
import { useMe } from '../session/api/me.ts'
import { useDeliveries } from './api/list-deliveries.ts'
import { usePlatforms } from './api/list-platforms.ts'
import { useRequeueDelivery } from './api/requeue-delivery.ts'

const statusBadges: Record<
  WebhookDelivery['status'],
  { status: 'processing' | 'success' | 'error'; text: string }
> = {
  pending: { status: 'processing', text: '待发送' },
  delivered: { status: 'success', text: '已送达' },
  failed: { status: 'error', text: '发送失败' },
}

type Attempt = WebhookDelivery['attemptLog'][number]
const attemptColumns = [
  { title: '第几次', dataIndex: 'attempt', width: 80 },
  { title: '时间', dataIndex: 'at', render: (at: string) => formatTime(at) },
  { title: 'HTTP 状态', dataIndex: 'statusCode', render: (code: number | null) => code ?? '-' },
  { title: '耗时（毫秒）', dataIndex: 'durationMs' },
  { title: '错误', dataIndex: 'error', render: (error: string | null) => error ?? '-' },
]

/** Webhook 推送记录: a platform's deliveries, newest first, each with its attempts; a failed one can be sent again. */
export default function DeliveriesPage() {
  const { platformId = '' } = useParams()
  const navigate = useNavigate()
  const [status, setStatus] = useState<string>('all')
  const deliveries = useDeliveries(platformId, status === 'all' ? undefined : status)
  const requeue = useRequeueDelivery(platformId)
  const platforms = usePlatforms()
  const me = useMe()
  const { message } = App.useApp()
  const platform = platforms.data?.pages.flatMap((page) => page.platforms).find((p) => p.id === platformId)
  const records = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? []
  const mayWrite = mayCall(me.data?.roles ?? [], 'platformWrite')

  const columns: ProColumns<WebhookDelivery>[] = [
    { title: '事件', dataIndex: 'event' },
    { title: '状态', dataIndex: 'status', render: (_, row) => <Badge {...statusBadges[row.status]} /> },
    { title: '尝试次数', dataIndex: 'attempts' },
    { title: '下次尝试', dataIndex: 'nextAttemptAt', render: (_, row) => formatTime(row.nextAttemptAt) },
    { title: '送达时间', dataIndex: 'deliveredAt', render: (_, row) => formatTime(row.deliveredAt) },
    { title: '创建时间', dataIndex: 'createdAt', render: (_, row) => formatTime(row.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !mayWrite,
      render: (_, row) =>
        row.status === 'failed' ? (
          <Popconfirm
            title="重新投递这条推送？"
            onConfirm={async () => {
              try {
                await requeue.mutateAsync(row.id)
                void message.success('已重新排队发送')
              } catch (error) {
                void message.error(messageOf(error))
              }
            }}
          >
            <Button type="link" size="small">
              重新投递
            </Button>
          </Popconfirm>
        ) : null,
    },
  ]

  return (
    <PageContainer
      title={`Webhook 推送记录${platform ? ` · ${platform.clientName}` : ''}`}
      onBack={() => navigate('/platforms')}
    >
      {deliveries.isError && (
        <Alert type="error" showIcon message={messageOf(deliveries.error)} style={{ marginBottom: 16 }} />
      )}
      <ProTable<WebhookDelivery>
        rowKey="id"
        columns={columns}
        dataSource={records}
        loading={deliveries.isFetching}
        search={false}
        pagination={false}
        headerTitle={
          <Segmented
            value={status}
            onChange={(value) => setStatus(String(value))}
            options={[
              { label: '全部', value: 'all' },
              { label: '发送失败', value: 'failed' },
              { label: '待发送', value: 'pending' },
              { label: '已送达', value: 'delivered' },
            ]}
          />
        }
        options={{ reload: () => void deliveries.refetch(), density: false, setting: false }}
        locale={{ emptyText: '暂无推送记录' }}
        expandable={{
          expandedRowRender: (row) => (
            <>
              <Table<Attempt>
                size="small"
                rowKey="attempt"
                columns={attemptColumns}
                dataSource={row.attemptLog}
                pagination={false}
                locale={{ emptyText: '尚未尝试' }}
              />
              <Typography.Paragraph style={{ marginTop: 12 }}>
                <Typography.Text type="secondary">推送内容：</Typography.Text>
                <pre style={{ background: '#fafafa', padding: 12, maxHeight: 240, overflow: 'auto' }}>
                  {JSON.stringify(row.payload, null, 2)}
                </pre>
              </Typography.Paragraph>
            </>
          ),
        }}
        footer={() =>
          deliveries.hasNextPage ? (
            <div style={{ textAlign: 'center' }}>
              <Button onClick={() => void deliveries.fetchNextPage()} loading={deliveries.isFetchingNextPage}>
                加载更多
              </Button>
            </div>
          ) : null
        }
      />
    </PageContainer>
  )
}
