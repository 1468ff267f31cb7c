import { Steps } from 'antd-mobile'

/** The older wizard's step labels for a new application (001 §2 "Seal-apply step labels"; 授权关系 is the change's). */
export const olderStepLabels = ['完善信息', '验证身份', '设置密码'] as const

export function StepBar({ current }: { current: number }) {
  return (
    <div className="unit-apply-steps">
      <Steps current={current}>
        {olderStepLabels.map((label) => (
          <Steps.Step key={label} title={label} />
        ))}
      </Steps>
    </div>
  )
}
