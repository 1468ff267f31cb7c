import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CREDIT_CODE_CHARSET,
  creditCodeCheckCharacter,
  creditCodeSchema,
  creditCodeSchemaWith,
  isCreditCode,
  unitTypeFromDefinitions,
  unitTypeOfCreditCode,
  unitTypeOfCreditCodeByChannel,
} from './credit-code.ts'

const charsetChar = fc.constantFrom(...CREDIT_CODE_CHARSET)
const digit = fc.constantFrom(...'0123456789')

/** A random valid credit code: two set characters, six digits, nine set characters and the check. */
const validCreditCode = fc
  .tuple(
    fc.array(charsetChar, { minLength: 2, maxLength: 2 }),
    fc.array(digit, { minLength: 6, maxLength: 6 }),
    fc.array(charsetChar, { minLength: 9, maxLength: 9 }),
  )
  .map(([head, region, body]) => {
    const first17 = [...head, ...region, ...body].join('')
    return first17 + creditCodeCheckCharacter(first17)
  })

describe('unified social credit codes', () => {
  it('accepts the known valid code, in either case', () => {
    expect(isCreditCode('91110108MA01ABCDEN')).toBe(true)
    expect(isCreditCode('91110108ma01abcden')).toBe(true)
  })

  it('rejects a wrong check character, letters outside the set, letters in the region digits and the wrong length', () => {
    expect(isCreditCode('91110108MA01ABCDEM')).toBe(false)
    expect(isCreditCode('91110108MA01ABCDEI')).toBe(false)
    expect(isCreditCode('9111010AMA01ABCDEN')).toBe(false)
    expect(isCreditCode('91110108MA01ABCDE')).toBe(false)
  })

  it('computes a check character that is always in the set', () => {
    fc.assert(fc.property(validCreditCode, (code) => CREDIT_CODE_CHARSET.includes(code[17]!)))
  })

  it('accepts every generated valid code', () => {
    fc.assert(fc.property(validCreditCode, (code) => isCreditCode(code)))
  })

  it('rejects any single-character change of a valid code', () => {
    const change = fc
      .tuple(validCreditCode, fc.nat(), charsetChar)
      .filter(([code, at, c]) => code[at % 18] !== c)
    fc.assert(
      fc.property(change, ([code, at, c]) => {
        const i = at % 18
        return !isCreditCode(code.slice(0, i) + c + code.slice(i + 1))
      }),
    )
  })

  it('gives the change flow message 社会信用代码有误 and upper-cases what it accepts', () => {
    expect(creditCodeSchema.safeParse('91110108MA01ABCDEM').error?.issues[0]?.message).toBe(
      '社会信用代码有误',
    )
    expect(creditCodeSchema.parse(' 91110108ma01abcden ')).toBe('91110108MA01ABCDEN')
    const wizard = creditCodeSchemaWith('请输入正确的社会信用代码')
    expect(wizard.safeParse('x'.repeat(19)).error?.issues.map((i) => i.message)).toEqual([
      '请输入正确的社会信用代码',
    ])
  })
})

describe('unit type from a credit code', () => {
  it('reads 135, 125, 115, 121 and 124 as administrative or public institutions and the rest as enterprises', () => {
    for (const prefix of ['135', '125', '115', '121', '124'])
      expect(unitTypeOfCreditCode(`${prefix}10000000000000X`)).toBe('06')
    expect(unitTypeOfCreditCode('91110108MA01ABCDEN')).toBe('02')
    expect(unitTypeOfCreditCode('12210000000000000X')).toBe('02')
  })

  it('uses configured definitions by 3 characters, falling back to 02', () => {
    const definitions = [{ code: '04', value: ['51A'] }]
    expect(unitTypeFromDefinitions({ creditCode: '51a10000000000000X', definitions })).toBe('04')
    expect(unitTypeFromDefinitions({ creditCode: '91110108MA01ABCDEN', definitions })).toBe('02')
  })

  it('uses 2-character prefixes and falls back to 99 for the one channel', () => {
    const definitions = [
      { code: '03', value: ['12'] },
      { code: '02', value: ['91'] },
    ]
    expect(unitTypeOfCreditCodeByChannel('12110000400000000X', definitions)).toBe('03')
    expect(unitTypeOfCreditCodeByChannel('91110108MA01ABCDEN', definitions)).toBe('02')
    expect(unitTypeOfCreditCodeByChannel('51110000000000000X', definitions)).toBe('99')
  })
})
