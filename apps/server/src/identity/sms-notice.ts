import type { Database } from '../db/client.ts'
import { queues, sendJob } from '../jobs/queue.ts'
import type { SmsProvider } from './sms-provider.ts'

export type SmsNotice = { phone: string; text: string }

/**
 * Tells someone by SMS what happened (an application approved, a document waiting for their signature).
 * Unlike a code, a notice is after the fact: a gateway failure is reported to `onFailure` and never
 * undoes what it tells about. With `retry`, a notice the gateway refused now goes on the job queue
 * (`sms-notice`), which tries again 10 s, 20 s and 40 s later: late rather than lost. The answer is whether it
 * went out now. In the sandbox it lands in the outbox (/dev/sms) like every message.
 */
export async function sendSmsNotice(
  sms: SmsProvider,
  notice: SmsNotice,
  onFailure: (error: unknown) => void = () => {},
  retry?: { db: Database },
): Promise<boolean> {
  if (!notice.phone) return false
  const message = { phone: notice.phone, text: `【电子印章】${notice.text}` }
  try {
    await sms.send(message)
    return true
  } catch (error) {
    onFailure(error)
    if (retry) await sendJob(retry.db, queues.smsNotice, message).catch(onFailure)
    return false
  }
}

/** The `sms-notice` job: one more try of a refused notice; a refusal again throws, so the queue retries. */
export async function resendSmsNotice(sms: SmsProvider, message: SmsNotice): Promise<void> {
  await sms.send(message)
}
