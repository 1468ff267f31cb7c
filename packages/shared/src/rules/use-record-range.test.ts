import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dayEndMs, dayOf, dayStartMs, useRecordRangeProblem } from './use-record-range.ts'

const today = '2026-11-23'

describe('useRecordRangeProblem', () => {
  it('accepts a range within 12 months that ends by today', () => {
    expect(useRecordRangeProblem('2026-01-01', '2026-11-23', today)).toBeNull()
    expect(useRecordRangeProblem('2025-11-23', '2026-11-23', today)).toBeNull()
    expect(useRecordRangeProblem('2026-11-23', '2026-11-23', today)).toBeNull()
  })

  it('refuses an end before the start, a range over 12 months, and days outside 1949-02-01 … today with the spec’s words', () => {
    expect(useRecordRangeProblem('2026-03-01', '2026-02-01', today)).toBe('您的结束时间不能小于开始时间!')
    expect(useRecordRangeProblem('2025-11-22', '2026-11-23', today)).toBe('时间周期不能大于12个月,请重新选择!')
    expect(useRecordRangeProblem('1949-01-31', '1949-03-01', today)).toBe('请选择1949年2月1日至今天之间的日期')
    expect(useRecordRangeProblem('2026-11-01', '2026-11-24', today)).toBe('请选择1949年2月1日至今天之间的日期')
  })

  it('clamps a month end: 31 January to 28 February is one month', () => {
    expect(useRecordRangeProblem('2025-01-31', '2026-01-31', today)).toBeNull()
    expect(useRecordRangeProblem('2025-01-31', '2026-02-01', today)).toBe('时间周期不能大于12个月,请重新选择!')
  })

  it('never accepts an end before its start (property)', () => {
    const day = fc.date({ min: new Date('1949-02-01T00:00:00Z'), max: new Date('2026-11-23T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
    fc.assert(fc.property(day, day, (a, b) => (b < a ? useRecordRangeProblem(a, b, today) !== null : true)))
  })
})

describe('days in China', () => {
  it('maps a day to its UTC+8 bounds and back', () => {
    expect(new Date(dayStartMs('2026-11-23')).toISOString()).toBe('2026-11-22T16:00:00.000Z')
    expect(dayEndMs('2026-11-23') - dayStartMs('2026-11-23')).toBe(86_400_000)
    expect(dayOf(dayStartMs('2026-11-23'))).toBe('2026-11-23')
    expect(dayOf(dayEndMs('2026-11-23') - 1)).toBe('2026-11-23')
  })
})
