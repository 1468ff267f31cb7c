import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { NotBase64Error, sm3, sm3Base64, toHex } from './sm3.ts'

const ascii = (text: string) => new TextEncoder().encode(text)

describe('SM3 (GB/T 32905-2016)', () => {
  it("gives the standard's two test vectors", () => {
    // Appendix A, example 1: "abc"; example 2: "abcd" repeated 16 times (512 bits).
    expect(toHex(sm3(ascii('abc')))).toBe('66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0')
    expect(toHex(sm3(ascii('abcd'.repeat(16))))).toBe(
      'debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732',
    )
  })

  it("agrees with OpenSSL's SM3 at every length around the block and padding boundaries", () => {
    for (let length = 0; length <= 200; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + length) & 0xff)
      expect(toHex(sm3(bytes)), `length ${length}`).toBe(createHash('sm3').update(bytes).digest('hex'))
    }
    const chinese = '示例科技有限公司（北京）'
    expect(sm3Base64(chinese)).toBe(createHash('sm3').update(chinese, 'utf8').digest('base64'))
  })

  it('hashes text in mode 1 and the base64-decoded bytes in mode 2, answering base64', () => {
    expect(sm3Base64('abc')).toBe('Zsfw9GLu7dnR8tRr3BDk4kFnxIdc8veiKX2gK49LqOA=')
    expect(sm3Base64('YWJj', 2)).toBe(sm3Base64('abc'))
    const bytes = Uint8Array.from([0, 255, 128, 7])
    expect(sm3Base64(Buffer.from(bytes).toString('base64'), 2)).toBe(
      createHash('sm3').update(bytes).digest('base64'),
    )
    expect(() => sm3Base64('not base64!', 2)).toThrow(NotBase64Error)
  })
})
