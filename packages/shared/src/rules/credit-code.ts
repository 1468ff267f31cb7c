import { z } from 'zod'
import { unitType, type UnitType } from '../codes/unit-type.ts'
import { messages } from '../messages.ts'

export const CREDIT_CODE_LENGTH = 18

/** GB 32100-2015 character set: digits and capitals without I, O, S, V, Z. */
export const CREDIT_CODE_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY'
const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const
const structure = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/

/**
 * The GB 32100-2015 check character of the first 17 characters of a credit code:
 * 31 minus the weighted sum modulo 31, taken from the character set (31 becomes '0').
 *
 * @example
 * creditCodeCheckCharacter('91110108MA01ABCDE') // 'N'
 */
export function creditCodeCheckCharacter(first17: string): string {
  let sum = 0
  for (let i = 0; i < weights.length; i++) sum += CREDIT_CODE_CHARSET.indexOf(first17[i]!) * weights[i]!
  return CREDIT_CODE_CHARSET[(31 - (sum % 31)) % 31]!
}

/**
 * Whether a value is a unified social credit code: 18 characters, two from the set, six digits, ten
 * from the set, the last being the check character. Lower case is read as upper case (the client
 * upper-cases identifiers before sending).
 *
 * @example
 * isCreditCode('91110108MA01ABCDEN') // true
 * isCreditCode('91110108MA01ABCDEM') // false
 */
export function isCreditCode(value: string): boolean {
  const code = value.toUpperCase()
  return structure.test(code) && creditCodeCheckCharacter(code.slice(0, 17)) === code[17]
}

/**
 * The credit-code rule with a screen's message (社会信用代码有误 in the change flow, 请输入正确的社会信用代码
 * in the new wizard). Upper-cases the value.
 */
export function creditCodeSchemaWith(message: string) {
  return z
    .string()
    .trim()
    .toUpperCase()
    .max(CREDIT_CODE_LENGTH, { error: message, abort: true })
    .refine(isCreditCode, message)
}

/** The shared change-flow rule (002 §5): 社会信用代码有误. */
export const creditCodeSchema = creditCodeSchemaWith(messages.invalidCreditCode)

/** A unit-type definition as GET /seal-apply/unit/definition gives it: a code and its credit-code prefixes. */
/**
 * The registration region a valid unified social credit code names: its characters 3-8 are the
 * administrative division code (GB 32100); undefined for an invalid code.
 *
 * @example
 * registrationRegionOf('91110108MA01ABCDEN') // '110108'
 */
export function registrationRegionOf(code: string): string | undefined {
  const upper = code.trim().toUpperCase()
  return isCreditCode(upper) ? upper.slice(2, 8) : undefined
}

export type UnitTypeDefinition = { code: string; value: string[] }

/** The built-in rule of the identity hand-off (001 §3, 002 §5): these prefixes are administrative or public institutions. */
export const defaultUnitTypeDefinitions: UnitTypeDefinition[] = [
  { code: unitType.ADMINISTRATIVE_OR_PUBLIC_INSTITUTION, value: ['135', '125', '115', '121', '124'] },
]

/**
 * The unit type of a credit code by its first 3 characters: 135, 125, 115, 121, 124 are administrative
 * or public institutions ('06'); anything else is an ordinary enterprise ('02').
 *
 * @example
 * unitTypeOfCreditCode('12110000400000000X') // '02'
 * unitTypeOfCreditCode('12410000400000000X') // '06'
 */
export function unitTypeOfCreditCode(code: string): UnitType {
  const prefix = code.toUpperCase().slice(0, 3)
  const isInstitution = defaultUnitTypeDefinitions.some((d) => d.value.includes(prefix))
  return isInstitution ? unitType.ADMINISTRATIVE_OR_PUBLIC_INSTITUTION : unitType.ORDINARY_ENTERPRISE
}

/**
 * The unit type found in configured definitions (001 §3): the first 3 characters select it, or the
 * first 2 for the one channel that configures 2-character prefixes; when nothing matches, '02'
 * (or '99' for that channel).
 *
 * @example
 * unitTypeFromDefinitions({ creditCode: '11110000000000000X', definitions: [{ code: '01', value: ['11'] }], prefixLength: 2, fallback: '99' }) // '01'
 */
export function unitTypeFromDefinitions(input: {
  creditCode: string
  definitions: UnitTypeDefinition[]
  prefixLength?: 2 | 3
  fallback?: string
}): string {
  const prefix = input.creditCode.toUpperCase().slice(0, input.prefixLength ?? 3)
  const found = input.definitions.find((d) => d.value.some((p) => p.toUpperCase() === prefix))
  return found?.code ?? input.fallback ?? unitType.ORDINARY_ENTERPRISE
}

/**
 * The one channel's variant: definitions keyed by the first 2 characters, '99' when nothing matches.
 *
 * @example
 * unitTypeOfCreditCodeByChannel('91110108MA01ABCDEN', [{ code: '02', value: ['91', '92', '93'] }]) // '02'
 */
export function unitTypeOfCreditCodeByChannel(code: string, definitions: UnitTypeDefinition[]): string {
  return unitTypeFromDefinitions({ creditCode: code, definitions, prefixLength: 2, fallback: unitType.OTHER })
}
