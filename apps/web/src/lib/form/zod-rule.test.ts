import { describe, expect, it } from 'vitest'
import { isSealPasswordAllowingDigits, sealPasswordPairSchema, sealPasswordSchema } from '@seal/shared/rules/seal-password'
import { confirmationRule, zodRule } from './zod-rule.ts'

const formHolding = (password: string) => ({ getFieldValue: () => password })
const check = (rule: { validator: (rule: unknown, value: unknown) => Promise<void> }, value: unknown) =>
  rule.validator(null, value).then(
    () => null,
    (error: Error) => error.message,
  )

describe('form rules from the shared schemas', () => {
  it('refuses a weak seal password with the shared rule’s words', async () => {
    expect(await check(zodRule(sealPasswordSchema), '123456')).toBe('请输入6-16位密码（数字/字母/特殊符号任意两种）')
    expect(await check(zodRule(sealPasswordSchema), 'seal2026')).toBeNull()
  })

  it('says 两次密码不相等 only when the confirmation differs, spaces aside', async () => {
    const rule = confirmationRule(formHolding('seal2026'), sealPasswordPairSchema())
    expect(await check(rule, 'seal2027')).toBe('两次密码不相等')
    expect(await check(rule, ' seal 2026 ')).toBeNull()
  })

  it('checks the confirmation of an all-digit password where the pair allows digits (step 2 of a change)', async () => {
    const rule = confirmationRule(formHolding('135790'), sealPasswordPairSchema(undefined, isSealPasswordAllowingDigits))
    expect(await check(rule, '135791')).toBe('两次密码不相等')
    expect(await check(rule, '135790')).toBeNull()
  })
})
