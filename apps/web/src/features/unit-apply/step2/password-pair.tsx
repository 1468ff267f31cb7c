import { Form, Input } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { SEAL_PASSWORD_MAX_LENGTH } from '@seal/shared/rules/seal-password'

/**
 * 设置印章密码: a seal password and its confirmation (6-16 characters, two of digits, letters, symbols; the
 * shared rule checks it on both sides). Once the server holds one, leaving both empty keeps it. The new
 * wizard's step 2 and the older change pages' step 3 show it.
 */
export function PasswordPair(props: {
  title: string
  hint: string
  set: boolean
  value: string
  confirm: string
  onChange: (value: string, confirm: string) => void
}) {
  const { title, hint, set, value, confirm, onChange } = props
  return (
    <section className="unit-section" aria-label={title}>
      <h2>{title}</h2>
      <p className="unit-section-note">{hint}</p>
      <p className="unit-section-note">{messages.sealPasswordHint}</p>
      <Form layout="horizontal" className="unit-form">
        <Form.Item label="密码">
          <Input
            type="password"
            aria-label={title}
            placeholder={set ? '已设置，如需修改请重新输入' : `请输入${title}`}
            value={value}
            maxLength={SEAL_PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
            onChange={(next) => onChange(next, confirm)}
          />
        </Form.Item>
        <Form.Item label="确认密码">
          <Input
            type="password"
            aria-label={`确认${title}`}
            placeholder="请再次输入密码"
            value={confirm}
            maxLength={SEAL_PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
            onChange={(next) => onChange(value, next)}
          />
        </Form.Item>
      </Form>
    </section>
  )
}
