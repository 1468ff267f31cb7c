import { z } from 'zod'
import { messages } from '../messages.ts'

/** Input limit of a resident ID number (000 §5). */
export const ID_CARD_LENGTH = 18
/** Default minimum age of a personal name seal applicant (002 §5, configurable). */
export const DEFAULT_MIN_APPLICANT_AGE = 14

/** A calendar date without a time zone: a birth date is a day, not an instant. */
export type CalendarDate = { year: number; month: number; day: number }

const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const
const checkCharacters = '10X98765432'
// First two digits: mainland provinces, Taiwan (71), Hong Kong (81), Macau (82), residence permits
// of Taiwan residents (83) and the overseas code (91).
const provinceCodes = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61,
  62, 63, 64, 65, 71, 81, 82, 83, 91,
])

/**
 * The ISO 7064 MOD 11-2 check character of the first 17 digits of an 18-digit ID number.
 *
 * @example
 * idCardCheckCharacter('11010119900307123') // '3'
 */
export function idCardCheckCharacter(first17: string): string {
  let sum = 0
  for (let i = 0; i < weights.length; i++) sum += Number(first17[i]) * weights[i]!
  return checkCharacters[sum % 11]!
}

function isRealDate(date: CalendarDate): boolean {
  const { year, month, day } = date
  if (month < 1 || month > 12 || day < 1) return false
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return day <= daysInMonth
}

function birthDateOf(id: string): CalendarDate | undefined {
  if (/^\d{17}[\dX]$/.test(id)) {
    return { year: Number(id.slice(6, 10)), month: Number(id.slice(10, 12)), day: Number(id.slice(12, 14)) }
  }
  // The older 15-digit form has a two-digit year; those cards were issued to people born in 19xx.
  if (/^\d{15}$/.test(id)) {
    return {
      year: 1900 + Number(id.slice(6, 8)),
      month: Number(id.slice(8, 10)),
      day: Number(id.slice(10, 12)),
    }
  }
  return undefined
}

/**
 * Whether a value is a mainland resident ID number: 18 digits (the last may be X, either case) with a
 * valid province, birth date and check character, or the older 15-digit form with a valid birth date.
 *
 * @example
 * isIdCard('11010119900307123' + '3') // true
 * isIdCard('110101199003071234') // false (check character)
 */
export function isIdCard(value: string): boolean {
  const id = value.toUpperCase()
  const birth = birthDateOf(id)
  if (!birth || !provinceCodes.has(Number(id.slice(0, 2)))) return false
  if (birth.year < 1800 || !isRealDate(birth)) return false
  if (id.length === 15) return true
  return idCardCheckCharacter(id.slice(0, 17)) === id[17]
}

/**
 * The birth date written in a valid ID number (positions 7-14, or 7-12 of the 15-digit form).
 *
 * @example
 * birthDateOfIdCard('44030520000101789X') // { year: 2000, month: 1, day: 1 }
 */
export function birthDateOfIdCard(value: string): CalendarDate | undefined {
  return isIdCard(value) ? birthDateOf(value.toUpperCase()) : undefined
}

/**
 * Age in full years on a day (002 §5), or undefined for an invalid ID. A Date is read by its local
 * calendar fields; someone born on 29 February comes of age on 1 March in common years.
 *
 * @example
 * ageOnDate('110101199003071233', { year: 2004, month: 3, day: 7 }) // 14
 * ageOnDate('110101199003071233', { year: 2004, month: 3, day: 6 }) // 13
 */
export function ageOnDate(value: string, on: Date | CalendarDate): number | undefined {
  const birth = birthDateOfIdCard(value)
  if (!birth) return undefined
  const today =
    on instanceof Date ? { year: on.getFullYear(), month: on.getMonth() + 1, day: on.getDate() } : on
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birth.day)
  return today.year - birth.year - (hadBirthday ? 0 : 1)
}

/**
 * Whether the holder of an ID number is at least `minAge` full years old on a day.
 *
 * @example
 * isOldEnough({ idCard: '44030520000101789X', minAge: 14, on: new Date(2014, 0, 1) }) // true
 */
export function isOldEnough(input: { idCard: string; minAge?: number; on: Date | CalendarDate }): boolean {
  const age = ageOnDate(input.idCard, input.on)
  return age !== undefined && age >= (input.minAge ?? DEFAULT_MIN_APPLICANT_AGE)
}

/**
 * The ID rule with the screen's own message for an invalid number (请输入正确的身份证件号码 on the
 * personal step, 请输入正确的法人证件号码 for the legal person...). Upper-cases a trailing x.
 *
 * @example
 * idCardSchemaWith(messages.invalidLegalIdNumber).parse('11010119900307123x'.replace('x', '3'))
 */
export function idCardSchemaWith(message: string) {
  return z.string().trim().toUpperCase().refine(isIdCard, message)
}

/** The authorization form's rule: 请输入身份证, then 请输入18位身份证件号码, then 请输入正确的身份证. */
export const idCardSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, { error: messages.idCardRequired, abort: true })
  .max(ID_CARD_LENGTH, { error: messages.idCardTooLong, abort: true })
  .refine(isIdCard, messages.invalidIdCard)
