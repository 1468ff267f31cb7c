import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Form, Input, NavBar, Tabs, Toast } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import type { LoginResult } from '@seal/shared/api/auth'
import { resultStatus } from '@seal/shared/api/envelope'
import { lazyZodRule } from '../../lib/form/zod-rule.ts'
import { RequestError, runtimeConfig } from '../../lib/request/request.ts'
import { setToken } from '../../lib/session/session.ts'
import { useIdentityConfig } from '../../lib/session/use-identity-config.ts'
import { StartupNotice } from '../startup/startup-notice.tsx'
import { startupMessages } from '../startup/startup-gate.tsx'
import { loginEnterprise, loginPersonal } from './api/login.ts'
import { SmsCodeButton } from './sms-code-button.tsx'
import './login-page.css'

type Kind = 'personal' | 'enterprise'

// The shared login rules (zod) arrive with the first input to check, not with the first paint.
const loginSchemas = () => import('@seal/shared/api/auth')
const personalRule = (field: 'phone' | 'code' | 'name' | 'identityNo') =>
  lazyZodRule(() => loginSchemas().then(({ personalLoginBody: { shape } }) => (field === 'name' || field === 'identityNo' ? shape[field].unwrap() : shape[field])))
const enterpriseRule = (field: 'socialCreditCode' | 'phone' | 'code') =>
  lazyZodRule(() => loginSchemas().then(({ enterpriseLoginBody }) => enterpriseLoginBody.shape[field]))

/**
 * Standalone login for people who do not arrive from a host app with a token (issue #2 item 6):
 * personal by phone and SMS code (name and ID number the first time), enterprise by the legal
 * representative's phone.
 */
export function LoginPage() {
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const config = useIdentityConfig()
  const [kind, setKind] = useState<Kind>(search.get('type') === '1' ? 'enterprise' : 'personal')
  const [profileRequired, setProfileRequired] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [personalForm] = Form.useForm()
  const [enterpriseForm] = Form.useForm()

  if (config.data && !config.data.enable) return <StartupNotice title={startupMessages.entryClosed} />

  const finish = (result: LoginResult) => {
    setToken(result.token)
    queryClient.clear()
    Toast.show({ icon: 'success', content: '登录成功' })
    const redirect = search.get('redirect')
    navigate(redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/home', { replace: true })
  }

  const submit = async (login: () => Promise<LoginResult>) => {
    setSubmitting(true)
    try {
      finish(await login())
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
      if (error.code === resultStatus.PROFILE_REQUIRED) setProfileRequired(true)
      Toast.show({ content: error.message, duration: 3000 })
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div className="login-page">
      <NavBar back={null}>登录</NavBar>
      <div className="login-hero">
        <div className="login-logo" aria-hidden>印</div>
        <h1>电子印章</h1>
        <p>安全、便捷的电子印章申请与管理服务</p>
      </div>
      <Tabs activeKey={kind} onChange={(key) => setKind(key as Kind)}>
        <Tabs.Tab title="个人登录" key="personal">
          <Form
            form={personalForm}
            layout="horizontal"
            onFinish={(values: Record<string, string>) => void submit(async () => loginPersonal((await loginSchemas()).personalLoginBody.parse(values)))}
            footer={
              <Button block type="submit" color="primary" size="large" loading={submitting}>
                登录
              </Button>
            }
          >
            <Form.Item name="phone" label="手机号" rules={[personalRule('phone')]}>
              <Input placeholder="请输入手机号" type="tel" maxLength={11} clearable />
            </Form.Item>
            <Form.Item name="code" label="验证码" rules={[personalRule('code')]} extra={<SmsCodeButton form={personalForm} />}>
              <Input placeholder="请输入验证码" inputMode="numeric" maxLength={6} />
            </Form.Item>
            {profileRequired && (
              <>
                <Form.Item name="name" label="姓名" rules={[personalRule('name')]}>
                  <Input placeholder="请输入真实姓名" maxLength={16} clearable />
                </Form.Item>
                <Form.Item name="identityNo" label="身份证号" rules={[personalRule('identityNo')]}>
                  <Input placeholder="请输入18位身份证号" maxLength={18} clearable />
                </Form.Item>
              </>
            )}
          </Form>
          {profileRequired && <p className="login-note">首次登录请填写本人姓名和身份证号，用于实名认证。</p>}
        </Tabs.Tab>
        <Tabs.Tab title="企业登录" key="enterprise">
          <Form
            form={enterpriseForm}
            layout="horizontal"
            onFinish={(values: Record<string, string>) => void submit(async () => loginEnterprise((await loginSchemas()).enterpriseLoginBody.parse(values)))}
            footer={
              <Button block type="submit" color="primary" size="large" loading={submitting}>
                登录
              </Button>
            }
          >
            <Form.Item name="socialCreditCode" label="信用代码" rules={[enterpriseRule('socialCreditCode')]}>
              <Input placeholder="统一社会信用代码" maxLength={18} clearable />
            </Form.Item>
            <Form.Item name="phone" label="法人手机" rules={[enterpriseRule('phone')]}>
              <Input placeholder="法定代表人手机号" type="tel" maxLength={11} clearable />
            </Form.Item>
            <Form.Item name="code" label="验证码" rules={[enterpriseRule('code')]} extra={<SmsCodeButton form={enterpriseForm} />}>
              <Input placeholder="请输入验证码" inputMode="numeric" maxLength={6} />
            </Form.Item>
          </Form>
          <p className="login-note">企业账户由法定代表人使用本人手机号登录。</p>
        </Tabs.Tab>
      </Tabs>
      {runtimeConfig().sandbox && (
        <p className="login-note">
          沙箱环境：短信验证码不会真实发送，可在 <a href="/dev/sms">沙箱短信发件箱</a> 查看。
        </p>
      )}
    </div>
  )
}
