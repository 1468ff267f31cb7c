import { z } from 'zod'
import { messages } from '../messages.ts'

export const SEAL_PASSWORD_MIN_LENGTH = 6
export const SEAL_PASSWORD_MAX_LENGTH = 16

// A PIN is typed on many keyboards and host apps: we keep it to printable ASCII so the same
// password can always be typed again. "Special" means ASCII punctuation.
const allowed = /^[\x21-\x7e]+$/
const kinds = [/\d/, /[A-Za-z]/, /[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/] as const
const digitsOnly = /^\d+$/

/**
 * Removes every whitespace character, as the password inputs do (000 §5).
 *
 * @example
 * stripWhitespace(' ab c1 23 ') // 'abc123'
 */
export function stripWhitespace(value: string): string {
  return value.replace(/\s+/g, '')
}

function hasAllowedLength(value: string): boolean {
  return value.length >= SEAL_PASSWORD_MIN_LENGTH && value.length <= SEAL_PASSWORD_MAX_LENGTH
}

/**
 * Whether a seal password is acceptable: after removing whitespace, 6-16 characters of at least two
 * kinds among digits, letters and special symbols (so never all digits).
 *
 * @example
 * isSealPassword('abc123') // true
 * isSealPassword('123456') // false
 * isSealPassword('abcdef') // false
 */
export function isSealPassword(value: string): boolean {
  const password = stripWhitespace(value)
  if (!hasAllowedLength(password) || !allowed.test(password)) return false
  return kinds.filter((kind) => kind.test(password)).length >= 2
}

/**
 * The rule of step 2 of the password change (000 §5): a seal password, or 6-16 digits.
 *
 * @example
 * isSealPasswordAllowingDigits('123456') // true
 * isSealPasswordAllowingDigits('abcdef') // false
 */
export function isSealPasswordAllowingDigits(value: string): boolean {
  const password = stripWhitespace(value)
  return isSealPassword(password) || (hasAllowedLength(password) && digitsOnly.test(password))
}

/**
 * Whether two entries are the same password once whitespace is removed.
 *
 * @example
 * sealPasswordsMatch('abc 123', 'abc123') // true
 */
export function sealPasswordsMatch(password: string, confirmation: string): boolean {
  return stripWhitespace(password) === stripWhitespace(confirmation)
}

/** The messages a password field shows: when empty, and when it breaks the rule. */
export type SealPasswordMessages = { required: string; invalid: string }

/**
 * A seal password field with its screen's messages; the parsed value has whitespace removed.
 *
 * @example
 * sealPasswordSchemaWith({ required: messages.legalPasswordRequired, invalid: messages.legalPasswordRule })
 */
export function sealPasswordSchemaWith(
  text: SealPasswordMessages,
  rule: (value: string) => boolean = isSealPassword,
) {
  return z
    .string()
    .overwrite(stripWhitespace)
    .min(1, { error: text.required, abort: true })
    .refine(rule, text.invalid)
}

/** 请输入印章密码 when empty, 请输入6-16位密码（数字/字母/特殊符号任意两种） when it breaks the rule. */
export const sealPasswordSchema = sealPasswordSchemaWith({
  required: messages.sealPasswordRequired,
  invalid: messages.sealPasswordRule,
})

/** Step 2 of the password change: also accepts 6-16 digits. */
export const sealPasswordAllowingDigitsSchema = sealPasswordSchemaWith(
  { required: messages.sealPasswordRequired, invalid: messages.sealPasswordRule },
  isSealPasswordAllowingDigits,
)

/**
 * Password and confirmation; a mismatch is reported on `confirmPassword` (两次密码不相等 unless the
 * screen words it otherwise).
 *
 * @example
 * sealPasswordPairSchema().safeParse({ password: 'abc123', confirmPassword: 'abc124' }).success // false
 */
export function sealPasswordPairSchema(
  text: SealPasswordMessages & { mismatch: string } = {
    required: messages.sealPasswordRequired,
    invalid: messages.sealPasswordRule,
    mismatch: messages.passwordsDiffer,
  },
  rule: (value: string) => boolean = isSealPassword,
) {
  return z
    .object({
      password: sealPasswordSchemaWith(text, rule),
      confirmPassword: z.string().overwrite(stripWhitespace),
    })
    .refine((pair) => pair.password === pair.confirmPassword, {
      error: text.mismatch,
      path: ['confirmPassword'],
    })
}

/**
 * A password that is only checked for presence (verifying the current one, cancelling a seal):
 * 请填写印章密码, 请填写密码 (max 16), 请输入密码, 请输入正确的印章密码.
 *
 * @example
 * requiredPasswordSchema(messages.cancelPasswordRequired).safeParse('').success // false
 */
export function requiredPasswordSchema(message: string) {
  return z.string().overwrite(stripWhitespace).min(1, message).max(SEAL_PASSWORD_MAX_LENGTH, message)
}
