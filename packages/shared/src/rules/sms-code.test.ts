import { describe, expect, it } from 'vitest'
import { isSmsCode, smsCodeSchema } from './sms-code.ts'

describe('SMS codes', () => {
  it('are exactly six digits', () => {
    expect(isSmsCode('012345')).toBe(true)
    expect(isSmsCode('12345')).toBe(false)
    expect(isSmsCode('1234567')).toBe(false)
    expect(isSmsCode('12345a')).toBe(false)
  })

  it('asks for the code with 请输入验证码 when it is empty', () => {
    expect(smsCodeSchema.safeParse('  ').error?.issues[0]?.message).toBe('请输入验证码')
    expect(smsCodeSchema.parse(' 654321 ')).toBe('654321')
  })
})
