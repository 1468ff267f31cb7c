import { describe, expect, it } from 'vitest'
import { normalizeAnswer } from './envelope.ts'

describe('normalizeAnswer', () => {
  it('treats resultStatus 00 as success and carries data and message', () => {
    expect(normalizeAnswer({ resultStatus: '00', responseInfo: '操作成功', data: { a: 1 } })).toEqual({
      success: true,
      code: '00',
      message: '操作成功',
      data: { a: 1 },
    })
  })

  it('reads the alternate code/msg fields', () => {
    expect(normalizeAnswer({ code: '40002', msg: '参数错误' })).toMatchObject({ success: false, code: '40002', message: '参数错误' })
  })

  it('counts an answer with only code 200 as success', () => {
    expect(normalizeAnswer({ code: 200, data: [1] })).toMatchObject({ success: true, code: '200', data: [1] })
  })

  it('gives an answer without any code the default 10000', () => {
    expect(normalizeAnswer({ mess: '密码错误' })).toMatchObject({ success: false, code: '10000', message: '密码错误' })
  })

  it('takes the message from mess or message when responseInfo is absent', () => {
    expect(normalizeAnswer({ resultStatus: '500', message: '失败' }).message).toBe('失败')
  })
})
