import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { maskDefault, maskIdNumber, maskIdNumberForChange, maskLegalPhone, maskRealName } from './masking.ts'

describe('display masking', () => {
  it('keeps 5 characters at each end by default and leaves 10 or fewer alone', () => {
    expect(maskDefault('91110108MA01ABCDEN')).toBe('91110********BCDEN')
    expect(maskDefault('0123456789')).toBe('0123456789')
    expect(maskDefault('01234567890')).toBe('01234*67890')
  })

  it('keeps the length and both ends of anything it masks', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', minLength: 11, maxLength: 60 }), (s) => {
        const masked = maskDefault(s)
        return (
          masked.length === s.length &&
          masked.startsWith(s.slice(0, 5)) &&
          masked.endsWith(s.slice(-5)) &&
          masked.slice(5, -5) === '*'.repeat(s.length - 10)
        )
      }),
    )
    fc.assert(fc.property(fc.string({ maxLength: 10 }), (s) => maskDefault(s) === s))
  })

  it('counts a Chinese company name by characters', () => {
    expect(maskDefault('北京某某科技发展有限公司')).toBe('北京某某科**展有限公司')
  })

  it('shows only the first character of a real name', () => {
    expect(maskRealName('张三丰')).toBe('张**')
    expect(maskRealName('李四')).toBe('李*')
    expect(maskRealName('王')).toBe('王')
  })

  it('shows the first and last 4 of an ID number', () => {
    expect(maskIdNumber('110101199003071233')).toBe('1101**********1233')
  })

  it('shows 3 leading and 4 trailing characters of an ID number in change, renewal and cancellation', () => {
    expect(maskIdNumberForChange('11010519491231002X')).toBe('110***********002X')
  })

  it('shows a legal phone as the first 3 digits, ****, then the digits from the 8th', () => {
    expect(maskLegalPhone('13800138000')).toBe('138****8000')
    expect(maskLegalPhone('')).toBe('')
  })
})
