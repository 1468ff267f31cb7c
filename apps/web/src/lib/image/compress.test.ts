import { describe, expect, it } from 'vitest'
import {
  DEFAULT_TARGET_KB,
  MIN_RESCALE_HEIGHT,
  clearNearWhiteBackground,
  compressImage,
  compressionAttempts,
  dataUrlMediaType,
  dataUrlToBlob,
  kilobytes,
  nearWhiteBackground,
  needsCompression,
  photoSize,
  scaleToHeight,
  type Pixels,
} from './compress.ts'

/** An RGBA picture filled with one colour, with optional pixels painted over it. */
function picture(width: number, height: number, fill: number[], paint: Record<string, number[]> = {}): Pixels {
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(paint[`${x},${y}`] ?? fill, (y * width + x) * 4)
  }
  return { data, width, height }
}
const alphaAt = (pixels: Pixels, x: number, y: number) => pixels.data[(y * pixels.width + x) * 4 + 3]

describe('what gets compressed', () => {
  it('reads the default target 50 as 50 KB of 1024 bytes', () => {
    expect(kilobytes(DEFAULT_TARGET_KB)).toBe(51200)
  })

  it('compresses PNG and JPEG images over the target, never PDFs or small images', () => {
    expect(needsCompression({ type: 'image/jpeg', size: 51201 }, 51200)).toBe(true)
    expect(needsCompression({ type: 'image/png', size: 2_000_000 }, 51200)).toBe(true)
    expect(needsCompression({ type: 'image/jpeg', size: 51200 }, 51200)).toBe(false)
    expect(needsCompression({ type: 'application/pdf', size: 9_000_000 }, 51200)).toBe(false)
  })

  it('returns a PDF and a small image as the very same file, without touching a canvas', async () => {
    const pdf = new File([new Uint8Array(500_000)], 'manual.pdf', { type: 'application/pdf' })
    const small = new File([new Uint8Array(1000)], 'stamp.png', { type: 'image/png' })
    await expect(compressImage(pdf)).resolves.toBe(pdf)
    await expect(compressImage(small)).resolves.toBe(small)
  })
})

describe('sizes', () => {
  it('rescales to a height keeping the aspect ratio, and never enlarges', () => {
    expect(scaleToHeight({ width: 4032, height: 3024 }, 1280)).toEqual({ width: 1707, height: 1280 })
    expect(scaleToHeight({ width: 600, height: 400 }, 1280)).toEqual({ width: 600, height: 400 })
  })

  it('tries the rescale height at falling quality first, then smaller heights down to a legible minimum', () => {
    const attempts = compressionAttempts({ width: 3000, height: 4000 }, 1280)
    expect(attempts.slice(0, 3).map((a) => [a.height, a.quality])).toEqual([
      [1280, 0.8],
      [1280, 0.6],
      [1280, 0.45],
    ])
    expect(attempts[0]!.width).toBe(960)
    expect(new Set(attempts.map((a) => a.height))).toEqual(new Set([1280, 960, 720, 540, MIN_RESCALE_HEIGHT]))
    expect(attempts.at(-1)!.height).toBe(MIN_RESCALE_HEIGHT)
  })

  it('only lowers the quality of an image that is already short', () => {
    const attempts = compressionAttempts({ width: 800, height: 300 })
    expect(attempts.every((a) => a.width === 800 && a.height === 300)).toBe(true)
    expect(attempts).toHaveLength(3)
  })

  it('fits the alternative helper’s photos inside 2000×2000 and at least 500×500', () => {
    expect(photoSize({ width: 4000, height: 3000 })).toEqual({ width: 2000, height: 1500 })
    expect(photoSize({ width: 3000, height: 4000 })).toEqual({ width: 1500, height: 2000 })
    expect(photoSize({ width: 200, height: 100 })).toEqual({ width: 1000, height: 500 })
    expect(photoSize({ width: 1200, height: 900 })).toEqual({ width: 1200, height: 900 })
    // A very long strip cannot satisfy both: the maximum wins.
    expect(photoSize({ width: 8000, height: 100 })).toEqual({ width: 2000, height: 25 })
  })
})

describe('transparent background for PNG output', () => {
  const white = [250, 250, 250, 255]
  const red = [200, 20, 30, 255]

  it('finds a near-white background from the four corners', () => {
    expect(nearWhiteBackground(picture(4, 4, white))).toEqual([250, 250, 250])
    expect(nearWhiteBackground(picture(4, 4, white, { '3,3': [120, 120, 120, 255] }))).toBeNull()
  })

  it('makes the paper transparent and keeps the red stamp opaque', () => {
    const stamp = picture(5, 5, white, { '2,2': red, '1,2': [235, 235, 240, 255] })
    const cleared = clearNearWhiteBackground(stamp)
    expect(cleared).toBe(24)
    expect(alphaAt(stamp, 0, 0)).toBe(0)
    expect(alphaAt(stamp, 1, 2)).toBe(0)
    expect(alphaAt(stamp, 2, 2)).toBe(255)
  })

  it('fades pixels just past the tolerance instead of leaving a white halo', () => {
    const stamp = picture(3, 3, white, { '1,1': [190, 190, 190, 255] })
    clearNearWhiteBackground(stamp, 40)
    expect(alphaAt(stamp, 1, 1)).toBe(Math.round((255 * 20) / 40))
  })

  it('leaves a photo whose corners are not paper untouched', () => {
    const photo = picture(3, 3, [90, 140, 60, 255], { '0,0': white })
    expect(clearNearWhiteBackground(photo)).toBe(0)
    expect(alphaAt(photo, 0, 0)).toBe(255)
  })
})

describe('data URLs', () => {
  it('reads the media type and the bytes of a base64 data URL', async () => {
    expect(dataUrlMediaType('data:application/pdf;base64,JVBERg==')).toBe('application/pdf')
    expect(dataUrlMediaType('not a data url')).toBeUndefined()
    const blob = dataUrlToBlob('data:image/png;base64,iVBORw==')
    expect(blob.type).toBe('image/png')
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47])
  })
})
