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
