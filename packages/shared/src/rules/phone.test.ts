import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  isMobilePhone,
  isPhone,
  mobilePhoneSchema,
  mobilePhoneSchemaWith,
  nationalPhoneNumber,
  phoneSchema,
} from './phone.ts'

const mobile = fc
  .tuple(
    fc.constantFrom(...'3456789'),
    fc.array(fc.constantFrom(...'0123456789'), { minLength: 9, maxLength: 9 }),
  )
  .map(([second, rest]) => `1${second}${rest.join('')}`)

describe('phone numbers', () => {
  it('accepts 1 and 10 digits, with or without +86 or 0086', () => {
    expect(isPhone('13800138000')).toBe(true)
    expect(isPhone('+8613800138000')).toBe(true)
    expect(isPhone('008613800138000')).toBe(true)
    expect(isPhone('8613800138000')).toBe(false)
    expect(isPhone('23800138000')).toBe(false)
    expect(isPhone('1380013800')).toBe(false)
  })

  it('in forms accepts only 1 followed by 3-9 and nine more digits', () => {
    fc.assert(fc.property(mobile, (phone) => isMobilePhone(phone)))
    expect(isMobilePhone('12800138000')).toBe(false)
    expect(isMobilePhone('+8613800138000')).toBe(false)
    expect(isMobilePhone('138001380001')).toBe(false)
  })

  it('drops the country prefix for the national number', () => {
    expect(nationalPhoneNumber('+8613800138000')).toBe('13800138000')
    expect(nationalPhoneNumber('13800138000')).toBe('13800138000')
  })

  it('rejects with 请输入正确的手机号码, or the screen message it is given', () => {
    expect(phoneSchema.safeParse('123').error?.issues[0]?.message).toBe('请输入正确的手机号码')
    expect(mobilePhoneSchema.safeParse('12800138000').error?.issues[0]?.message).toBe('请输入正确的手机号码')
    expect(mobilePhoneSchemaWith('请输入正确的手机号').safeParse('').error?.issues[0]?.message).toBe(
      '请输入正确的手机号',
    )
    expect(mobilePhoneSchema.parse(' 13800138000 ')).toBe('13800138000')
  })
})
