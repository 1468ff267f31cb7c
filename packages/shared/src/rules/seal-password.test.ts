import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  isSealPassword,
  isSealPasswordAllowingDigits,
  requiredPasswordSchema,
  sealPasswordAllowingDigitsSchema,
  sealPasswordPairSchema,
  sealPasswordSchema,
  sealPasswordSchemaWith,
  sealPasswordsMatch,
} from './seal-password.ts'

const digits = [...'0123456789']
const letters = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ']
const specials = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~']
const oneKind = (chars: string[]) =>
  fc.array(fc.constantFrom(...chars), { minLength: 6, maxLength: 16 }).map((a) => a.join(''))

describe('seal passwords', () => {
  it('accepts 6 to 16 characters of at least two kinds', () => {
    expect(isSealPassword('abc123')).toBe(true)
    expect(isSealPassword('abc!@#')).toBe(true)
    expect(isSealPassword('123!@#')).toBe(true)
    expect(isSealPassword('Aa1!Aa1!Aa1!Aa1!')).toBe(true)
  })

  it('rejects one kind of character whatever its length', () => {
    fc.assert(
      fc.property(fc.oneof(oneKind(digits), oneKind(letters), oneKind(specials)), (p) => !isSealPassword(p)),
    )
  })

  it('rejects passwords shorter than 6 or longer than 16 characters', () => {
    expect(isSealPassword('ab12')).toBe(false)
    expect(isSealPassword('ab12ab12ab12ab12a')).toBe(false)
  })

  it('ignores whitespace, so spaces neither count nor break the rule', () => {
    expect(isSealPassword(' ab c1 23 ')).toBe(true)
    expect(isSealPassword('ab 12')).toBe(false)
    expect(sealPasswordSchema.parse(' ab c1 23 ')).toBe('abc123')
  })

  it('rejects characters a keyboard may not offer again, such as Chinese', () => {
    expect(isSealPassword('密码abc123')).toBe(false)
  })

  it('on step 2 of the password change also accepts 6 to 16 digits, but not letters only', () => {
    expect(isSealPasswordAllowingDigits('123456')).toBe(true)
    expect(isSealPasswordAllowingDigits('abc123')).toBe(true)
    expect(isSealPasswordAllowingDigits('abcdef')).toBe(false)
    expect(isSealPasswordAllowingDigits('12345')).toBe(false)
    expect(sealPasswordAllowingDigitsSchema.safeParse('1234567').success).toBe(true)
  })

  it('shows 请输入印章密码 when empty and the rule message when broken', () => {
    expect(sealPasswordSchema.safeParse(' ').error?.issues.map((i) => i.message)).toEqual(['请输入印章密码'])
    expect(sealPasswordSchema.safeParse('123456').error?.issues[0]?.message).toBe(
      '请输入6-16位密码（数字/字母/特殊符号任意两种）',
    )
  })

  it('uses the legal person wording where the new wizard asks for it', () => {
    const legal = sealPasswordSchemaWith({
      required: '请输入法人用章密码',
      invalid: '法人用章密码必须是6-16位英文、数字、特殊符号组合（不能是纯数字）！',
    })
    expect(legal.safeParse('').error?.issues[0]?.message).toBe('请输入法人用章密码')
    expect(legal.safeParse('111111').error?.issues[0]?.message).toBe(
      '法人用章密码必须是6-16位英文、数字、特殊符号组合（不能是纯数字）！',
    )
  })

  it('reports two different entries on the confirmation with 两次密码不相等', () => {
    const result = sealPasswordPairSchema().safeParse({ password: 'abc123', confirmPassword: 'abc124' })
    expect(result.error?.issues[0]).toMatchObject({ message: '两次密码不相等', path: ['confirmPassword'] })
    expect(
      sealPasswordPairSchema().safeParse({ password: 'abc123', confirmPassword: 'abc 123' }).success,
    ).toBe(true)
    expect(sealPasswordsMatch('abc 123', 'abc123')).toBe(true)
  })

  it('accepts pure digits in the pair of step 2 of the password change, and nowhere else', () => {
    const digits = { password: '135790', confirmPassword: '135790' }
    expect(sealPasswordPairSchema().safeParse(digits).success).toBe(false)
    const step2 = sealPasswordPairSchema(undefined, isSealPasswordAllowingDigits)
    expect(step2.safeParse(digits).success).toBe(true)
    expect(step2.safeParse({ password: '12345', confirmPassword: '12345' }).error?.issues[0]?.message).toBe('请输入6-16位密码（数字/字母/特殊符号任意两种）')
  })

  it('checks only presence and length where the current password is asked for', () => {
    const cancel = requiredPasswordSchema('请填写密码')
    expect(cancel.safeParse('').error?.issues[0]?.message).toBe('请填写密码')
    expect(cancel.safeParse('x'.repeat(17)).success).toBe(false)
    expect(cancel.parse('111111')).toBe('111111')
  })
})
