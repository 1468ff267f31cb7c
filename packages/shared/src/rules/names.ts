import { z } from 'zod'
import { messages, ownMessages } from '../messages.ts'

/** Person, seal-user and legal representative names: at most 16 characters (000 §9, 002 §9). */
export const PERSON_NAME_MAX_LENGTH = 16
/** The new wizard's input limit for names and the unit name (001 §5). */
export const WIZARD_NAME_INPUT_MAX_LENGTH = 50
export const UNIT_NAME_MIN_LENGTH = 4
export const UNIT_NAME_MAX_LENGTH = 120
/** Unit name limit on activation (002 §5). */
export const ACTIVATION_UNIT_NAME_MAX_LENGTH = 100
export const SEAL_NAME_MIN_LENGTH = 2
export const SEAL_NAME_MAX_LENGTH = 20

const meaningful = /[\p{Script=Han}A-Za-z0-9]/u
const whitespace = /\s/u
const digit = /\p{Nd}/u
const sealName = /^[\p{Script=Han}0-9]+$/u

/** Length in characters as a reader counts them (a rare CJK character outside the BMP counts once). */
function length(value: string): number {
  return [...value].length
}

/**
 * A person's name: at least one Chinese character, letter or digit, at most 16 characters.
 *
 * @example
 * isPersonName('张三') // true
 * isPersonName('·') // false
 */
export function isPersonName(value: string): boolean {
  const name = value.trim()
  return name.length > 0 && length(name) <= PERSON_NAME_MAX_LENGTH && meaningful.test(name)
}

/**
 * A seal user's name in the authorization form: at most 16 characters, no whitespace, no digits.
 *
 * @example
 * isSealUserName('阿卜杜·热合曼') // true
 * isSealUserName('张 三') // false
 */
export function isSealUserName(value: string): boolean {
  return (
    length(value) <= PERSON_NAME_MAX_LENGTH &&
    meaningful.test(value) &&
    !whitespace.test(value) &&
    !digit.test(value)
  )
}

/**
 * A legal representative's name (002 §5): no spaces or digits, at most 16 characters.
 *
 * @example
 * isLegalRepresentativeName('李四') // true
 * isLegalRepresentativeName('李四2') // false
 */
export function isLegalRepresentativeName(value: string): boolean {
  return isSealUserName(value)
}

/**
 * A company (unit) name: no whitespace and at least one Chinese character, letter or digit.
 *
 * @example
 * isCompanyName('北京某某科技有限公司') // true
 * isCompanyName('北京 某某') // false
 */
export function isCompanyName(value: string): boolean {
  return meaningful.test(value) && !whitespace.test(value)
}

/**
 * A seal's name (other-type seals): 2 to 20 Chinese characters or digits.
 *
 * @example
 * isSealName('项目专用章') // true
 * isSealName('章') // false
 */
export function isSealName(value: string): boolean {
  const n = length(value)
  return n >= SEAL_NAME_MIN_LENGTH && n <= SEAL_NAME_MAX_LENGTH && sealName.test(value)
}

/**
 * A name field with the screen's message (请填写正确的姓名, 请输入正确的法人姓名, 请输入正确的经办人姓名...).
 *
 * @example
 * personNameSchemaWith(messages.invalidOperatorName).safeParse('').success // false
 */
export function personNameSchemaWith(message: string) {
  return z.string().trim().refine(isPersonName, message)
}

/** The personal step's name rule: 请填写正确的姓名. */
export const personNameSchema = personNameSchemaWith(messages.invalidPersonName)

/** The authorization form's seal-user name: 请输入合法的用章人姓名. */
export const sealUserNameSchema = z.string().trim().refine(isSealUserName, messages.invalidSealUserName)

/** The change flow's legal representative name: 请输入正确的法定代表人姓名（不包含空格与数字）. */
export const legalRepresentativeNameSchema = z
  .string()
  .trim()
  .refine(isLegalRepresentativeName, messages.invalidLegalRepresentativeName)

/** A unit name's length limits and messages. */
export type UnitNameRule = { min?: number; max: number; invalid: string; tooShort: string; tooLong: string }

/**
 * A unit name: a company name (no whitespace), then the length limits; one message per problem.
 *
 * @example
 * unitNameSchemaWith({ min: 4, max: 120, invalid: messages.invalidUnitName, tooShort: messages.unitNameTooShort, tooLong: messages.unitNameTooLongWizard })
 */
export function unitNameSchemaWith(rule: UnitNameRule) {
  return z
    .string()
    .trim()
    .min(1, { error: rule.invalid, abort: true })
    .refine(isCompanyName, { error: rule.invalid, abort: true })
    .refine((v) => length(v) >= (rule.min ?? 1), { error: rule.tooShort, abort: true })
    .refine((v) => length(v) <= rule.max, rule.tooLong)
}

/** The change flow (002 §5): 4-120 characters, 单位名称过短 / 单位名称过长 / 请输入正确的单位名称. */
export const unitNameSchema = unitNameSchemaWith({
  min: UNIT_NAME_MIN_LENGTH,
  max: UNIT_NAME_MAX_LENGTH,
  invalid: messages.invalidUnitName,
  tooShort: messages.unitNameTooShort,
  tooLong: messages.unitNameTooLong,
})

/** The new wizard (001 §5): 4-120 characters, with its own wording 单位名称名称过长. */
export const wizardUnitNameSchema = unitNameSchemaWith({
  min: UNIT_NAME_MIN_LENGTH,
  max: UNIT_NAME_MAX_LENGTH,
  invalid: messages.invalidUnitName,
  tooShort: messages.unitNameTooShort,
  tooLong: messages.unitNameTooLongWizard,
})

/** Activation (002 §5): at most 100 characters. */
export const activationUnitNameSchema = unitNameSchemaWith({
  max: ACTIVATION_UNIT_NAME_MAX_LENGTH,
  invalid: messages.invalidUnitName,
  tooShort: messages.invalidUnitName,
  tooLong: messages.unitNameTooLong,
})

/** An other-type seal's name: 请完善其他类型印章名称 when empty, then 2-20 Chinese characters or digits. */
export const sealNameSchema = z
  .string()
  .trim()
  .min(1, { error: messages.otherSealNameRequired, abort: true })
  .refine(isSealName, ownMessages.invalidSealName)

/**
 * Whether other-type seal names are all different (其他类型印章名称不允许重复).
 *
 * @example
 * hasUniqueSealNames(['项目章', '项目章']) // false
 */
export function hasUniqueSealNames(names: readonly string[]): boolean {
  const trimmed = names.map((n) => n.trim())
  return new Set(trimmed).size === trimmed.length
}
