import { messages } from '../messages.ts'

/**
 * The use-record date filter (spec 000 §5): the end not before the start, at most 12 months between them,
 * nothing before 1949-02-01 nor after today. Dates are calendar days in China (UTC+8).
 */
export const USE_RECORD_EARLIEST = '1949-02-01'
export const USE_RECORD_MAX_MONTHS = 12

export const useRecordRangeMessages = {
  endBeforeStart: messages.recordEndBeforeStart,
  tooLong: messages.recordRangeTooLong,
  outOfRange: '请选择1949年2月1日至今天之间的日期',
} as const

/** The end of 9999-12-31 in China: the last day written with four year digits, so the last a query can name. */
export const DAYS_END_MS = Date.parse('9999-12-31T00:00:00+08:00') + 86_400_000

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
  if (dayNumber(end) > addMonths(start, USE_RECORD_MAX_MONTHS)) return useRecordRangeMessages.tooLong
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

/**
 * The same day `months` later, clamped to the month's last day (2025-01-31 + 1 month → 2025-02-28), as a
 * number YYYYMMDD: a number still compares right when the year reaches five digits.
 */
function addMonths(day: Day, months: number): number {
  const [year, month, date] = dayParts(day)
  const total = year * 12 + (month - 1) + months
  const targetYear = Math.floor(total / 12)
  const targetMonth = (total % 12) + 1
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate()
  return targetYear * 10_000 + targetMonth * 100 + Math.min(date, lastDay)
}

function dayNumber(day: Day): number {
  const [year, month, date] = dayParts(day)
  return year * 10_000 + month * 100 + date
}

function dayParts(day: Day): [number, number, number] {
  return day.split('-').map(Number) as [number, number, number]
}
