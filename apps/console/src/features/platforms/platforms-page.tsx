import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components'
import type { PlatformView } from '@seal/shared/api/platforms-admin'
import { Alert, App, Badge, Button, Popconfirm, Space } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { ShownOnceModal, type ShownOnceSecret } from '../../components/shown-once.tsx'
import { formatTime } from '../../lib/format.ts'
import { messageOf } from '../../lib/request.ts'
import { mayCall } from '../../lib/roles.ts'
import { useMe } from '../session/api/me.ts'
import { usePlatforms } from './api/list-platforms.ts'
import { useRegisterPlatform } from './api/register-platform.ts'
import { useRotateSecret } from './api/rotate-secret.ts'
import { useUpdatePlatform } from './api/update-platform.ts'
import { PlatformForm } from './platform-form.tsx'

/** 平台管理: business platforms that seal through the open API; register, change, disable, rotate, deliveries. */
export default function PlatformsPage() {
  const platforms = usePlatforms()
  const register = useRegisterPlatform()
  const update = useUpdatePlatform()
  const rotate = useRotateSecret()
  const me = useMe()
  const { message } = App.useApp()
  const [secret, setSecret] = useState<ShownOnceSecret | null>(null)
  const mayWrite = mayCall(me.data?.roles ?? [], 'platformWrite')
  const records = platforms.data?.pages.flatMap((page) => page.platforms) ?? []

  const credentials = (title: string, platform: PlatformView, clientSecret: string): ShownOnceSecret => ({
    title,
    label: 'clientSecret',
    value: clientSecret,
    extra: (
      <p>
        clientId：<code>{platform.clientId}</code>
      </p>
    ),
  })

  const columns: ProColumns<PlatformView>[] = [
    { title: '平台名称', dataIndex: 'clientName' },
    { title: 'clientId', dataIndex: 'clientId', copyable: true },
    { title: '类型', dataIndex: 'platformType' },
    {
      title: 'Webhook 地址',
      dataIndex: 'webhookUrl',
      ellipsis: true,
      render: (_, row) => row.webhookUrl ?? '-',
    },
    { title: '限流（次/分钟）', dataIndex: 'rateLimitPerMinute' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (_, row) =>
        row.status === 'active' ? (
          <Badge status="success" text="启用" />
        ) : (
          <Badge status="error" text="已停用" />
        ),
    },
    { title: '登记时间', dataIndex: 'createdAt', render: (_, row) => formatTime(row.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      render: (_, row) => (
        <Space size={0} wrap>
          <Link to={`/platforms/${row.id}/deliveries`}>推送记录</Link>
          {mayWrite && (
            <>
              <PlatformForm
                title={`编辑平台 ${row.clientName}`}
                platform={row}
                trigger={
                  <Button type="link" size="small">
                    编辑
                  </Button>
                }
                onSubmit={async (body) => {
                  await update.mutateAsync({ id: row.id, ...body })
                  void message.success('修改成功')
                }}
              />
              <Popconfirm
                title={
                  row.status === 'active'
                    ? `停用平台「${row.clientName}」？停用后其接口调用将被拒绝。`
                    : `启用平台「${row.clientName}」？`
                }
                onConfirm={async () => {
                  try {
                    await update.mutateAsync({
                      id: row.id,
                      status: row.status === 'active' ? 'disabled' : 'active',
                    })
                    void message.success(row.status === 'active' ? '已停用' : '已启用')
                  } catch (error) {
                    void message.error(messageOf(error))
                  }
                }}
              >
                <Button type="link" size="small" danger={row.status === 'active'}>
                  {row.status === 'active' ? '停用' : '启用'}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={`更换「${row.clientName}」的 clientSecret？`}
                description="原密钥及其令牌立即失效，平台须改用新密钥。"
                onConfirm={async () => {
                  try {
                    const answer = await rotate.mutateAsync(row.id)
                    setSecret(
                      credentials(
                        `「${row.clientName}」的新 clientSecret`,
                        answer.platform,
                        answer.clientSecret,
                      ),
                    )
                  } catch (error) {
                    void message.error(messageOf(error))
                  }
                }}
              >
                <Button type="link" size="small">
                  更换密钥
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ]

  return (
    <PageContainer
      title="平台管理"
      content="通过开放接口用章的业务平台：登记后将 clientId 与 clientSecret 交给平台。"
    >
      {platforms.isError && (
        <Alert type="error" showIcon message={messageOf(platforms.error)} style={{ marginBottom: 16 }} />
      )}
      <ProTable<PlatformView>
        rowKey="id"
        headerTitle="业务平台"
        columns={columns}
        dataSource={records}
        loading={platforms.isFetching}
        search={false}
        pagination={false}
        options={{ reload: () => void platforms.refetch(), density: false, setting: false }}
        locale={{ emptyText: '暂无业务平台' }}
        toolBarRender={() =>
          mayWrite
            ? [
                <PlatformForm
                  key="register"
                  title="登记平台"
                  trigger={<Button type="primary">登记平台</Button>}
                  onSubmit={async (body) => {
                    const answer = await register.mutateAsync(body)
                    setSecret(
                      credentials(
                        `已登记平台「${answer.platform.clientName}」`,
                        answer.platform,
                        answer.clientSecret,
                      ),
                    )
                  }}
                />,
              ]
            : []
        }
        footer={() =>
          platforms.hasNextPage ? (
            <div style={{ textAlign: 'center' }}>
              <Button onClick={() => void platforms.fetchNextPage()} loading={platforms.isFetchingNextPage}>
                加载更多
              </Button>
            </div>
          ) : null
        }
      />
      <ShownOnceModal secret={secret} onClose={() => setSecret(null)} />
    </PageContainer>
  )
}
