import type { ZodType } from 'zod'

/**
 * An antd-mobile Form rule from a shared zod schema, so the form rejects input with the same Chinese
 * message the server would answer with.
 *
 * @example <Form.Item name="phone" rules={[zodRule(phoneSchema)]} />
 */
export function zodRule(schema: ZodType) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value ?? '')
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '输入有误')
    },
  }
}

/**
 * The confirmation field of a password pair: only the pair schema's own word on it (两次密码不相等),
 * checked against what the password field holds now. The password field has its own rule.
 *
 * @example <Form.Item name="confirmPassword" dependencies={['password']} rules={[confirmationRule(form, sealPasswordPairSchema())]} />
 */
export function confirmationRule(form: { getFieldValue: (name: string) => unknown }, pair: ZodType) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = pair.safeParse({ password: String(form.getFieldValue('password') ?? ''), confirmPassword: String(value ?? '') })
      const mismatch = result.error?.issues.find((issue) => issue.path[0] === 'confirmPassword')
      if (mismatch) throw new Error(mismatch.message)
    },
  }
}
