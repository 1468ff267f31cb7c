/**
 * Display masking (000 §5, 001 §5, 002 §5). Every mask keeps the length, so a masked value still
 * looks like the thing it hides. Lengths count characters, not UTF-16 units.
 */

function keepEnds(value: string, lead: number, trail: number): string {
  const chars = [...value]
  if (chars.length <= lead + trail) return value
  return (
    chars.slice(0, lead).join('') +
    '*'.repeat(chars.length - lead - trail) +
    chars.slice(chars.length - trail).join('')
  )
}

/**
 * The default mask: the first 5 and last 5 characters stay, stars between; 10 or fewer stay as they are.
 *
 * @example
 * maskDefault('91110108MA01ABCDEN') // '91110********BCDEN'
 * maskDefault('0123456789') // '0123456789'
 */
export function maskDefault(value: string): string {
  return keepEnds(value, 5, 5)
}

/**
 * A real name shows its first character only.
 *
 * @example
 * maskRealName('张三丰') // '张**'
 */
export function maskRealName(name: string): string {
  return keepEnds(name, 1, 0)
}

/**
 * An ID number shows its first and last 4 characters.
 *
 * @example
 * maskIdNumber('110101199003071233') // '1101**********1233'
 */
export function maskIdNumber(id: string): string {
  return keepEnds(id, 4, 4)
}

/**
 * An ID number in change, renewal and cancellation shows 3 leading and 4 trailing characters.
 *
 * @example
 * maskIdNumberForChange('110101199003071233') // '110***********1233'
 */
export function maskIdNumberForChange(id: string): string {
  return keepEnds(id, 3, 4)
}

/**
 * The legal representative's phone: the first 3 digits, ****, then the digits from the 8th on.
 *
 * @example
 * maskLegalPhone('13800138000') // '138****8000'
 */
export function maskLegalPhone(phone: string): string {
  if (phone.length < 8) return phone
  return `${phone.slice(0, 3)}****${phone.slice(7)}`
}
