import { describe, expect, it } from 'vitest'
import {
  authUseType,
  authUseTypeLabels,
  effectiveSealRole,
  offeredAuthUseTypes,
  sealRole,
} from './authorization.ts'

describe('authorization roles', () => {
  it('treat a missing or 0 role as the legal person in the authorised-person list', () => {
    expect(effectiveSealRole(null)).toBe(sealRole.LEGAL_PERSON)
    expect(effectiveSealRole(undefined)).toBe(sealRole.LEGAL_PERSON)
    expect(effectiveSealRole(0)).toBe(sealRole.LEGAL_PERSON)
    expect(effectiveSealRole(3)).toBe(sealRole.AUTHORIZED_USER)
  })
})

describe('authorization scope', () => {
  it('offers use only, management only, or both as configured', () => {
    expect(offeredAuthUseTypes({ scope: 0, role: 1 })).toEqual([authUseType.USE])
    expect(offeredAuthUseTypes({ scope: 1, role: 1 })).toEqual([authUseType.MANAGE])
    expect(offeredAuthUseTypes({ scope: 2, role: 1 })).toEqual([authUseType.USE, authUseType.MANAGE])
  })

  it('lets a manager authorise use only', () => {
    expect(offeredAuthUseTypes({ scope: 1, role: 2 })).toEqual([authUseType.USE])
    expect(offeredAuthUseTypes({ scope: 2, role: 2 })).toEqual([authUseType.USE])
  })

  it('labels the two kinds of authorization', () => {
    expect(authUseTypeLabels[authUseType.USE]).toBe('授权使用')
    expect(authUseTypeLabels[authUseType.MANAGE]).toBe('授权管理')
  })
})
