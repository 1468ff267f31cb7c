import { describe, expect, it } from 'vitest'
import { pngDimensions, withinPixels } from './image-limits.ts'

describe('image limits', () => {
  it('reads a PNG’s size from its header and nothing else', () => {
    const png = Buffer.alloc(33)
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png)
    png.writeUInt32BE(13, 8)
    png.write('IHDR', 12, 'latin1')
    png.writeUInt32BE(16_000, 16)
    png.writeUInt32BE(9_000, 20)
    expect(pngDimensions(png)).toEqual({ width: 16_000, height: 9_000 })
    expect(pngDimensions(Buffer.from('GIF89a'))).toBeUndefined()
  })

  it('holds a selfie to 12 MP and a photo to 40 MP', () => {
    expect(withinPixels({ width: 4000, height: 3000 }, 'selfie')).toBe(true)
    expect(withinPixels({ width: 16_000, height: 16_000 }, 'selfie')).toBe(false)
    expect(withinPixels({ width: 8000, height: 5000 }, 'photo')).toBe(true)
    expect(withinPixels({ width: 0, height: 10 }, 'photo')).toBe(false)
  })
})
