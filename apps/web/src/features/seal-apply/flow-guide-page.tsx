import { Link, useLocation, useNavigate } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Button, NavBar, Result, Steps } from 'antd-mobile'
import { businessGuideTitles } from '@seal/shared/codes/business-type'
import { newWizardMaterials, newWizardSteps, readWizardQuery } from '@seal/shared/codes/new-wizard-steps'
import type { AgreementListItem } from '@seal/shared/api/agreements'
import { confirmDialog } from '../../lib/dialog/confirm-dialog.ts'
import { get } from '../../lib/request/request.ts'
import { sealApplyRoutes } from './seal-apply-routes.ts'
import './seal-apply.css'

const applicantLabels = { LEGAL_APPLY: '法定代表人办理', OPERATOR_APPLY: '经办人办理' } as const

/**
 * `/new/seal/flow` (spec 001 §2): the operation guide of the new wizard, with what to prepare and the steps
 * for the business type and applicant kind of the query; 开始申请 confirms and opens the wizard with the
 * same query.
 */
export function NewSealFlowPage() {
  const navigate = useNavigate()
  const { search } = useLocation()
  const query = readWizardQuery(new URLSearchParams(search))
  const agreements = useQuery({
    queryKey: ['agreement', 'list'],
    queryFn: () => get<AgreementListItem[]>('/seal-apply/apply/agreement/list', undefined, { silent: true }),
    staleTime: Infinity,
  })

  if (!query) {
    return (
      <div className="seal-apply-page">
        <NavBar onBack={() => navigate(-1)}>操作指引</NavBar>
        <Result status="error" title="参数错误" description="未识别的业务类型或申请人身份，请返回重新选择" />
        <div className="seal-apply-actions">
          <Button
            block
            color="primary"
            size="large"
            onClick={() => navigate(sealApplyRoutes.landing, { replace: true })}
          >
            重新选择
          </Button>
        </div>
      </div>
    )
  }

  const steps = newWizardSteps(query.businessType, query.applicantKind)
  const materials = newWizardMaterials(query.businessType, query.applicantKind)

  const start = async () => {
    const confirmed = await confirmDialog({
      title: '开始申请',
      content: '请确认已准备好温馨提示中所列材料，并保证所填信息和上传材料真实、有效。确定开始申请吗？',
      confirmText: '确定',
      cancelText: '取消',
    })
    if (confirmed) navigate(`${sealApplyRoutes.wizard}${search}`)
  }

  return (
    <div className="seal-apply-page seal-apply-page-with-bar">
      <NavBar onBack={() => navigate(-1)}>操作指引</NavBar>
      <div className="seal-apply-content">
        <p className="seal-apply-intro">
          {businessGuideTitles[query.businessType]} · {applicantLabels[query.applicantKind]}
        </p>
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
            {steps.map((step) => (
              <Steps.Step
                key={step.step}
                title={`${step.step} ${step.title}`}
                description={step.description}
                status="wait"
              />
            ))}
          </Steps>
        </section>
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
        <Button block color="primary" size="large" onClick={() => void start()}>
          开始申请
        </Button>
      </div>
    </div>
  )
}
