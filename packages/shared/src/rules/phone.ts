import { z } from 'zod'
import { messages } from '../messages.ts'

/** Phone input limit (000 §9). */
export const PHONE_MAX_LENGTH = 11

/** The request-level rule: optional +86 or 0086, then 1 and 10 digits (000 §5). */
const phonePattern = /^(?:\+86|0086)?1\d{10}$/
/** The forms' live check: 1, then 3-9, then 9 digits. */
const mobilePhonePattern = /^1[3-9]\d{9}$/

/**
 * Whether a value is a mainland mobile number, optionally with +86 or 0086 in front.
 *
 * @example
 * isPhone('+8613800138000') // true
 * isPhone('1380013800') // false
 */
export function isPhone(value: string): boolean {
  return phonePattern.test(value)
}

/**
 * The forms' live check: exactly 11 digits, 1 then 3-9.
 *
 * @example
 * isMobilePhone('13800138000') // true
 * isMobilePhone('12800138000') // false
 */
export function isMobilePhone(value: string): boolean {
  return mobilePhonePattern.test(value)
}

/**
 * The national number of a phone: drops a +86 or 0086 prefix.
 *
 * @example
 * nationalPhoneNumber('008613800138000') // '13800138000'
 */
export function nationalPhoneNumber(value: string): string {
  return value.replace(/^(?:\+86|0086)/, '')
}

/** A phone as a request may carry it (prefix allowed); message 请输入正确的手机号码. */
export const phoneSchema = z.string().trim().regex(phonePattern, messages.invalidPhone)

/**
 * The form rule (1[3-9] and 9 digits, so at most 11) with the screen's own message: 请输入正确的手机号 on the
 * personal step, 请输入正确的法人手机号 for the legal person, and so on.
 *
 * @example
 * mobilePhoneSchemaWith(messages.invalidLegalPhone).safeParse('123').error?.issues[0]?.message // '请输入正确的法人手机号'
 */
export function mobilePhoneSchemaWith(message: string) {
  return z.string().trim().regex(mobilePhonePattern, message)
}

/** The form rule with 请输入正确的手机号码. */
export const mobilePhoneSchema = mobilePhoneSchemaWith(messages.invalidPhone)
