import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { Button, Form, Input, Toast } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { idCardSchemaWith } from '@seal/shared/rules/id-card'
import { personNameSchema } from '@seal/shared/rules/names'
import { isMobilePhone, mobilePhoneSchemaWith } from '@seal/shared/rules/phone'
import { zodRule } from '../../lib/form/zod-rule.ts'
import { useSubmitIdentity } from './api/submit-identity.ts'
import { FlowLayout } from './flow-layout.tsx'
import { readIdentity, writeIdentity } from './flow-store.ts'
import { personalSealRoutes } from './flow-steps.ts'
import { IdPhotoField } from './id-photo-field.tsx'
import { ageProblem } from './identity-checks.ts'
import type { ReadyFlow } from './use-personal-flow.ts'

/** The personal step's own wording of the shared rules (spec 002 §5). */
const idNumberRule = zodRule(idCardSchemaWith(messages.invalidIdCardNumber))
const phoneRule = zodRule(mobilePhoneSchemaWith(messages.invalidPhoneShort))
const nameRule = zodRule(personNameSchema)

/**
 * `/personal-seal-apply/step-1` 完善申请信息 (spec 002 §2, §5): name and ID number of the login (they
 * must match it, so they are read-only), the phone, and both ID sides recognised by OCR.
 */
export function PersonalSealIdentityPage() {
  return (
    <FlowLayout step="identity" title="完善申请信息">
      {(flow) => <IdentityStep flow={flow} />}
    </FlowLayout>
  )
}

type Values = { personName: string; identityNum: string; tel: string }

function IdentityStep({ flow }: { flow: ReadyFlow }) {
  const { me, config } = flow
  const [form] = Form.useForm<Values>()
  const [stored] = useState(readIdentity)
  const [serials, setSerials] = useState({ front: stored.frontSerial, back: stored.backSerial })
  const [busy, setBusy] = useState({ front: false, back: false })
  const submit = useSubmitIdentity()
  const ageRule = {
    validator: async (_rule: unknown, value: unknown) => {
      const problem = ageProblem(String(value ?? ''), config.minApplicantAge, new Date())
      if (problem) throw new Error(problem)
    },
  }

  // Name and number come from the login: someone too young is told at once, not after filling everything in.
  useEffect(() => {
    form.validateFields(['identityNum']).catch(() => undefined)
  }, [form])

  const initialTel = stored.tel ?? flow.draft?.tel ?? (isMobilePhone(me.phone) ? me.phone : '')

  const recognized = (side: 'front' | 'back') => (serial: string | null) => {
    setSerials((previous) => ({ ...previous, [side]: serial ?? undefined }))
    writeIdentity({ [side === 'front' ? 'frontSerial' : 'backSerial']: serial ?? undefined })
  }

  const finish = async (values: Values) => {
    const missing = !serials.front ? messages.idFrontRequired : !serials.back ? messages.idBackRequired : null
    if (missing || !serials.front || !serials.back) {
      Toast.show({ content: missing ?? messages.idFrontRequired })
      return
    }
    try {
      await submit.mutateAsync({
        personName: personNameSchema.parse(values.personName),
        identityNum: values.identityNum.trim().toUpperCase(),
        tel: values.tel.trim(),
        frontSerial: serials.front,
        backSerial: serials.back,
      })
      flow.goNext()
    } catch {
      // The request module showed the server's message; everything typed and recognised stays.
    }
  }

  const recognizing = busy.front || busy.back

  return (
    <>
      <Form
        form={form}
        layout="horizontal"
        initialValues={{ personName: me.personName, identityNum: me.personCard, tel: initialTel }}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.tel !== undefined) writeIdentity({ tel: changed.tel })
        }}
        onFinish={(values: Values) => void finish(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={submit.isPending} disabled={recognizing}>
            下一步
          </Button>
        }
      >
        <Form.Header>申请人信息</Form.Header>
        <Form.Item name="personName" label="姓名" rules={[nameRule]}>
          <Input readOnly />
        </Form.Item>
        <Form.Item name="identityNum" label="身份证号" rules={[idNumberRule, ageRule]} validateFirst>
          <Input readOnly />
        </Form.Item>
        <Form.Item name="tel" label="手机号" rules={[phoneRule]}>
          <Input placeholder="请输入手机号" type="tel" maxLength={11} clearable />
        </Form.Item>
        <Form.Header>上传身份证照片</Form.Header>
        <Form.Item description="请上传本人有效身份证的人像面和国徽面，照片仅用于识别，不会被保存">
          <div className="id-photos">
            <IdPhotoField
              side="front"
              loginIdNumber={me.personCard}
              recognizedBefore={Boolean(stored.frontSerial)}
              onRecognized={recognized('front')}
              onBusyChange={(value) => setBusy((previous) => ({ ...previous, front: value }))}
            />
            <IdPhotoField
              side="back"
              loginIdNumber={me.personCard}
              recognizedBefore={Boolean(stored.backSerial)}
              onRecognized={recognized('back')}
              onBusyChange={(value) => setBusy((previous) => ({ ...previous, back: value }))}
            />
          </div>
        </Form.Item>
      </Form>
      <p className="personal-note">
        提交即表示您已阅读并同意<Link to={personalSealRoutes.realNameAgreement}>《实名认证服务协议》</Link>
      </p>
    </>
  )
}
