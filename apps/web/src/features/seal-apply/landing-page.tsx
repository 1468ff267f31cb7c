import { Link, useNavigate } from 'react-router-dom'
import { NavBar } from 'antd-mobile'
import { applicantKind, businessType, type ApplicantKind } from '@seal/shared/codes/business-type'
import { sealApplyRoutes, wizardQuery } from './seal-apply-routes.ts'
import './seal-apply.css'

const cards: { kind: ApplicantKind; title: string; who: string }[] = [
  {
    kind: applicantKind.LEGAL_APPLY,
    title: '我是法定代表人',
    who: '法定代表人本人办理：在线核验身份后设置印章密码并签署，无需另行签字',
  },
  {
    kind: applicantKind.OPERATOR_APPLY,
    title: '我是经办人',
    who: '经办人代单位办理：需上传法定代表人身份证，并由法定代表人在线签署或在申请表上签字',
  },
]

/** `/seal-apply` (spec 001 §2 "Seal-apply landing"): who applies for the unit's seals. */
export function SealApplyLandingPage() {
  const navigate = useNavigate()
  return (
    <div className="seal-apply-page">
      <NavBar onBack={() => navigate(-1)}>电子印章申请</NavBar>
      <p className="seal-apply-intro">请选择您的身份</p>
      {cards.map((card) => (
        <Link
          key={card.kind}
          className="seal-apply-card"
          to={`${sealApplyRoutes.flow}?${wizardQuery(businessType.APPLY, card.kind)}`}
        >
          <h2>{card.title}</h2>
          <p>{card.who}</p>
          <span className="seal-apply-card-go" aria-hidden="true">
            ›
          </span>
        </Link>
      ))}
      <p className="seal-apply-note">
        申请前请准备实体印章的印模照片，
        <Link to={sealApplyRoutes.sealPatternExample}>查看印章图样示例</Link>
      </p>
    </div>
  )
}
