import { describe, expect, it } from 'vitest'
import {
  activatableSealStatuses,
  managementStatusOf,
  sealListGroupOf,
  sealStatus,
  sealStatusLabels,
  sealStatusWide,
  sealStatusWideLabels,
} from './seal-status.ts'

describe('seal status readings', () => {
  it('keep both readings of 3, 4, 6 and 7', () => {
    expect(sealStatus.PENDING_RENEWAL).toBe('3')
    expect(sealStatusWide.EXPIRED).toBe('3')
    expect(sealStatus.PENDING_ACTIVATION).toBe('4')
    expect(sealStatusWide.PENDING_ACTIVATION).toBe('4')
    expect(sealStatusLabels['6']).toBe('待激活')
    expect(sealStatusWideLabels['6']).toBe('审核失败')
    expect(sealStatusLabels['7']).toBe('待激活')
    expect(sealStatusWide.AWAITING_MAKING).toBe('7')
  })

  it('label every code of each reading', () => {
    expect(Object.keys(sealStatusLabels).sort()).toEqual(Object.values(sealStatus).sort())
    expect(Object.keys(sealStatusWideLabels).sort()).toEqual(Object.values(sealStatusWide).sort())
  })

  it('group the seal list as 6, 7, 8, 1 and put everything else under 以下章不可用', () => {
    expect(['6', '7', '8', '1'].map(sealListGroupOf)).toEqual(['6', '7', '8', '1'])
    expect(['2', '3', '4', '9', '10', 'x'].map(sealListGroupOf)).toEqual(Array(6).fill('unavailable'))
  })

  it('send cards with status 6 or 7 to activation', () => {
    expect([...activatableSealStatuses]).toEqual(['6', '7'])
  })

  it('show a seal waiting for activation (wide 4) in the first pending group, whose card goes to activation', () => {
    expect(managementStatusOf(sealStatusWide.PENDING_ACTIVATION)).toBe('6')
    expect(sealListGroupOf(managementStatusOf('4'))).toBe('6')
    expect(['1', '2', '8'].map(managementStatusOf)).toEqual(['1', '2', '8'])
  })
})
