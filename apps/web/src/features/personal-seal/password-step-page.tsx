import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, Dialog, Form, Input, NavBar } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { SEAL_PASSWORD_MAX_LENGTH, sealPasswordPairSchema, sealPasswordSchema } from '@seal/shared/rules/seal-password'
import { confirmationRule, zodRule } from '../../lib/form/zod-rule.ts'
import { useSavePersonApply, type PersonalApplyResult } from './api/save-person-apply.ts'
import { personalApplyPayload } from './apply-payload.ts'
import { ApplySuccess } from './apply-success.tsx'
import { FlowLayout } from './flow-layout.tsx'
import { clearFlowStore, readIdentity } from './flow-store.ts'
import { personalSealRoutes } from './flow-steps.ts'
import type { ReadyFlow } from './use-personal-flow.ts'
import './personal-seal.css'

/** Our wording: the ID serials kept by step 1 are gone (a new browser session). */
export const identityExpiredMessage = '身份证识别信息已失效，请重新上传身份证照片'

const pair = sealPasswordPairSchema()

/**
 * `/personal-seal-apply/step-6` 设置完成 (spec 002 §5 "Seal password", 000 §5): the seal password twice,
 * then the application is submitted and the seal made; the completion screen shows it.
 */
export function PersonalSealPasswordPage() {
  const navigate = useNavigate()
  const [result, setResult] = useState<PersonalApplyResult | null>(null)
  // Once submitted the draft is closed: the completion screen must not be sent back into the flow.
  if (result) {
    return (
      <div className="personal-seal-page">
        <NavBar back={null}>申请成功</NavBar>
        <ApplySuccess sealId={result.sealId} onHome={() => navigate('/home', { replace: true })} onSeals={() => navigate('/seal-preview-list/personal', { replace: true })} />
      </div>
    )
  }
  return (
    <FlowLayout step="password" title="设置完成">
      {(flow) => <PasswordStep flow={flow} onDone={setResult} />}
    </FlowLayout>
  )
}

type Values = { password: string; confirmPassword: string }

function PasswordStep({ flow, onDone }: { flow: ReadyFlow; onDone: (result: PersonalApplyResult) => void }) {
  const navigate = useNavigate()
  const [form] = Form.useForm<Values>()
  const save = useSavePersonApply()

  const finish = async (values: Values) => {
    if (!flow.draft) return
    const built = personalApplyPayload({ draft: flow.draft, identity: readIdentity(), pin: values.password, today: new Date() })
    if ('problem' in built) {
      const back = built.problem === 'identityMissing' ? personalSealRoutes.identity : personalSealRoutes.style
      await Dialog.alert({ content: built.problem === 'identityMissing' ? identityExpiredMessage : '请选择名章样式', confirmText: '去完善' })
      navigate(back)
      return
    }
    try {
      const result = await save.mutateAsync(built.body)
      clearFlowStore()
      onDone(result)
    } catch {
      // The request module showed why; the passwords stay typed for another try.
    }
  }

  return (
    <Form
      form={form}
      layout="horizontal"
      onFinish={(values: Values) => void finish(values)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={save.isPending}>
          提交申请
        </Button>
      }
    >
      <Form.Header>设置印章密码</Form.Header>
      <Form.Item name="password" label="印章密码" rules={[zodRule(sealPasswordSchema)]} description={messages.sealPasswordHint}>
        <Input type="password" placeholder="请输入印章密码" maxLength={SEAL_PASSWORD_MAX_LENGTH} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label="确认密码" dependencies={['password']} rules={[confirmationRule(form, pair)]}>
        <Input type="password" placeholder="请再次输入印章密码" maxLength={SEAL_PASSWORD_MAX_LENGTH} autoComplete="new-password" />
      </Form.Item>
    </Form>
  )
}
