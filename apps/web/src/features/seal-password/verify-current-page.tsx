import { useNavigate } from 'react-router-dom'
import { Button, Form, Input, Toast } from 'antd-mobile'
import type { SealItem } from '@seal/shared/api/seals'
import { messages } from '@seal/shared/messages'
import { requiredPasswordSchema, SEAL_PASSWORD_MAX_LENGTH } from '@seal/shared/rules/seal-password'
import { zodRule } from '../../lib/form/zod-rule.ts'
import { sealReference } from '../my-seals/api.ts'
import { useVerifyCurrentPin } from './api.ts'
import { SealFrame, useSealIdParam } from '../my-seals/seal-frame.tsx'
import './seal-password.css'

/** The spec's fallback when the current-password check fails without a message (000 §8). */
export const VERIFY_FAILED = '验证失败'

/**
 * `/seal-edit-password/step-1?sealId=` 修改印章密码 (spec 000 §2): the current password proves the holder;
 * a pass goes on to step 2 with its key. Wrong passwords show the remaining attempts, then the lock.
 * 忘记密码 leads to the face check instead.
 */
export function VerifyCurrentPasswordPage() {
  return <SealFrame sealId={useSealIdParam()} title="修改印章密码">{(seal) => <VerifyCurrentForm seal={seal} />}</SealFrame>
}

function VerifyCurrentForm({ seal }: { seal: SealItem }) {
  const navigate = useNavigate()
  const [form] = Form.useForm<{ password: string }>()
  const verify = useVerifyCurrentPin()

  const finish = async ({ password }: { password: string }) => {
    try {
      const answer = await verify.mutateAsync({ ...sealReference(seal), password })
      if (answer.pass && answer.key) {
        navigate(`/seal-edit-password/step-2/${encodeURIComponent(answer.key)}?sealId=${seal.id}`, { replace: true })
        return
      }
      Toast.show({ content: answer.message || VERIFY_FAILED, duration: 3000 })
      form.setFieldValue('password', '')
    } catch {
      // The request module showed why; the password stays typed for another try.
    }
  }

  return (
    <>
      <Form
        form={form}
        layout="horizontal"
        onFinish={(values: { password: string }) => void finish(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={verify.isPending}>
            下一步
          </Button>
        }
      >
        <Form.Header>验证原印章密码</Form.Header>
        <Form.Item name="password" label="原密码" rules={[zodRule(requiredPasswordSchema(messages.currentSealPasswordRequired))]}>
          <Input type="password" placeholder="请输入原印章密码" maxLength={SEAL_PASSWORD_MAX_LENGTH} autoComplete="current-password" />
        </Form.Item>
      </Form>
      <button type="button" className="seal-password-forgot" onClick={() => navigate(`/seal-edit-password/face-authentication?sealId=${seal.id}`)}>
        忘记密码？通过人脸识别重置
      </button>
    </>
  )
}
