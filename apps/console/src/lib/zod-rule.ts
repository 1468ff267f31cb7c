import type { Rule } from 'antd/es/form'
import type { z } from 'zod'

/**
 * An antd Form rule that checks a field with a shared zod rule, so the form refuses what the server would,
 * with the same Chinese message.
 *
 * @example
 * <Form.Item name="password" rules={[zodRule(operatorPassword)]}>
 */
export function zodRule(schema: z.ZodType, options: { required?: string } = {}): Rule {
  return {
    required: Boolean(options.required),
    validator: async (_rule, value: unknown) => {
      if ((value === undefined || value === null || value === '') && options.required)
        throw new Error(options.required)
      if (value === undefined || value === null || value === '') return
      const checked = schema.safeParse(value)
      if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? '输入不正确')
    },
  }
}
