import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, ErrorBlock, Form, Input, NavBar } from 'antd-mobile'
import { authUseTypeNeeds, type AuthorizationItem } from '@seal/shared/api/seal-auth'
import { authUseTypeLabels, useTypeLabels } from '@seal/shared/codes/authorization'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { SEAL_PASSWORD_MAX_LENGTH, sealPasswordPairSchema, sealPasswordSchema } from '@seal/shared/rules/seal-password'
import { beijingDottedDate } from '@seal/shared/text/beijing-time'
import { Loaded } from '../../components/loaded.tsx'
import { confirmationRule, zodRule } from '../../lib/form/zod-rule.ts'
import { RequestError } from '../../lib/request/request.ts'
import { confirmPerson, useWaitingAuthorisation } from './api.ts'
import './seal-auth.css'

/**
 * `/seal-auth?authId=&sealId=` 确认授权 (000 §2): the seal user reads what they are given — unit, seal, use
 * method, item, period — and, for a password use method, sets their use password (the seal password
 * rules, typed twice). Then they prove their phone and write their samples (/signature-collection).
 */
export function SealAuthAcceptPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const waiting = useWaitingAuthorisation(params.get('authId') ?? '')
  return (
    <div className="seal-auth-page">
      <NavBar onBack={() => navigate(-1)}>确认授权</NavBar>
      <Loaded query={waiting} isEmpty={(item) => item === null} emptyTitle="该授权已处理或不存在">
        {(item) => (item ? <AcceptForm item={item} /> : <ErrorBlock status="empty" />)}
      </Loaded>
    </div>
  )
}

type Passwords = { password: string; confirmPassword: string }
const pair = sealPasswordPairSchema()

function AcceptForm({ item }: { item: AuthorizationItem }) {
  const navigate = useNavigate()
  const [form] = Form.useForm<Passwords>()
  const [busy, setBusy] = useState(false)
  const needsPassword = authUseTypeNeeds.password(item.useType)

  const finish = async (values: Partial<Passwords>) => {
    setBusy(true)
    try {
      await confirmPerson({ sealId: item.sealId, useType: item.useType, usePasswod: values.password, confirmUsePassowrd: values.confirmPassword })
      navigate(`/signature-collection?${new URLSearchParams({ authId: item.authId, sealId: item.sealId, useType: String(item.useType) })}`)
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <section className="seal-auth-card" aria-label="授权信息">
        <h2>{item.businessName}</h2>
        <dl>
          <dt>印章</dt>
          <dd>
            {item.sealName}（{sealTypeLabel(item.sealTypeCode)}）
          </dd>
          <dt>授权事项</dt>
          <dd>{authUseTypeLabels[item.authUseType as 1 | 2] ?? '授权使用'}</dd>
          <dt>用章方式</dt>
          <dd>{useTypeLabels[item.useType as 1 | 2 | 3] ?? '密码用章'}</dd>
          <dt>授权期限</dt>
          <dd>
            {beijingDottedDate(item.startTime)} 至 {beijingDottedDate(item.endTime)}
          </dd>
          <dt>用章人</dt>
          <dd>
            {item.name} {item.personIdentity}
          </dd>
          <dt>手机号</dt>
          <dd>{item.phone}</dd>
        </dl>
      </section>
      <Form
        form={form}
        layout="horizontal"
        onFinish={(values: Partial<Passwords>) => void finish(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy}>
            确认并继续
          </Button>
        }
      >
        {needsPassword && (
          <>
            <Form.Header>设置用章密码</Form.Header>
            <Form.Item name="password" label="用章密码" rules={[zodRule(sealPasswordSchema)]}>
              <Input type="password" placeholder={messages.sealPasswordRule} maxLength={SEAL_PASSWORD_MAX_LENGTH} autoComplete="new-password" aria-label="用章密码" />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label="确认密码"
              dependencies={['password']}
              rules={[confirmationRule(form, pair)]}
            >
              <Input type="password" placeholder="请再次输入用章密码" maxLength={SEAL_PASSWORD_MAX_LENGTH} autoComplete="new-password" aria-label="确认用章密码" />
            </Form.Item>
          </>
        )}
      </Form>
    </>
  )
}
