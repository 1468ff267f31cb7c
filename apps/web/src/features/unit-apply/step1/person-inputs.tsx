import { Form, Input } from 'antd-mobile'
import { WIZARD_NAME_INPUT_MAX_LENGTH } from '@seal/shared/rules/names'

const PHONE_MAX = 11

export type PersonInputsProps = {
  /** 法人, 经办人, 管理员: the placeholders and the name's label say whose. */
  who: string
  name: string
  idNo: string
  tel: string
  nameLocked?: boolean
  idLocked?: boolean
  /** 18 for a resident ID card, more for the other kinds (001 §9). */
  idMaxLength: number
  onChange: (part: { name?: string; idNo?: string; tel?: string }) => void
}

/**
 * A person's name, ID number and phone as typed beside the ID card's pictures (the new wizard's people, the
 * offline door's operator and legal representative): the ID number upper-cased on leaving it, the phone
 * digits only.
 */
export function PersonInputs({
  who,
  name,
  idNo,
  tel,
  nameLocked = false,
  idLocked = false,
  idMaxLength,
  onChange,
}: PersonInputsProps) {
  return (
    <Form layout="horizontal" className="unit-form">
      <Form.Item label={`${who}姓名`}>
        <Input
          placeholder={`请输入${who}姓名`}
          value={name}
          readOnly={nameLocked}
          maxLength={WIZARD_NAME_INPUT_MAX_LENGTH}
          onChange={(value) => onChange({ name: value })}
        />
      </Form.Item>
      <Form.Item label="证件号码">
        <Input
          placeholder={`请输入${who}身份证号码`}
          value={idNo}
          readOnly={idLocked}
          maxLength={idMaxLength}
          onChange={(value) => onChange({ idNo: value })}
          onBlur={() => onChange({ idNo: idNo.trim().toUpperCase() })}
        />
      </Form.Item>
      <Form.Item label="手机号">
        <Input
          placeholder={`请输入${who}手机号`}
          type="tel"
          value={tel}
          maxLength={PHONE_MAX}
          onChange={(value) => onChange({ tel: value.replace(/\D/g, '') })}
        />
      </Form.Item>
    </Form>
  )
}
