import { describe, expect, it } from 'vitest'
import { identityNumberMaxLength, identityType, identityTypeLabels } from './identity-type.ts'

describe('identity types', () => {
  it('limit a resident ID number to 18 characters and other documents to 100', () => {
    expect(identityNumberMaxLength(identityType.RESIDENT_ID_CARD)).toBe(18)
    expect(identityNumberMaxLength(identityType.PASSPORT)).toBe(100)
  })

  it('name every document type', () => {
    expect(identityTypeLabels['111']).toBe('居民身份证')
    expect(Object.keys(identityTypeLabels).sort()).toEqual(Object.values(identityType).sort())
  })
})
