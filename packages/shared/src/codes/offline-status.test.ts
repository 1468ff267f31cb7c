import { describe, expect, it } from 'vitest'
import { offlineActionsOf, offlineAllows, offlineFlowAfter, offlineStatusCodes, offlineStatusLabel, offlineStatusLabels } from './offline-status.ts'

describe('offline status codes', () => {
  it('has the fourteen codes of 001 §4, each with a label', () => {
    expect([...offlineStatusCodes].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14])
    for (const code of offlineStatusCodes) expect(offlineStatusLabels[code]).toMatch(/[\u4e00-\u9fa5]/)
    expect(offlineStatusLabel(14)).toBe('未签署，法人拒绝')
  })

  it('lets 0 be withdrawn and mailed, 5, 10 and 14 reapplied, and an unknown code do nothing while reading as submitted', () => {
    expect(offlineActionsOf(0)).toEqual(['withdraw', 'mail'])
    for (const code of [5, 10, 14]) expect(offlineAllows(code, 'reapply')).toBe(true)
    expect(offlineAllows(4, 'withdraw')).toBe(false)
    expect(offlineActionsOf(42)).toEqual([])
    expect(offlineStatusLabel(42)).toBe(offlineStatusLabel(0))
  })

  it('orders the flow as 001 §4 says: patterns for 1 and 3, materials for 4, signed documents for a 06 new application', () => {
    expect(offlineFlowAfter('step-1', { businessType: 1, unitTypeCode: '02' })).toBe('step-2-1')
    expect(offlineFlowAfter('step-1', { businessType: 3, unitTypeCode: '02' })).toBe('step-2-1')
    expect(offlineFlowAfter('step-1', { businessType: 4, unitTypeCode: '02' })).toBe('step-2')
    expect(offlineFlowAfter('step-2-1', { businessType: 1, unitTypeCode: '06' })).toBe('step-2-2')
    expect(offlineFlowAfter('step-2-1', { businessType: 3, unitTypeCode: '06' })).toBe('step-3-1')
    expect(offlineFlowAfter('step-2-2', { businessType: 1, unitTypeCode: '06' })).toBe('step-3-1')
  })
})
