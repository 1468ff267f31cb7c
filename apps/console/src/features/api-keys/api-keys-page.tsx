import {
  ModalForm,
  PageContainer,
  ProFormCheckbox,
  ProFormText,
  ProTable,
  type ProColumns,
} from '@ant-design/pro-components'
import { createApiKeyBody, type ApiKeySummary } from '@seal/shared/api/operators'
import { Alert, App, Badge, Button, Popconfirm, Typography } from 'antd'
import { useState } from 'react'
import { roleOptions, RoleTags } from '../../components/role-tags.tsx'
import { ShownOnceModal, type ShownOnceSecret } from '../../components/shown-once.tsx'
import { formatTime } from '../../lib/format.ts'
import { messageOf } from '../../lib/request.ts'
import { mayCall } from '../../lib/roles.ts'
import { zodRule } from '../../lib/zod-rule.ts'
import { useMe } from '../session/api/me.ts'
import { useCreateApiKey, type CreateApiKeyBody } from './api/create-api-key.ts'
import { useApiKeys } from './api/list-api-keys.ts'
import { useRevokeApiKey } from './api/revoke-api-key.ts'

/** API 密钥: keys for automation, each limited to roles, shown once, revocable. */
export default function ApiKeysPage() {
  const keys = useApiKeys()
  const create = useCreateApiKey()
  const revoke = useRevokeApiKey()
  const me = useMe()
  const { message } = App.useApp()
  const [secret, setSecret] = useState<ShownOnceSecret | null>(null)
  const mayWrite = mayCall(me.data?.roles ?? [], 'adminWrite')

  const columns: ProColumns<ApiKeySummary>[] = [
    { title: '名称', dataIndex: 'name' },
    {
      title: '密钥前缀',
      dataIndex: 'prefix',
      render: (_, row) => <Typography.Text code>{row.prefix}…</Typography.Text>,
    },
    { title: '角色', dataIndex: 'roles', render: (_, row) => <RoleTags roles={row.roles} /> },
    { title: '创建人', dataIndex: 'createdBy', render: (_, row) => row.createdBy ?? '-' },
    { title: '创建时间', dataIndex: 'createdAt', render: (_, row) => formatTime(row.createdAt) },
    { title: '最近使用', dataIndex: 'lastUsedAt', render: (_, row) => formatTime(row.lastUsedAt) },
    {
      title: '状态',
      dataIndex: 'revokedAt',
      render: (_, row) =>
        row.revokedAt ? (
          <Badge status="default" text={`已吊销 ${formatTime(row.revokedAt)}`} />
        ) : (
          <Badge status="success" text="有效" />
        ),
    },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !mayWrite,
      render: (_, row) =>
        row.revokedAt ? null : (
          <Popconfirm
            title={`吊销密钥「${row.name}」？`}
            description="吊销后使用该密钥的程序将立即无法访问，且不可恢复。"
            okText="吊销"
            okButtonProps={{ danger: true }}
            onConfirm={async () => {
              try {
                await revoke.mutateAsync(row.id)
                void message.success('已吊销')
              } catch (error) {
                void message.error(messageOf(error))
              }
            }}
          >
            <Button type="link" size="small" danger>
              吊销
            </Button>
          </Popconfirm>
        ),
    },
  ]

  return (
    <PageContainer
      title="API 密钥"
      content="供自动化程序调用运营接口，按角色限定权限；密钥只在创建时显示一次。"
    >
      {keys.isError && (
        <Alert type="error" showIcon message={messageOf(keys.error)} style={{ marginBottom: 16 }} />
      )}
      <ProTable<ApiKeySummary>
        rowKey="id"
        headerTitle="密钥列表"
        columns={columns}
        dataSource={keys.data?.list}
        loading={keys.isFetching}
        search={false}
        pagination={{ defaultPageSize: 20 }}
        options={{ reload: () => void keys.refetch(), density: false, setting: false }}
        locale={{ emptyText: '暂无 API 密钥' }}
        toolBarRender={() =>
          mayWrite
            ? [
                <ModalForm<CreateApiKeyBody>
                  key="create"
                  title="创建 API 密钥"
                  trigger={<Button type="primary">创建密钥</Button>}
                  modalProps={{ destroyOnHidden: true, maskClosable: false, okText: '确定' }}
                  width={520}
                  onFinish={async (fields) => {
                    try {
                      const answer = await create.mutateAsync(fields)
                      setSecret({
                        title: `已创建密钥「${answer.apiKey.name}」`,
                        label: 'API 密钥',
                        value: answer.key,
                        extra: <p>调用时放在请求头 Authorization: Bearer &lt;密钥&gt; 中。</p>,
                      })
                      return true
                    } catch (error) {
                      void message.error(messageOf(error))
                      return false
                    }
                  }}
                >
                  <ProFormText
                    name="name"
                    label="名称"
                    placeholder="如：对账脚本"
                    rules={[zodRule(createApiKeyBody.shape.name, { required: '请输入名称' })]}
                  />
                  <ProFormCheckbox.Group
                    name="roles"
                    label="角色"
                    options={roleOptions}
                    rules={[zodRule(createApiKeyBody.shape.roles, { required: '请至少选择一个角色' })]}
                  />
                </ModalForm>,
              ]
            : []
        }
      />
      <ShownOnceModal secret={secret} onClose={() => setSecret(null)} />
    </PageContainer>
  )
}
