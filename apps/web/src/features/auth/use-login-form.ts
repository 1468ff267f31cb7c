import { useState } from 'react'
import type { ZodType } from 'zod'

export type LoginKind = 'personal' | 'enterprise'
export type LoginField = 'phone' | 'code' | 'name' | 'identityNo' | 'socialCreditCode'
type Values = Partial<Record<LoginField, string>>

/** The shared login contracts (zod): loaded with the first input to check, not with the first paint. */
export const loginSchemas = () => import('@seal/shared/api/auth')

async function fieldRule(kind: LoginKind, field: LoginField): Promise<ZodType> {
  const { personalLoginBody, enterpriseLoginBody } = await loginSchemas()
  if (kind === 'enterprise') return enterpriseLoginBody.shape[field as 'socialCreditCode' | 'phone' | 'code']
  const shape = personalLoginBody.shape
  return field === 'name' || field === 'identityNo' ? shape[field].unwrap() : shape[field as 'phone' | 'code']
}

/**
 * Values and messages of one login form. Each field is checked by its shared rule (one rule, two sides:
 * the server answers the same message), when it loses focus, again as it changes once it has shown a
 * message, and all together before sending. A small hook rather than antd-mobile's Form, whose engine
 * (rc-field-form, async-validator, Popover) was a third of the login screen's JavaScript.
 */
export function useLoginForm(kind: LoginKind) {
  const [values, setValues] = useState<Values>({})
  const [errors, setErrors] = useState<Values>({})

  const check = async (field: LoginField, value = values[field]) => {
    const result = (await fieldRule(kind, field)).safeParse(value ?? '')
    const message = result.success ? undefined : (result.error.issues[0]?.message ?? '输入有误')
    setErrors((current) => ({ ...current, [field]: message }))
    return !message
  }

  const change = (field: LoginField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    if (errors[field]) void check(field, value)
  }

  /** Checks the fields; true when every one passes. */
  const checkAll = async (fields: LoginField[]) =>
    (await Promise.all(fields.map((field) => check(field)))).every(Boolean)

  /** Props for a `LoginInput` of this form. */
  const field = (name: LoginField) => ({
    value: values[name] ?? '',
    error: errors[name],
    onChange: (value: string) => change(name, value),
    onBlur: () => void (values[name] ? check(name) : undefined),
  })

  return { values, check, checkAll, field }
}
