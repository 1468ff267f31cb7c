import { App, Button, Card, Result, Spin, Steps, Typography } from 'antd'
import { Navigate, useNavigate } from 'react-router-dom'
import { messageOf } from '../../lib/request.ts'
import { getToken } from '../../lib/session.ts'
import { useMe } from './api/me.ts'
import { logout } from './api/logout.ts'
import { CenteredCard } from './centered-card.tsx'
import { ChangePasswordForm } from './change-password-form.tsx'
import { TotpEnrolment } from './totp-enrolment.tsx'

/**
 * First login: change the initial password (when the administrator issued one), then bind the TOTP app.
 * The session may do nothing else until both are done (stage 'enrol').
 */
export default function EnrolPage() {
  const me = useMe()
  const navigate = useNavigate()
  if (!getToken()) return <Navigate to="/login" replace />
  if (me.isPending) return <Spin fullscreen tip="加载中" />
  if (me.isError)
    return (
      <Result
        status="error"
        title="无法读取当前账号"
        subTitle={messageOf(me.error)}
        extra={<Button href="/console/login">重新登录</Button>}
      />
    )
  if (me.data.stage === 'full') return <Navigate to="/" replace />

  const step = me.data.mustChangePassword ? 0 : 1
  const onLogout = async () => {
    await logout()
    navigate('/login', { replace: true })
  }
  return (
    <App>
      <CenteredCard width={560}>
        <Card
          title={`首次登录 · ${me.data.name}`}
          extra={
            <Button type="link" onClick={() => void onLogout()}>
              退出登录
            </Button>
          }
        >
          <Steps
            current={step}
            size="small"
            style={{ marginBottom: 24 }}
            items={[{ title: '修改初始密码' }, { title: '绑定动态验证码' }]}
          />
          {step === 0 ? (
            <>
              <Typography.Paragraph type="secondary">
                初始密码由管理员发放，请先设置只有您知道的新密码。
              </Typography.Paragraph>
              <ChangePasswordForm oldLabel="初始密码" />
            </>
          ) : (
            <TotpEnrolment onDone={() => navigate('/', { replace: true })} />
          )}
        </Card>
      </CenteredCard>
    </App>
  )
}
