import { describe, expect, it } from 'vitest'
import { isSealTypeCode, sealTypeCode, sealTypeLabel, unitSealTypeCodes } from './seal-type.ts'

describe('seal types', () => {
  it('name the unit official seal, the legal representative seal and the personal name seal', () => {
    expect(sealTypeLabel(sealTypeCode.UNIT_OFFICIAL)).toBe('单位公章')
    expect(sealTypeLabel(sealTypeCode.LEGAL_REPRESENTATIVE_NAME)).toBe('法定代表人名章')
    expect(sealTypeLabel(sealTypeCode.PERSONAL_NAME)).toBe('个人名章')
  })

  it('show an unknown code as it is', () => {
    expect(sealTypeLabel('77')).toBe('77')
    expect(isSealTypeCode('77')).toBe(false)
    expect(isSealTypeCode('1000')).toBe(true)
  })

  it('list the unit seal types without the personal name seal', () => {
    expect(unitSealTypeCodes).not.toContain('1000')
    expect(unitSealTypeCodes[0]).toBe('01')
  })
})
