import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Button, NavBar, Steps } from 'antd-mobile'
import { SupportLine } from '../apply-records/support-line.tsx'
import { AgreementDialog } from './agreement-dialog.tsx'
import { useAgreementList } from './api/agreement-list.ts'
import { clearOlderDraft } from './older-draft.ts'
import { olderApplyRoutes } from './older-routes.ts'
import '../apply-records/apply-records.css'
import '../seal-apply/seal-apply.css'
import './older-apply.css'

/** What to prepare (001 §1 "Materials to prepare", for the legal representative's own application). */
const materials = [
  '营业执照或单位证照（彩色）',
  '法定代表人身份证人像面与国徽面',
  '实体印章在白纸上的盖印照片',
  '法定代表人本人完成人脸识别',
]

const steps = [
  { title: '完善信息', description: '上传营业执照，填写单位信息并选择印章类型' },
  {
    title: '验证身份',
    description: '上传法定代表人身份证，人脸识别与单位信息核验（四要素核验或营业执照核验）',
  },
  { title: '设置密码', description: '上传印章盖印照片生成印章图样，设置印章密码后提交' },
  { title: '平台审核', description: '提交后等待平台审核，预计1个工作日内完成制章' },
]

/**
 * `/seal-apply/flow` (spec 001 §2 "Entry and guides": its body is not shown): the older wizard's flow for the
 * legal representative's new application — what to prepare and the steps; 开始申请 opens the user-agreement
 * dialog and agreeing starts a fresh draft at /seal-apply/step-1.
 */
export function OlderFlowPage() {
  const navigate = useNavigate()
  const agreements = useAgreementList()
  const [open, setOpen] = useState(false)
  return (
    <div className="seal-apply-page seal-apply-page-with-bar">
      <NavBar onBack={() => navigate(-1)}>电子印章申请</NavBar>
      <div className="seal-apply-content">
        <p className="seal-apply-intro">单位电子印章申请 · 法定代表人本人办理</p>
        <section className="seal-apply-section seal-apply-tips" aria-label="温馨提示">
          <h2>温馨提示</h2>
          <p>办理前请准备：</p>
          <ul>
            {materials.map((material) => (
              <li key={material}>{material}</li>
            ))}
          </ul>
          <p>图片大小不超过5MB，请保证照片清晰、完整。</p>
        </section>
        <section className="seal-apply-section" aria-label="办理流程">
          <h2>办理流程</h2>
          <Steps direction="vertical" current={-1}>
            {steps.map((step, i) => (
              <Steps.Step
                key={step.title}
                title={`${i + 1} ${step.title}`}
                description={step.description}
                status="wait"
              />
            ))}
          </Steps>
        </section>
        <SupportLine />
      </div>
      <div className="seal-apply-actions seal-apply-actions-sticky">
        {agreements.data && (
          <p className="seal-apply-agreements">
            开始申请即表示您已阅读并同意
            {agreements.data.map((item) => (
              <Link key={item.agreementKey} to={`/seal-apply/${item.agreementKey}`}>
                《{item.agreementTitle}》
              </Link>
            ))}
          </p>
        )}
        <Button block color="primary" size="large" onClick={() => setOpen(true)}>
          开始申请
        </Button>
      </div>
      <AgreementDialog
        visible={open}
        onClose={() => setOpen(false)}
        onAgree={() => {
          setOpen(false)
          clearOlderDraft()
          navigate(olderApplyRoutes.step1)
        }}
      />
    </div>
  )
}
