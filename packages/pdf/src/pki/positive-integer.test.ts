import { describe, expect, it } from 'vitest'
import { randomPositiveInteger } from './positive-integer.ts'

describe('randomPositiveInteger', () => {
  it('starts with 0x01–0x7f every time: positive, and no padding byte a strict DER decoder refuses', () => {
    // The old sign-bit-only version started with 0x00 one draw in 128; 5000 draws would catch it.
    for (let i = 0; i < 5000; i++) {
      const bytes = randomPositiveInteger(16)
      expect(bytes).toHaveLength(16)
      expect(bytes[0]).toBeGreaterThanOrEqual(0x01)
      expect(bytes[0]).toBeLessThanOrEqual(0x7f)
    }
  })
})
