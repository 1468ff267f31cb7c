import { totpCode } from '@seal/shared/api/operators'
import { Alert, Button, Form, Input, Skeleton, Space, Typography } from 'antd'
import { useState } from 'react'
import { messageOf } from '../../lib/request.ts'
import { zodRule } from '../../lib/zod-rule.ts'
import { useConfirmTotp, useTotpEnrolment } from './api/totp.ts'

/** The QR code as a picture: the server's SVG as a data address (the CSP allows data: pictures, no inline markup). */
const svgPicture = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`

/** 绑定动态验证码: scan the QR code (or type the secret) into an authenticator app, then type its first code. */
export function TotpEnrolment({ onDone }: { onDone: () => void }) {
  const enrolment = useTotpEnrolment(true)
  const confirm = useConfirmTotp()
  const [failure, setFailure] = useState<string | null>(null)

  if (enrolment.isPending) return <Skeleton active />
  if (enrolment.isError)
    return (
      <Alert
        type="error"
        showIcon
        message={messageOf(enrolment.error)}
        action={<Button onClick={() => void enrolment.refetch()}>重试</Button>}
      />
    )

  const onFinish = async ({ code }: { code: string }) => {
    setFailure(null)
    try {
      await confirm.mutateAsync(code.trim())
      onDone()
    } catch (error) {
      setFailure(messageOf(error))
    }
  }
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        用身份验证器应用（如 Google Authenticator、Microsoft
        Authenticator、FreeOTP）扫描二维码，或手动输入密钥，然后输入应用显示的6位动态验证码。
      </Typography.Paragraph>
      <div style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
        <img
          src={svgPicture(enrolment.data.qrSvg)}
          alt="动态验证码二维码"
          width={180}
          height={180}
          style={{ border: '1px solid #f0f0f0', borderRadius: 8 }}
        />
        <div>
          <Typography.Text type="secondary">无法扫码时，手动输入密钥：</Typography.Text>
          <Typography.Paragraph
            copyable={{ text: enrolment.data.secret, tooltips: ['复制密钥', '已复制'] }}
            code
            style={{ wordBreak: 'break-all', marginTop: 8 }}
            aria-label="密钥"
          >
            {enrolment.data.secret}
          </Typography.Paragraph>
        </div>
      </div>
      {failure && <Alert type="error" showIcon message={failure} />}
      <Form layout="vertical" onFinish={onFinish} disabled={confirm.isPending}>
        <Form.Item
          label="动态验证码"
          name="code"
          rules={[zodRule(totpCode, { required: '请输入6位动态验证码' })]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={confirm.isPending}>
          完成绑定
        </Button>
      </Form>
    </Space>
  )
}
