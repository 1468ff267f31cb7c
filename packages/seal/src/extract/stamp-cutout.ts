import sharp from 'sharp'
import type { InkMap, PhotoArea } from './ink-map.ts'

/** Seal red of the cut-out, the same as the rendered seals. */
const cutoutRed = [230, 0, 18] as const

/**
 * Cuts the stamp out as a square transparent PNG: ink recoloured to a uniform seal red, alpha from the ink
 * strength (relative to how strongly this stamp was inked, so a faint stamp comes out as solid as a fresh
 * one), nothing outside the stamp. The alpha is made at the photo's resolution, resampled to the output
 * size by libvips (Lanczos) and joined to a plain red image.
 *
 * @example
 * const png = await cutOutStamp({ ink: detail, mask, square, peakStrength: 0.5, size: 400 })
 */
export async function cutOutStamp({
  ink,
  mask,
  square,
  peakStrength,
  size,
}: {
  /** Full-resolution ink of the part of the square inside the photo. */
  ink: InkMap
  mask: Uint8Array
  /** The square centred on the stamp, in photo pixels (it may reach past the photo's edge). */
  square: PhotoArea
  peakStrength: number
  size: number
}): Promise<Buffer> {
  const side = square.width
  const alpha = Buffer.alloc(side * side)
  const low = peakStrength * 0.25
  const perRamp = 1 / (peakStrength * 0.55 - low)
  const offsetX = ink.left - square.left
  const offsetY = ink.top - square.top
  for (let y = 0; y < ink.height; y++) {
    const out = (y + offsetY) * side + offsetX
    for (let x = 0, i = y * ink.width; x < ink.width; x++, i++) {
      // Soft threshold (smoothstep) clamped without branches (paper noise would mispredict them).
      const v = (ink.strength[i]! - low) * perRamp
      const positive = 0.5 * (v + Math.abs(v))
      const t = 0.5 * (positive + 1 - Math.abs(positive - 1))
      alpha[out + x] = (255 * t * t * (3 - 2 * t) + 0.5) * mask[i]!
    }
  }
  const resized = await sharp(alpha, { raw: { width: side, height: side, channels: 1 } })
    .resize(size, size, { kernel: 'lanczos3' })
    .toColourspace('b-w') // keep one band: libvips would otherwise hand back grey as sRGB
    .raw()
    .toBuffer()
  const [r, g, b] = cutoutRed
  return sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } })
    .joinChannel(resized, { raw: { width: size, height: size, channels: 1 } })
    .png({ compressionLevel: 3 }) // a little larger than level 6, half the time
    .toBuffer()
}
