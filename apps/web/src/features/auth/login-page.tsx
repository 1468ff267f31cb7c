import { useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import type { LoginResult } from '@seal/shared/api/auth'
import { resultStatus } from '@seal/shared/api/envelope'
import { RequestError, runtimeConfig } from '../../lib/request/request.ts'
import { setToken } from '../../lib/session/session.ts'
import { useIdentityConfig } from '../../lib/session/use-identity-config.ts'
import { showToast } from '../../lib/toast/show-toast.ts'
import { StartupNotice } from '../startup/startup-notice.tsx'
import { startupMessages } from '../startup/startup-gate.tsx'
import { loginEnterprise, loginPersonal } from './api/login.ts'
import { LoginInput } from './login-input.tsx'
import { SmsCodeButton } from './sms-code-button.tsx'
import { loginSchemas, useLoginForm, type LoginField, type LoginKind } from './use-login-form.ts'
import './login-page.css'

const tabs: { kind: LoginKind; title: string }[] = [
  { kind: 'personal', title: '个人登录' },
  { kind: 'enterprise', title: '企业登录' },
]

/**
 * Standalone login for people who do not arrive from a host app with a token (issue #2 item 6):
 * personal by phone and SMS code (name and ID number the first time), enterprise by the legal
 * representative's phone. The first screen most people see, so it is kept light (bench/ budgets):
 * plain inputs and tabs, the shared rules and Toast loaded when first needed.
 */
export function LoginPage() {
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const config = useIdentityConfig()
  const [kind, setKind] = useState<LoginKind>(search.get('type') === '1' ? 'enterprise' : 'personal')
  const [profileRequired, setProfileRequired] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const personal = useLoginForm('personal')
  const enterprise = useLoginForm('enterprise')

  if (config.data && !config.data.enable) return <StartupNotice title={startupMessages.entryClosed} />

  const finish = (result: LoginResult) => {
    setToken(result.token)
    queryClient.clear()
    showToast({ icon: 'success', content: '登录成功' })
    const redirect = search.get('redirect')
    navigate(redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/home', { replace: true })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const form = kind === 'personal' ? personal : enterprise
    const fields: LoginField[] =
      kind === 'enterprise'
        ? ['socialCreditCode', 'phone', 'code']
        : ['phone', 'code', ...(profileRequired ? (['name', 'identityNo'] as const) : [])]
    if (!(await form.checkAll(fields))) return
    setSubmitting(true)
    try {
      const schemas = await loginSchemas()
      const values = Object.fromEntries(fields.map((field) => [field, form.values[field]]))
      finish(
        kind === 'personal'
          ? await loginPersonal(schemas.personalLoginBody.parse(values))
          : await loginEnterprise(schemas.enterpriseLoginBody.parse(values)),
      )
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
      if (error.code === resultStatus.PROFILE_REQUIRED) setProfileRequired(true)
      showToast({ content: error.message, duration: 3000 })
    } finally {
      setSubmitting(false)
    }
  }

  /** The phone of the form, when it passes its rule: what 获取验证码 sends to. */
  const checkedPhone = (form: typeof personal) => async () =>
    (await form.check('phone')) ? form.values.phone : undefined

  return (
    <div className="login-page">
      <div className="login-bar">登录</div>
      <div className="login-hero">
        <div className="login-logo" aria-hidden>
          印
        </div>
        <h1>电子印章</h1>
        <p>安全、便捷的电子印章申请与管理服务</p>
      </div>
      <div className="login-tabs" role="tablist">
        {tabs.map((tab) => (
          <button
            key={tab.kind}
            type="button"
            role="tab"
            id={`login-tab-${tab.kind}`}
            aria-selected={kind === tab.kind}
            aria-controls="login-panel"
            className="login-tab"
            onClick={() => setKind(tab.kind)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      <div id="login-panel" role="tabpanel" aria-labelledby={`login-tab-${kind}`}>
        <form className="login-form" noValidate onSubmit={(event) => void submit(event)}>
          {kind === 'personal' ? (
            <>
              <LoginInput
                id="personal-phone"
                label="手机号"
                placeholder="请输入手机号"
                type="tel"
                autoComplete="tel"
                maxLength={11}
                {...personal.field('phone')}
              />
              <LoginInput
                id="personal-code"
                label="验证码"
                placeholder="请输入验证码"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                extra={<SmsCodeButton checkPhone={checkedPhone(personal)} />}
                {...personal.field('code')}
              />
              {profileRequired && (
                <>
                  <LoginInput
                    id="personal-name"
                    label="姓名"
                    placeholder="请输入真实姓名"
                    autoComplete="name"
                    maxLength={16}
                    {...personal.field('name')}
                  />
                  <LoginInput
                    id="personal-id"
                    label="身份证号"
                    placeholder="请输入18位身份证号"
                    maxLength={18}
                    {...personal.field('identityNo')}
                  />
                </>
              )}
            </>
          ) : (
            <>
              <LoginInput
                id="enterprise-code"
                label="信用代码"
                placeholder="统一社会信用代码"
                maxLength={18}
                {...enterprise.field('socialCreditCode')}
              />
              <LoginInput
                id="enterprise-phone"
                label="法人手机"
                placeholder="法定代表人手机号"
                type="tel"
                autoComplete="tel"
                maxLength={11}
                {...enterprise.field('phone')}
              />
              <LoginInput
                id="enterprise-sms"
                label="验证码"
                placeholder="请输入验证码"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                extra={<SmsCodeButton checkPhone={checkedPhone(enterprise)} />}
                {...enterprise.field('code')}
              />
            </>
          )}
          <div className="login-submit">
            <Button block type="submit" color="primary" size="large" loading={submitting}>
              登录
            </Button>
          </div>
        </form>
      </div>
      {kind === 'personal' && profileRequired && (
        <p className="login-note">首次登录请填写本人姓名和身份证号，用于实名认证。</p>
      )}
      {kind === 'enterprise' && <p className="login-note">企业账户由法定代表人使用本人手机号登录。</p>}
      {runtimeConfig().sandbox && (
        <p className="login-note">
          沙箱环境：短信验证码不会真实发送，可在 <a href="/dev/sms">沙箱短信发件箱</a> 查看。
        </p>
      )}
    </div>
  )
}
