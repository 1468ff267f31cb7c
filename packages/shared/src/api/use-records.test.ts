import { describe, expect, it } from 'vitest'
import { dayEndMs, dayStartMs } from '../rules/use-record-range.ts'
import { useRecordQueryBody } from './use-records.ts'

const parse = (body: object) => useRecordQueryBody.safeParse({ sealId: 'seal-1', ...body })
const messageOf = (body: object) => parse(body).error?.issues[0]?.message

describe('the use-record query', () => {
  it('takes the period the screen allows, by the same calendar rule', () => {
    expect(parse({ startTime: dayStartMs('2025-11-23'), endTime: dayEndMs('2026-11-23') }).success).toBe(true)
    expect(messageOf({ startTime: dayStartMs('2025-11-22'), endTime: dayEndMs('2026-11-23') })).toBe('时间周期不能大于12个月,请重新选择!')
    expect(messageOf({ startTime: dayStartMs('2026-03-01'), endTime: dayStartMs('2026-02-01') })).toBe('您的结束时间不能小于开始时间!')
  })

  it('refuses instants too far off to name a day, rather than failing on them', () => {
    expect(parse({ startTime: 1e15, endTime: 1e15 }).success).toBe(false)
    expect(parse({ startTime: dayStartMs('9999-12-01'), endTime: dayEndMs('9999-12-31') }).success).toBe(true)
  })
})
