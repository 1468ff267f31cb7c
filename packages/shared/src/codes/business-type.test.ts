import { describe, expect, it } from 'vitest'
import {
  businessType,
  businessTypeLabels,
  businessTypeNumber,
  changeSealImagesNeeded,
  isBusinessType,
  sealOptionBusinessType,
} from './business-type.ts'

describe('business types', () => {
  it('keep both numeric readings: 2 is cancel in one and activate in the other, 4 renewal or retrieve', () => {
    expect(businessTypeNumber.CANCEL).toBe(2)
    expect(sealOptionBusinessType.ACTIVATE).toBe(2)
    expect(businessTypeNumber.RENEWAL).toBe(4)
    expect(sealOptionBusinessType.RETRIEVE).toBe(4)
    expect(businessTypeNumber.CHANGE).toBe(sealOptionBusinessType.CHANGE)
  })

  it('recognise the query names of the new wizard', () => {
    expect(Object.values(businessType)).toEqual(['APPLY', 'CHANGE', 'RENEWAL', 'CANCEL', 'RETRIEVE'])
    expect(isBusinessType('RETRIEVE')).toBe(true)
    expect(isBusinessType('apply')).toBe(false)
    expect(businessTypeLabels.RETRIEVE).toBe('找回印章')
  })

  it('need only the legal representative seal image when the legal person changed with a name seal', () => {
    expect(changeSealImagesNeeded['1']).toBe('legalRepresentativeNameSealOnly')
    expect(changeSealImagesNeeded['2']).toBe('none')
    expect(changeSealImagesNeeded['3']).toBe('all')
  })
})
