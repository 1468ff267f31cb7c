import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components'
import type { OperatorSummary } from '@seal/shared/api/operators'
import { Alert, App, Badge, Button, Popconfirm, Space } from 'antd'
import { useState } from 'react'
import { RoleTags } from '../../components/role-tags.tsx'
import { ShownOnceModal, type ShownOnceSecret } from '../../components/shown-once.tsx'
import { formatTime } from '../../lib/format.ts'
import { messageOf } from '../../lib/request.ts'
import { mayCall } from '../../lib/roles.ts'
import { useMe } from '../session/api/me.ts'
import { useOperators } from './api/list-operators.ts'
import { useUpdateOperator, type UpdateOperatorBody } from './api/update-operator.ts'
import { CreateOperatorForm, EditOperatorForm } from './operator-form.tsx'

/** 操作员管理: the accounts, their roles and second factor; create, disable, reset TOTP or password. */
export default function OperatorsPage() {
  const operators = useOperators()
  const update = useUpdateOperator()
  const me = useMe()
  const { message } = App.useApp()
  const [secret, setSecret] = useState<ShownOnceSecret | null>(null)
  const mayWrite = mayCall(me.data?.roles ?? [], 'adminWrite')

  const act = async (operator: OperatorSummary, body: UpdateOperatorBody, done: string) => {
    try {
      const answer = await update.mutateAsync({ id: operator.id, ...body })
      if (answer.initialPassword) {
        setSecret({
          title: `${operator.displayName} 的新初始密码`,
          label: '初始密码',
          value: answer.initialPassword,
          extra: <p>请将初始密码告知本人，首次登录时须修改密码。</p>,
        })
      } else void message.success(done)
    } catch (error) {
      void message.error(messageOf(error))
    }
  }

  const columns: ProColumns<OperatorSummary>[] = [
    { title: '用户名', dataIndex: 'username' },
    { title: '姓名', dataIndex: 'displayName' },
    { title: '角色', dataIndex: 'roles', render: (_, row) => <RoleTags roles={row.roles} /> },
    {
      title: '动态验证码',
      dataIndex: 'totpEnrolled',
      render: (_, row) =>
        row.totpEnrolled ? (
          <Badge status="success" text="已绑定" />
        ) : (
          <Badge status="default" text="未绑定" />
        ),
    },
    {
      title: '状态',
      dataIndex: 'disabled',
      render: (_, row) =>
        row.disabled ? <Badge status="error" text="已停用" /> : <Badge status="processing" text="正常" />,
    },
    { title: '最近登录', dataIndex: 'lastLoginAt', render: (_, row) => formatTime(row.lastLoginAt) },
    { title: '创建时间', dataIndex: 'createdAt', render: (_, row) => formatTime(row.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !mayWrite,
      render: (_, row) => (
        <Space size={0} wrap>
          <EditOperatorForm operator={row} />
          <Popconfirm
            title={
              row.disabled
                ? `启用 ${row.displayName} 的账号？`
                : `停用 ${row.displayName} 的账号？停用后其会话立即失效。`
            }
            onConfirm={() => act(row, { disabled: !row.disabled }, row.disabled ? '已启用' : '已停用')}
          >
            <Button type="link" size="small" danger={!row.disabled}>
              {row.disabled ? '启用' : '停用'}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={`重置 ${row.displayName} 的动态验证码？其下次登录时须重新绑定。`}
            onConfirm={() => act(row, { resetTotp: true }, '已重置动态验证码')}
          >
            <Button type="link" size="small">
              重置动态验证码
            </Button>
          </Popconfirm>
          <Popconfirm
            title={`为 ${row.displayName} 重置密码？将生成新的初始密码。`}
            onConfirm={() => act(row, { resetPassword: true }, '已重置密码')}
          >
            <Button type="link" size="small">
              重置密码
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]

  return (
    <PageContainer title="操作员管理" content="操作员以用户名、密码和动态验证码登录，按角色使用后台功能。">
      {operators.isError && (
        <Alert
          type="error"
          showIcon
          message={messageOf(operators.error)}
          style={{ marginBottom: 16 }}
          action={<Button onClick={() => void operators.refetch()}>重试</Button>}
        />
      )}
      <ProTable<OperatorSummary>
        rowKey="id"
        headerTitle="操作员列表"
        columns={columns}
        dataSource={operators.data?.list}
        loading={operators.isFetching}
        search={false}
        pagination={{ defaultPageSize: 20 }}
        options={{ reload: () => void operators.refetch(), density: false, setting: false }}
        toolBarRender={() =>
          mayWrite
            ? [
                <CreateOperatorForm
                  key="create"
                  onCreated={(answer) =>
                    setSecret({
                      title: `已创建操作员 ${answer.operator.displayName}`,
                      label: '初始密码',
                      value: answer.initialPassword,
                      extra: (
                        <p>
                          用户名：{answer.operator.username}
                          。请将初始密码告知本人，首次登录时须修改密码并绑定动态验证码。
                        </p>
                      ),
                    })
                  }
                />,
              ]
            : []
        }
        locale={{ emptyText: '暂无操作员' }}
      />
      <ShownOnceModal secret={secret} onClose={() => setSecret(null)} />
    </PageContainer>
  )
}
