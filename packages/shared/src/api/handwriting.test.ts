import { describe, expect, it } from 'vitest'
import { handwritingFailureMessage, handwritingSaveBody } from './handwriting.ts'

const points = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ x: (i * 3) % 300, y: 10, t: i * 16, p: 0.5 }))
const body = (signData: unknown, extra: Record<string, unknown> = {}) => ({
  identity: '110101199003071233',
  name: '张三',
  signData,
  ...extra,
})
const messageOf = (input: unknown) => {
  const result = handwritingSaveBody.safeParse(input)
  return result.success ? null : result.error.issues[0]?.message
}

describe('handwriting save contract', () => {
  it('accepts a signature as the board captures it and collects a sample by default', () => {
    const parsed = handwritingSaveBody.parse(
      body({ strokes: [{ points: points(12) }], width: 390, height: 260 }),
    )
    expect(parsed.purpose).toBe('sample')
  })

  it('says what is wrong with a signature in the words the person sees', () => {
    expect(messageOf(body({ strokes: [], width: 390, height: 260 }))).toBe('请先签名')
    expect(messageOf(body({ strokes: [{ points: points(3) }], width: 390, height: 260 }))).toBe(
      '签名过于简单，请重新签名',
    )
    expect(messageOf(body({ strokes: [{ points: points(5001) }], width: 390, height: 260 }))).toBe(
      '签名数据过大，请重写后再提交',
    )
    expect(
      messageOf(
        body({
          strokes: Array.from({ length: 5 }, () => ({ points: points(4_500) })),
          width: 390,
          height: 260,
        }),
      ),
    ).toBe('签名数据过大，请重写后再提交')
    expect(messageOf(body({ strokes: [{ points: [{ x: 1, y: 1 }] }], width: 390, height: 260 }))).toBe(
      '签名数据格式错误',
    )
    expect(
      messageOf(
        body(
          { strokes: [{ points: points(12) }], width: 390, height: 260 },
          { signImage: 'data:image/jpeg;base64,AAAA' },
        ),
      ),
    ).toBe('签名图片须为PNG格式')
  })

  it('turns an answer that did not pass into the spec message: no sample, or not recognised', () => {
    expect(handwritingFailureMessage({ pass: true, verifyRes: { score: 0.9 } })).toBeNull()
    expect(handwritingFailureMessage({ pass: false, verifyRes: { score: 0 } })).toBe(
      '缺少签字留样数据，请切换使用密码用章',
    )
    expect(handwritingFailureMessage({ pass: false, verifyRes: { score: 0.42 } })).toBe('识别不通过')
  })
})
