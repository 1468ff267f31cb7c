import type { SmsProvider } from './sms-provider.ts'

/**
 * Tells someone by SMS what happened (an application approved, a document waiting for their signature).
 * Unlike a code, a notice is after the fact: a gateway failure is reported to `onFailure` and never
 * undoes what it tells about. In the sandbox it lands in the outbox (/dev/sms) like every message.
 */
export async function sendSmsNotice(
  sms: SmsProvider,
  notice: { phone: string; text: string },
  onFailure: (error: unknown) => void = () => {},
): Promise<boolean> {
  if (!notice.phone) return false
  try {
    await sms.send({ phone: notice.phone, text: `【电子印章】${notice.text}` })
    return true
  } catch (error) {
    onFailure(error)
    return false
  }
}
