import type { SendSmsCodeBody } from '@seal/shared/api/auth'
import { post } from '../../../lib/request/request.ts'

/** POST /auth/sms/send: a login code by SMS; the answer says when the next one may be asked for. */
export function sendSmsCode(body: SendSmsCodeBody) {
  return post<{ resendAfterSeconds: number }>('/auth/sms/send', body)
}
