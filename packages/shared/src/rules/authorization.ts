import { messages } from '../messages.ts'
import { beijingDayStart } from '../text/beijing-time.ts'

/** Ours: an authorisation cannot outlast the seal's certificate (000 §5 caps the end date there). */
export const END_AFTER_CERTIFICATE = '结束时间不能晚于印章证书有效期'

/**
 * The first problem with an authorisation period (000 §5), the same on the form and on the server: an end
 * time is required (请设置结束时间); the start may be any time from the start of today, Beijing time
 * (开始时间不能小于当前时间); the end not before the start (结束时间不能小于开始时间) nor after the seal's
 * certificate. Null when the period is fine.
 *
 * @example
 * authPeriodProblem({ startTime: now, endTime: undefined }, { now, certEndTime }) // '请设置结束时间'
 */
export function authPeriodProblem(
  period: { startTime?: number | null | undefined; endTime?: number | null | undefined },
  context: { now: number; certEndTime: number },
): string | null {
  if (!period.endTime) return messages.endTimeRequired
  const start = period.startTime ?? context.now
  if (start < beijingDayStart(context.now)) return messages.startBeforeNow
  if (period.endTime < start) return messages.endBeforeStart
  if (period.endTime > context.certEndTime) return END_AFTER_CERTIFICATE
  return null
}
