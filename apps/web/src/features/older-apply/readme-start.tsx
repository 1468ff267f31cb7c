import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button } from 'antd-mobile'
import { AgreementDialog } from './agreement-dialog.tsx'
import { clearOlderDraft } from './older-draft.ts'
import { olderApplyRoutes } from './older-routes.ts'

/** The flow steps /seal-apply/readme shows for its `type` (spec 001 §2 "Entry and guides"). */
export function readmeSteps(type: string): string[] {
  if (type === '1')
    return ['完善信息并选择印章类型', '验证身份（四要素核验+人脸识别，或营业执照核验）', '设置印章密码']
  return ['完善信息', '上传实体印章印模', '等待法定代表人签署（行政事业单位无需此步）', '提交申请']
}

/**
 * The readme's start (spec 001 §2): the steps of `type` and 开始申请, which opens the user-agreement dialog;
 * agreeing goes to /seal-apply/step-1 (type 1, the legal representative's older wizard) or to
 * /seal-apply/operator/step-1 (the operator's offline materials).
 */
export function ReadmeStart({ type }: { type: string }) {
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const legal = type === '1'
  return (
    <section className="readme-option" aria-label="办理流程">
      <h2>{legal ? '法定代表人申请单位电子印章' : '经办人申请单位电子印章'}</h2>
      <ol>
        {readmeSteps(type).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <Button block color="primary" onClick={() => setOpen(true)}>
        开始申请
      </Button>
      <AgreementDialog
        visible={open}
        onClose={() => setOpen(false)}
        onAgree={() => {
          setOpen(false)
          clearOlderDraft()
          navigate(legal ? olderApplyRoutes.step1 : '/seal-apply/operator/step-1')
        }}
      />
    </section>
  )
}
