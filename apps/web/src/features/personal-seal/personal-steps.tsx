import { Steps } from 'antd-mobile'
import { flowStepList, stepPosition, type PersonalStepKey } from './flow-steps.ts'

/** The steps header of the flow (spec 002 §2): six steps with face verification, five without. */
export function PersonalSteps({ current, faceAuth }: { current: PersonalStepKey; faceAuth: boolean }) {
  const position = stepPosition(current, faceAuth)
  return (
    <nav className="personal-steps" aria-label="申请步骤">
      <Steps current={position}>
        {flowStepList(faceAuth).map((step, index) => (
          <Steps.Step key={step.key} title={step.title} aria-current={index === position ? 'step' : undefined} />
        ))}
      </Steps>
    </nav>
  )
}
