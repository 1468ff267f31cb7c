import { describe, expect, it } from 'vitest'
import { sealPhotoGuidance } from './seal-photo-guide.ts'

describe('seal photo guidance', () => {
  it('gives the same advice for codes the spec groups together', () => {
    expect(sealPhotoGuidance(1001)).toBe(sealPhotoGuidance('1011'))
    for (const code of [1006, 1007, 1008, 1012]) expect(sealPhotoGuidance(code)).toBe(sealPhotoGuidance(1003))
    expect(sealPhotoGuidance(1005)).toBe(sealPhotoGuidance(1009))
  })

  it('tells the user to upload the seal of the applying unit for 1010 and has nothing for unknown codes', () => {
    expect(sealPhotoGuidance(1010)).toContain('申请单位')
    expect(sealPhotoGuidance(999)).toBeUndefined()
  })
})
