import { describe, expect, it } from 'vitest'
import { messages } from '../messages.ts'
import { beijingDayEnd, beijingDayStart } from '../text/beijing-time.ts'
import { authPeriodProblem, END_AFTER_CERTIFICATE } from './authorization.ts'

describe('authPeriodProblem', () => {
  const now = Date.parse('2026-11-25T06:00:00Z')
  const certEndTime = now + 365 * 86_400_000
  const context = { now, certEndTime }

  it('answers the rules of 000 §5 in their order', () => {
    expect(authPeriodProblem({ startTime: now }, context)).toBe(messages.endTimeRequired)
    expect(authPeriodProblem({ startTime: beijingDayStart(now) - 1, endTime: now + 1 }, context)).toBe(messages.startBeforeNow)
    expect(authPeriodProblem({ startTime: now + 86_400_000, endTime: now }, context)).toBe(messages.endBeforeStart)
    expect(authPeriodProblem({ startTime: now, endTime: certEndTime + 1 }, context)).toBe(END_AFTER_CERTIFICATE)
  })

  it('takes a period from the start of today to the end of a later day, up to the certificate', () => {
    expect(authPeriodProblem({ startTime: beijingDayStart(now), endTime: beijingDayEnd(now + 30 * 86_400_000) }, context)).toBeNull()
    expect(authPeriodProblem({ startTime: now, endTime: certEndTime }, context)).toBeNull()
  })
})
