import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { operatorMessages, operatorUsername, totpCode } from '@seal/shared/api/operators'
import { Alert, Button, Card, Form, Input, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { messageOf, RequestError } from '../../lib/request.ts'
import { takeLoginNotice } from '../../lib/session.ts'
import { zodRule } from '../../lib/zod-rule.ts'
import { useLogin } from './api/login.ts'
import { CenteredCard } from './centered-card.tsx'

type LoginFields = { username: string; password: string; code?: string }

/** Messages about the code: the code field shows them, and appears if it was not there yet. */
const codeMessages: string[] = [
  operatorMessages.codeRequired,
  operatorMessages.codeWrong,
  operatorMessages.codeUsed,
]

/**
 * 登录: username and password; once the operator enrolled TOTP the server asks for the code
 * (请输入动态验证码) and the form shows the code field. An enrolling session goes to the enrolment screen.
 */
export default function LoginPage() {
  const [form] = Form.useForm<LoginFields>()
  const navigate = useNavigate()
  const login = useLogin()
  const [notice] = useState(() =>
    takeLoginNotice() === 'sessionEnded' ? operatorMessages.sessionEnded : null,
  )
  const [needCode, setNeedCode] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const onFinish = async (fields: LoginFields) => {
    setFailure(null)
    try {
      const answer = await login.mutateAsync({
        username: fields.username.trim(),
        password: fields.password,
        code: needCode ? fields.code?.trim() : undefined,
      })
      navigate(answer.stage === 'enrol' ? '/enrol' : '/', { replace: true })
    } catch (error) {
      const message = messageOf(error)
      if (error instanceof RequestError && codeMessages.includes(message)) {
        setNeedCode(true)
        // The field appears now; its message shows once it is on the page.
        setTimeout(() =>
          form.setFields([
            { name: 'code', errors: message === operatorMessages.codeRequired ? [] : [message] },
          ]),
        )
        if (message === operatorMessages.codeRequired) setFailure(message)
        return
      }
      setFailure(message)
    }
  }

  return (
    <CenteredCard>
      <Card>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          电子印章运营管理后台
        </Typography.Title>
        {notice && !failure && (
          <Alert type="warning" showIcon message={notice} style={{ marginBottom: 16 }} />
        )}
        {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          disabled={login.isPending}
        >
          <Form.Item
            label="用户名"
            name="username"
            rules={[zodRule(operatorUsername, { required: '请输入用户名' })]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" size="large" />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
          </Form.Item>
          {needCode && (
            <Form.Item
              label="动态验证码"
              name="code"
              rules={[zodRule(totpCode, { required: operatorMessages.codeRequired })]}
              extra="打开身份验证器应用，输入当前显示的6位数字"
            >
              <Input
                prefix={<SafetyOutlined />}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
                size="large"
                autoFocus
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            登录
          </Button>
        </Form>
      </Card>
    </CenteredCard>
  )
}
