import { beijingDate } from '@seal/shared/text/beijing-time'

/**
 * Value formatting for document text. Dates are the day in Beijing (the one rule of every screen and
 * document), whatever the server's time zone, so the same epoch gives the same document everywhere.
 */

function chinaDate(epochMs: number): { year: number; month: number; day: number } {
  const [year, month, day] = beijingDate(epochMs).split('-').map(Number) as [number, number, number]
  return { year, month, day }
}

/**
 * A date as the spec shows authorization dates, year.month.day (000 §9; validity YYYY.MM.DD, 001 §9).
 *
 * @example
 * dottedDate(Date.UTC(2025, 0, 1)) // '2025.01.01'
 */
export function dottedDate(epochMs: number): string {
  const { year, month, day } = chinaDate(epochMs)
  return `${year}.${String(month).padStart(2, '0')}.${String(day).padStart(2, '0')}`
}

/**
 * A date in Chinese, as in the text of a document.
 *
 * @example
 * chineseDate(Date.UTC(2025, 0, 1)) // '2025年1月1日'
 */
export function chineseDate(epochMs: number): string {
  const { year, month, day } = chinaDate(epochMs)
  return `${year}年${month}月${day}日`
}

/**
 * An identity number as documents show it: first and last 4 characters kept (000 §5 display masking).
 *
 * @example
 * maskIdentity('110101199003071234') // '1101**********1234'
 */
export function maskIdentity(identity: string): string {
  if (identity.length <= 8) return identity
  return `${identity.slice(0, 4)}${'*'.repeat(identity.length - 8)}${identity.slice(-4)}`
}

/**
 * A mobile number with its middle four digits hidden.
 *
 * @example
 * maskPhone('13812345678') // '138****5678'
 */
export function maskPhone(phone: string): string {
  if (phone.length !== 11) return phone
  return `${phone.slice(0, 3)}****${phone.slice(7)}`
}
