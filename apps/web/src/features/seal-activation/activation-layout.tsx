import type { ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { NavBar, Steps } from 'antd-mobile'
import './seal-activation.css'

/** The steps of activation as the step screens show them. */
export const activationSteps = ['上传证件', '设置密码', '激活完成'] as const

/** The frame of every activation screen: the title bar (电子印章激活, 002 §2), the steps on step screens, the screen. */
export function ActivationLayout({ step, children }: { step?: number; children: ReactNode }) {
  const navigate = useNavigate()
  return (
    <div className="activation-page">
      <NavBar onBack={() => navigate(-1)}>电子印章激活</NavBar>
      {step !== undefined && (
        <Steps current={step} className="activation-steps">
          {activationSteps.map((title) => (
            <Steps.Step key={title} title={title} />
          ))}
        </Steps>
      )}
      {children}
    </div>
  )
}
