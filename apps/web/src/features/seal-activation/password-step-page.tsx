import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Button, Form, Input, Result } from 'antd-mobile'
import { activationMessages, type ActiveSealNewAnswer } from '@seal/shared/api/activation'
import { SEAL_PASSWORD_MAX_LENGTH, sealPasswordPairSchema, sealPasswordSchema } from '@seal/shared/rules/seal-password'
import { confirmationRule, zodRule } from '../../lib/form/zod-rule.ts'
import { RequestError } from '../../lib/request/request.ts'
import { ActivationLayout } from './activation-layout.tsx'
import { useActiveSealNew } from './api/active-seal-new.ts'
import type { PasswordStepState } from './identity-step-page.tsx'
import { identityStepPath } from './list-page.tsx'
import { WaitingSealCard } from './waiting-seal-card.tsx'

const pair = sealPasswordPairSchema()
type Values = { password: string; confirmPassword: string }

/**
 * `/seal-active/step-2` (001 §2 "Activation"): the new seal password twice, with the shared seal password
 * rule the server applies; POST /seal/activeSealNew puts the seal in effect, and the screen says so. Opened
 * without step 1's ranId (a reload, an address typed), it sends the person back to step 1.
 */
export function ActivationPasswordPage() {
  const navigate = useNavigate()
  const state = useLocation().state as PasswordStepState | null
  const [done, setDone] = useState<ActiveSealNewAnswer | null>(null)

  if (!state?.ranId || !state.seal) {
    return (
      <ActivationLayout step={0}>
        <Result status="warning" title={activationMessages.ranIdMissing} description="激活电子印章需先核验法定代表人身份" />
        <div className="activation-actions">
          <Button block color="primary" size="large" onClick={() => navigate('/seal-activate/list', { replace: true })}>
            去上传
          </Button>
        </div>
      </ActivationLayout>
    )
  }
  if (done) return <ActivatedScreen state={state} />
  return <PasswordForm state={state} onDone={setDone} />
}

function PasswordForm({ state, onDone }: { state: PasswordStepState; onDone: (answer: ActiveSealNewAnswer) => void }) {
  const navigate = useNavigate()
  const [form] = Form.useForm<Values>()
  const activate = useActiveSealNew()
  const { seal } = state

  const finish = async ({ password }: Values) => {
    try {
      const answer = await activate.mutateAsync({
        ranId: state.ranId,
        socialCreditCode: seal.socialCreditCode,
        newPin: sealPasswordSchema.parse(password),
        sealCode: seal.sealCode,
        sealTypeCode: seal.sealTypeCode,
        sealId: seal.id,
      })
      if (answer.resultStatus === '00') onDone(answer)
    } catch (error) {
      // The request module showed why. A spent or expired ranId needs the ID card again.
      if (error instanceof RequestError && error.message === activationMessages.ranIdInvalid) navigate(identityStepPath(seal.id), { replace: true })
    }
  }

  return (
    <ActivationLayout step={1}>
      <WaitingSealCard seal={seal} />
      <Form
        form={form}
        layout="horizontal"
        onFinish={(values: Values) => void finish(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={activate.isPending}>
            确认激活
          </Button>
        }
      >
        <Form.Header>设置印章密码</Form.Header>
        <Form.Item name="password" label="印章密码" rules={[zodRule(sealPasswordSchema)]} description="6-16位，数字、字母、特殊符号任意两种的组合，不能是纯数字">
          <Input type="password" placeholder="请输入印章密码" maxLength={SEAL_PASSWORD_MAX_LENGTH} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label="确认密码" dependencies={['password']} rules={[confirmationRule(form, pair)]}>
          <Input type="password" placeholder="请再次输入印章密码" maxLength={SEAL_PASSWORD_MAX_LENGTH} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </ActivationLayout>
  )
}

function ActivatedScreen({ state }: { state: PasswordStepState }) {
  const navigate = useNavigate()
  return (
    <ActivationLayout step={2}>
      <Result status="success" title={activationMessages.activated} description={`「${state.seal.sealName}」已生效，可以用章、授权和绑定平台`} />
      <div className="activation-actions">
        <Button block color="primary" size="large" onClick={() => navigate(`/seal-preview/company/${state.seal.id}`, { replace: true })}>
          查看印章
        </Button>
        <Button block size="large" onClick={() => navigate('/home', { replace: true })}>
          返回首页
        </Button>
      </div>
    </ActivationLayout>
  )
}
