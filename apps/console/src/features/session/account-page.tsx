import { PageContainer } from '@ant-design/pro-components'
import { operatorRoleNames } from '@seal/shared/api/operator-roles'
import { Card, Descriptions, Tag } from 'antd'
import { useMe } from './api/me.ts'
import { ChangePasswordForm } from './change-password-form.tsx'

/** 账号安全: who is signed in, with which roles, and a new password. */
export default function AccountPage() {
  const me = useMe()
  return (
    <PageContainer title="账号安全">
      <Card title="当前账号" style={{ marginBottom: 16 }}>
        <Descriptions column={2}>
          <Descriptions.Item label="姓名">{me.data?.name}</Descriptions.Item>
          <Descriptions.Item label="角色">
            {me.data?.roles.map((role) => (
              <Tag key={role}>{operatorRoleNames[role]}</Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {me.data?.kind === 'operator' && (
        <Card title="修改密码">
          <ChangePasswordForm />
        </Card>
      )}
    </PageContainer>
  )
}
