/**
 * The use-record date filter (spec 000 §5): the end not before the start, at most 12 months between them,
 * nothing before 1949-02-01 nor after today. Dates are calendar days in China (UTC+8).
 */
export const USE_RECORD_EARLIEST = '1949-02-01'
export const USE_RECORD_MAX_MONTHS = 12

export const useRecordRangeMessages = {
  endBeforeStart: '您的结束时间不能小于开始时间!',
  tooLong: '时间周期不能大于12个月,请重新选择!',
  outOfRange: '请选择1949年2月1日至今天之间的日期',
} as const

/** A calendar day as 'YYYY-MM-DD'. */
export type Day = string

/**
 * What is wrong with a chosen range, or null when it may be searched. `today` is the current day in China.
 *
 * @example
 * useRecordRangeProblem('2026-03-01', '2026-02-01', '2026-11-23') // '您的结束时间不能小于开始时间!'
 */
export function useRecordRangeProblem(start: Day, end: Day, today: Day): string | null {
  if (start < USE_RECORD_EARLIEST || end < USE_RECORD_EARLIEST || start > today || end > today) return useRecordRangeMessages.outOfRange
  return usePeriodProblem(start, end)
}

/**
 * The period alone, first to last day inclusive: the end not before the start, at most 12 calendar months
 * on. The server checks a query's period with it too, so the API allows exactly what the screen allows.
 */
export function usePeriodProblem(start: Day, end: Day): string | null {
  if (end < start) return useRecordRangeMessages.endBeforeStart
  if (end > addMonths(start, USE_RECORD_MAX_MONTHS)) return useRecordRangeMessages.tooLong
  return null
}

/** Epoch ms of the start of a day in China, and of the start of the day after (the range's exclusive end). */
export function dayStartMs(day: Day): number {
  return Date.parse(`${day}T00:00:00+08:00`)
}
export function dayEndMs(day: Day): number {
  return dayStartMs(day) + 86_400_000
}

/** The day in China of an instant. */
export function dayOf(epochMs: number): Day {
  return new Date(epochMs + 8 * 3_600_000).toISOString().slice(0, 10)
}

/** The same day `months` later, clamped to the month's last day (2025-01-31 + 1 month → 2025-02-28). */
function addMonths(day: Day, months: number): Day {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const total = year * 12 + (month - 1) + months
  const lastDay = new Date(Date.UTC(Math.floor(total / 12), (total % 12) + 1, 0)).getUTCDate()
  const target = new Date(Date.UTC(Math.floor(total / 12), total % 12, Math.min(date, lastDay)))
  return target.toISOString().slice(0, 10)
}
