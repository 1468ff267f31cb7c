/**
 * Business times (signing, seal use, cancellation, messages sent) are shown in Beijing time on every
 * screen, whatever the device's own time zone: China has one time zone (UTC+8) and no daylight saving,
 * so the offset is fixed. Screens that show several times say once that they are Beijing time.
 */
const beijingOffsetMs = 8 * 60 * 60 * 1000

/** How a screen names the time zone of the times it shows. */
export const BEIJING_TIME = '北京时间'

function beijingIso(epochMs: number): string {
  return new Date(epochMs + beijingOffsetMs).toISOString()
}

/**
 * The day in Beijing.
 *
 * @example
 * beijingDate(Date.parse('2026-11-22T17:30:00Z')) // '2026-11-23'
 */
export function beijingDate(epochMs: number): string {
  return beijingIso(epochMs).slice(0, 10)
}

/**
 * Day and minute in Beijing.
 *
 * @example
 * beijingMinute(Date.parse('2026-11-23T06:05:00Z')) // '2026-11-23 14:05'
 */
export function beijingMinute(epochMs: number): string {
  return beijingIso(epochMs).slice(0, 16).replace('T', ' ')
}

/**
 * Day and second in Beijing, for times that prove an order of events (signing, timestamps, revocation).
 *
 * @example
 * beijingSecond(Date.parse('2026-11-23T06:05:09Z')) // '2026-11-23 14:05:09'
 */
export function beijingSecond(epochMs: number): string {
  return beijingIso(epochMs).slice(0, 19).replace('T', ' ')
}

const DAY_MS = 86_400_000

/**
 * The first millisecond of the Beijing day `epochMs` falls in.
 *
 * @example
 * beijingDayStart(Date.parse('2026-11-22T17:30:00Z')) // Date.parse('2026-11-22T16:00:00Z'), 2026-11-23 00:00 in Beijing
 */
export function beijingDayStart(epochMs: number): number {
  return Math.floor((epochMs + beijingOffsetMs) / DAY_MS) * DAY_MS - beijingOffsetMs
}

/** The last millisecond of the Beijing day `epochMs` falls in. */
export function beijingDayEnd(epochMs: number): number {
  return beijingDayStart(epochMs) + DAY_MS - 1
}

/**
 * year.month.day in Beijing, as authorisation periods are shown (000 §9).
 *
 * @example
 * beijingDottedDate(Date.parse('2026-11-22T17:30:00Z')) // '2026.11.23'
 */
export function beijingDottedDate(epochMs: number): string {
  return beijingDate(epochMs).replaceAll('-', '.')
}
