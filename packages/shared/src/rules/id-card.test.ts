import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ageOnDate,
  birthDateOfIdCard,
  idCardCheckCharacter,
  idCardSchema,
  idCardSchemaWith,
  isIdCard,
  isOldEnough,
} from './id-card.ts'

/** Completes 17 digits with their check character. */
const withCheck = (first17: string) => first17 + idCardCheckCharacter(first17)

const knownValid = [
  '110101199003071233',
  '310104198506124562',
  '320102199511203453',
  '440305200001017899',
  '11010519491231002X',
]

/** A random valid 18-digit ID: a real province, a real birth date, a sequence and its check character. */
const validIdCard = fc
  .record({
    province: fc.constantFrom('11', '12', '31', '32', '44', '51', '65', '81', '91'),
    area: fc.integer({ min: 0, max: 9999 }),
    birth: fc.date({
      min: new Date(Date.UTC(1900, 0, 1)),
      max: new Date(Date.UTC(2030, 11, 31)),
      noInvalidDate: true,
    }),
    sequence: fc.integer({ min: 0, max: 999 }),
  })
  .map(({ province, area, birth, sequence }) => {
    const date = birth.toISOString().slice(0, 10).replaceAll('-', '')
    const first17 = `${province}${String(area).padStart(4, '0')}${date}${String(sequence).padStart(3, '0')}`
    return first17 + idCardCheckCharacter(first17)
  })

describe('resident ID numbers', () => {
  it('accepts the known valid numbers, with an upper- or lower-case X', () => {
    for (const id of knownValid) expect(isIdCard(id)).toBe(true)
    expect(isIdCard('11010519491231002x')).toBe(true)
  })

  it('rejects a number whose check character is wrong', () => {
    expect(isIdCard('110101199003071234')).toBe(false)
    expect(isIdCard('44030520000101789X')).toBe(false)
  })

  it('rejects an impossible birth date, an unknown province and the wrong length', () => {
    expect(isIdCard(withCheck('11010119900230123'))).toBe(false)
    expect(isIdCard(withCheck('00010119900307123'))).toBe(false)
    expect(isIdCard('11010119900307123')).toBe(false)
    expect(isIdCard('')).toBe(false)
  })

  it('accepts the older 15-digit form only with a real date', () => {
    expect(isIdCard('110101900307123')).toBe(true)
    expect(isIdCard('110101900230123')).toBe(false)
    expect(isIdCard('11010190030712X')).toBe(false)
  })

  it('accepts every generated valid number', () => {
    fc.assert(fc.property(validIdCard, (id) => isIdCard(id)))
  })

  it('rejects any single-character change of a valid number', () => {
    const change = fc
      .tuple(validIdCard, fc.nat(), fc.constantFrom(...'0123456789X'))
      .filter(([id, at, c]) => id[at % 18] !== c)
    fc.assert(
      fc.property(change, ([id, at, c]) => {
        const i = at % 18
        return !isIdCard(id.slice(0, i) + c + id.slice(i + 1))
      }),
    )
  })
})

describe('birth date and age', () => {
  it('reads the birth date from positions 7 to 14, or from the 15-digit form', () => {
    expect(birthDateOfIdCard('440305200001017899')).toEqual({ year: 2000, month: 1, day: 1 })
    expect(birthDateOfIdCard('110101900307123')).toEqual({ year: 1990, month: 3, day: 7 })
    expect(birthDateOfIdCard('110101199003071234')).toBeUndefined()
  })

  it('counts full years, turning one older on the birthday', () => {
    expect(ageOnDate('110101199003071233', { year: 2004, month: 3, day: 6 })).toBe(13)
    expect(ageOnDate('110101199003071233', { year: 2004, month: 3, day: 7 })).toBe(14)
    expect(ageOnDate('110101199003071233', new Date(2024, 11, 31))).toBe(34)
  })

  it('makes someone born on 29 February a year older on 1 March of a common year', () => {
    const id = withCheck('11010120000229123')
    expect(ageOnDate(id, { year: 2014, month: 2, day: 28 })).toBe(13)
    expect(ageOnDate(id, { year: 2014, month: 3, day: 1 })).toBe(14)
  })

  it('refuses a personal name seal applicant under 14 and accepts one of 14', () => {
    const on = { year: 2014, month: 1, day: 1 }
    expect(isOldEnough({ idCard: '440305200001017899', on })).toBe(true)
    expect(isOldEnough({ idCard: withCheck('44030520000102789'), on })).toBe(false)
    expect(isOldEnough({ idCard: '440305200001017899', minAge: 18, on })).toBe(false)
  })
})

describe('ID number schemas', () => {
  const firstMessage = (value: string) => idCardSchema.safeParse(value).error?.issues[0]?.message

  it('says which rule failed in the authorization form', () => {
    expect(firstMessage('')).toBe('请输入身份证')
    expect(firstMessage('1101011990030712330')).toBe('请输入18位身份证件号码')
    expect(firstMessage('110101199003071234')).toBe('请输入正确的身份证')
    expect(idCardSchema.safeParse('110101199003071234').error?.issues).toHaveLength(1)
  })

  it('trims and upper-cases what it accepts', () => {
    expect(idCardSchema.parse(' 11010519491231002x ')).toBe('11010519491231002X')
  })

  it('uses the screen message it is given', () => {
    const legal = idCardSchemaWith('请输入正确的法人证件号码')
    expect(legal.safeParse('123').error?.issues[0]?.message).toBe('请输入正确的法人证件号码')
  })
})
