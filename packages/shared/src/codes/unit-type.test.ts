import { describe, expect, it } from 'vitest'
import { isUnitType, unitType, unitTypeLabels } from './unit-type.ts'

describe('unit types', () => {
  it('name the ordinary enterprise and the administrative or public institution', () => {
    expect(unitTypeLabels[unitType.ORDINARY_ENTERPRISE]).toBe('普通企业')
    expect(unitTypeLabels[unitType.ADMINISTRATIVE_OR_PUBLIC_INSTITUTION]).toBe('行政事业单位')
  })

  it('recognise only the listed codes', () => {
    expect(isUnitType('06')).toBe(true)
    expect(isUnitType('6')).toBe(false)
  })
})
