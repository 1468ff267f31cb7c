import { Form, Input } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { unitApplyMessages } from '@seal/shared/rules/unit-apply'

/** The PINs the legal representative types when he signs an operator's application (submitSign's fields). */
export type SignPins = { legalPassword: string; legalPasswordConfirm: string; sealManagerPassword: string; sealManagerPasswordConfirm: string }
export const noPins: SignPins = { legalPassword: '', legalPasswordConfirm: '', sealManagerPassword: '', sealManagerPasswordConfirm: '' }

const PASSWORD_MAX = 16

/**
 * 用章密码 on the signing page: whoever holds a seal sets its PIN himself, so the legal representative
 * sets his (or confirms the one the seals keep) here, and the manager's when the operator is not the manager.
 */
export function PinFields(props: { legal: 'set' | 'confirm' | null; manager: boolean; value: SignPins; onChange: (pins: SignPins) => void; disabled: boolean }) {
  const { legal, manager, value, onChange, disabled } = props
  const field = (key: keyof SignPins, label: string, placeholder: string) => (
    <Form.Item label={label.startsWith('确认') ? '确认密码' : '密码'}>
      <Input
        type="password"
        aria-label={label}
        placeholder={placeholder}
        value={value[key]}
        maxLength={PASSWORD_MAX}
        autoComplete={legal === 'confirm' && key === 'legalPassword' ? 'current-password' : 'new-password'}
        disabled={disabled}
        onChange={(typed) => onChange({ ...value, [key]: typed })}
      />
    </Form.Item>
  )
  return (
    <section className="apply-sign-section" aria-label="用章密码">
      <h2>用章密码</h2>
      {legal && <p className="apply-sign-note">{legal === 'set' ? unitApplyMessages.signSetPin : unitApplyMessages.signConfirmPin}</p>}
      {legal && <p className="apply-sign-note">{messages.sealPasswordHint}</p>}
      <Form layout="horizontal">
        {legal && field('legalPassword', '法人用章密码', legal === 'set' ? '请设置法人用章密码' : '请输入印章现有密码')}
        {legal === 'set' && field('legalPasswordConfirm', '确认法人用章密码', '请再次输入密码')}
        {manager && field('sealManagerPassword', '管理员用章密码', '请设置印章管理员用章密码')}
        {manager && field('sealManagerPasswordConfirm', '确认管理员用章密码', '请再次输入密码')}
      </Form>
    </section>
  )
}
