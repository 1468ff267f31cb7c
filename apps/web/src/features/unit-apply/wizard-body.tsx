import { useEffect } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { NavBar, Steps } from 'antd-mobile'
import type { ApplicantKind, BusinessType } from '@seal/shared/codes/business-type'
import { newWizardSteps, wizardProgress } from '@seal/shared/codes/new-wizard-steps'
import { UnitInfoStep } from './step1/unit-info-step.tsx'
import { SealSetupStep } from './step2/seal-setup-step.tsx'
import { ApplicationFormStep } from './step3/application-form-step.tsx'
import { useWizard } from './wizard-context.tsx'
import { isResultStep, previousStep } from './wizard-form.ts'
import { unitApplyRoutes } from './wizard-routes.ts'

/** The wizard's frame: title, the step indicator, and the current step. */
export function WizardBody() {
  const navigate = useNavigate()
  const wizard = useWizard()
  const { form } = wizard
  const [params, setParams] = useSearchParams()

  // A draft continued from the 暂存 dialog: its id joins the address, so a reload comes back to it.
  useEffect(() => {
    if (form.id && params.get('id') !== form.id) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          next.set('id', form.id!)
          return next
        },
        { replace: true },
      )
    }
  }, [form.id, params, setParams])

  if (isResultStep(form.step) && form.id) return <Navigate to={unitApplyRoutes.result(form.id)} replace />

  const steps = newWizardSteps(form.businessType as BusinessType, form.applyType as ApplicantKind, {
    verificationFailed: wizard.flags.companyVerifyPass === false,
  })
  const current = steps.findIndex((step) => wizardProgress(step.step) === wizardProgress(form.step))

  const back = () => {
    const previous = previousStep(form.step)
    if (previous) wizard.goTo(previous)
    else navigate(-1)
  }

  return (
    <div className="unit-apply-page">
      <NavBar onBack={back}>电子印章申请</NavBar>
      <div className="unit-apply-steps" aria-label="申请进度">
        <Steps current={Math.max(current, 0)}>
          {steps.map((step) => (
            <Steps.Step key={step.step} title={step.title} />
          ))}
        </Steps>
      </div>
      {form.step === '1' && <UnitInfoStep />}
      {form.step === '2' && <SealSetupStep />}
      {(form.step === '3-1' || form.step === '2-1') && <ApplicationFormStep />}
    </div>
  )
}
