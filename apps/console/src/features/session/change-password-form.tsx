import { operatorPassword } from '@seal/shared/api/operators'
import { Alert, App, Button, Form, Input } from 'antd'
import { useState } from 'react'
import { messageOf } from '../../lib/request.ts'
import { zodRule } from '../../lib/zod-rule.ts'
import { useChangePassword } from './api/change-password.ts'

type Fields = { oldPassword: string; newPassword: string; confirm: string }

/** 修改密码: the old one, a new one by the operator password rule, and the same again. */
export function ChangePasswordForm({
  oldLabel = '原密码',
  onDone,
}: {
  oldLabel?: string
  onDone?: () => void
}) {
  const [form] = Form.useForm<Fields>()
  const change = useChangePassword()
  const { message } = App.useApp()
  const [failure, setFailure] = useState<string | null>(null)

  const onFinish = async ({ oldPassword, newPassword }: Fields) => {
    setFailure(null)
    try {
      await change.mutateAsync({ oldPassword, newPassword })
      form.resetFields()
      void message.success('密码已修改')
      onDone?.()
    } catch (error) {
      setFailure(messageOf(error))
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={onFinish}
      disabled={change.isPending}
      style={{ maxWidth: 420 }}
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form.Item
        label={oldLabel}
        name="oldPassword"
        rules={[{ required: true, message: `请输入${oldLabel}` }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="newPassword"
        rules={[zodRule(operatorPassword, { required: '请输入新密码' })]}
        extra="10-64位，包含大写字母、小写字母、数字、符号中的至少三种"
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error('两次输入的密码不一致')
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        修改密码
      </Button>
    </Form>
  )
}
