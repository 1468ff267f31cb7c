import { describe, expect, it } from 'vitest'
import { beijingDate, beijingMinute, beijingSecond } from './beijing-time.ts'

describe('Beijing time', () => {
  it('reads an instant as Beijing reads it, whatever the machine’s own time zone', () => {
    // 17:30 UTC is already the next day in Beijing.
    const instant = Date.parse('2026-11-22T17:30:09Z')
    expect(beijingDate(instant)).toBe('2026-11-23')
    expect(beijingMinute(instant)).toBe('2026-11-23 01:30')
    expect(beijingSecond(instant)).toBe('2026-11-23 01:30:09')
  })
})
