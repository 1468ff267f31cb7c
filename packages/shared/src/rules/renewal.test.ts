import { describe, expect, it } from 'vitest'
import { messages } from '../messages.ts'
import { renewalUnitProblem, unitMayRenew } from './renewal.ts'

describe('renewal rule', () => {
  it('lets every unit type renew but an administrative or public institution (06)', () => {
    expect(['00', '01', '02', '03', '04', '05', '99'].every(unitMayRenew)).toBe(true)
    expect(unitMayRenew('06')).toBe(false)
    expect(renewalUnitProblem('06')).toBe(messages.institutionCannotRenew)
    expect(renewalUnitProblem('02')).toBeNull()
  })
})
