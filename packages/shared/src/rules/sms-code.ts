import { z } from 'zod'
import { messages, ownMessages } from '../messages.ts'

export const SMS_CODE_LENGTH = 6
/** Seconds before a code may be sent again (000 §9). */
export const SMS_COUNTDOWN_SECONDS = 60

const smsCodePattern = /^\d{6}$/

/**
 * Whether a value is a 6-digit SMS code.
 *
 * @example
 * isSmsCode('012345') // true
 * isSmsCode('12345') // false
 */
export function isSmsCode(value: string): boolean {
  return smsCodePattern.test(value)
}

/** Required (请输入验证码), then 6 digits. */
export const smsCodeSchema = z
  .string()
  .trim()
  .min(1, messages.smsCodeRequired)
  .regex(smsCodePattern, ownMessages.invalidSmsCode)
