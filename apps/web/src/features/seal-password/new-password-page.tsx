import { useEffect, useRef } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { Button, Form, Input, Result, Toast } from 'antd-mobile'
import type { SealItem } from '@seal/shared/api/seals'
import { messages } from '@seal/shared/messages'
import { isSealPasswordAllowingDigits, SEAL_PASSWORD_MAX_LENGTH, sealPasswordAllowingDigitsSchema, sealPasswordPairSchema } from '@seal/shared/rules/seal-password'
import { confirmationRule, zodRule } from '../../lib/form/zod-rule.ts'
import { sealReference } from '../my-seals/api.ts'
import { useSetNewPin } from './api.ts'
import { sealDetailPath, SealFrame, useSealIdParam } from '../my-seals/seal-frame.tsx'
import './seal-password.css'

/**
 * After 密码修改成功 the screen returns to the seal (spec 000 §9): 1000 ms on the direct change
 * (/seal-change-pass), 1500 ms on step 2.
 */
export const PASSWORD_CHANGED_REDIRECT_MS = { direct: 1000, step2: 1500 } as const

// Step 2 also accepts 6-16 digits (spec 000 §5), so the usual hint (不能是纯数字) would mislead here.
const STEP_2_HINT = '6-16位数字，或数字、字母、特殊符号任意两种的组合'
const pair = sealPasswordPairSchema(undefined, isSealPasswordAllowingDigits)

type Values = { password: string; confirmPassword: string }

/**
 * `/seal-edit-password/step-2/:key?` and `/seal-change-pass/:key?` 设置新密码 (spec 000 §2): the new
 * password twice. The proof is the key from step 1, or `?ranId=` the serial of the holder's face check
 * (forgotten password); without either the holder is sent to step 1. Step 2 saves through
 * /sealAuth/editPassword, the direct route through /seal/editPinNew.
 */
export function NewPasswordPage({ direct = false }: { direct?: boolean }) {
  return <SealFrame sealId={useSealIdParam()} title={direct ? '设置印章密码' : '修改印章密码'}>{(seal) => <NewPasswordForm seal={seal} direct={direct} />}</SealFrame>
}

function NewPasswordForm({ seal, direct }: { seal: SealItem; direct: boolean }) {
  const navigate = useNavigate()
  const { key } = useParams()
  const [params] = useSearchParams()
  const ranId = params.get('ranId')
  const [form] = Form.useForm<Values>()
  const save = useSetNewPin()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])

  if (!key && !ranId) {
    return (
      <>
        <Result status="warning" title="请先验证原印章密码" description="修改印章密码需先验证原密码，或通过人脸识别重置" />
        <div className="seal-password-actions">
          <Button block color="primary" onClick={() => navigate(`/seal-edit-password/step-1?sealId=${seal.id}`, { replace: true })}>
            去验证
          </Button>
        </div>
      </>
    )
  }

  const finish = async ({ password }: Values) => {
    const newPin = sealPasswordAllowingDigitsSchema.parse(password)
    try {
      if (key && !direct) await save.mutateAsync({ via: 'editPassword', body: { ...sealReference(seal), password: newPin, key } })
      else await save.mutateAsync({ via: 'editPinNew', body: { ...sealReference(seal), newPin, ...(key ? { key } : { ranId }) } })
    } catch {
      return // The request module showed why (an expired key, a used face check); the entries stay.
    }
    const wait = direct ? PASSWORD_CHANGED_REDIRECT_MS.direct : PASSWORD_CHANGED_REDIRECT_MS.step2
    Toast.show({ icon: 'success', content: messages.passwordChanged, duration: wait })
    timer.current = setTimeout(() => navigate(sealDetailPath(seal), { replace: true }), wait)
  }

  return (
    <Form
      form={form}
      layout="horizontal"
      onFinish={(values: Values) => void finish(values)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={save.isPending || save.isSuccess}>
          确定
        </Button>
      }
    >
      <Form.Header>设置新印章密码</Form.Header>
      <Form.Item name="password" label="新密码" rules={[zodRule(sealPasswordAllowingDigitsSchema)]} description={STEP_2_HINT}>
        <Input type="password" placeholder="请输入新印章密码" maxLength={SEAL_PASSWORD_MAX_LENGTH} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label="确认密码" dependencies={['password']} rules={[confirmationRule(form, pair)]}>
        <Input type="password" placeholder="请再次输入新印章密码" maxLength={SEAL_PASSWORD_MAX_LENGTH} autoComplete="new-password" />
      </Form.Item>
    </Form>
  )
}
