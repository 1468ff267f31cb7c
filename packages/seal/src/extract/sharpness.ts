import sharp from 'sharp'
import type { InkMap } from './ink-map.ts'

/** Side the stamp is brought to before measuring, so that the measure does not depend on the photo's size. */
const measuredSide = 160

/**
 * How sharp the stamp is: the variance of the Laplacian of the ink (the classic focus measure), on the
 * stamp's square brought to a fixed size and with the ink's strength scaled to its peak, so that neither the
 * photo's resolution nor how strongly the stamp is inked changes the number. A crisp stamp gives several
 * hundred; a photo out of focus, where the strokes run together, gives a few tens.
 *
 * @example
 * if ((await stampSharpness({ ink: detail, peakStrength })) < 150) return refuse(stampGuidance.blurred)
 */
export async function stampSharpness({ ink, peakStrength }: { ink: InkMap; peakStrength: number }): Promise<number> {
  const grey = Buffer.alloc(ink.width * ink.height)
  const gain = 255 / Math.max(0.05, 0.7 * peakStrength)
  const floor = 0.3 * peakStrength
  for (let i = 0; i < grey.length; i++) {
    // Below a third of the peak is paper and its grain: counted as nothing, or the grain would pass for detail.
    const strength = ink.strength[i]!
    const value = (strength - floor) * gain
    grey[i] = value > 255 ? 255 : value < 0 ? 0 : value
  }
  const side = measuredSide
  const small = await sharp(grey, { raw: { width: ink.width, height: ink.height, channels: 1 } })
    .resize({ width: side, height: side, fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer()
  // The Laplacian's variance over the stamp's square (computed here: sharp's convolve clips to 0–255).
  let sum = 0
  let squares = 0
  for (let y = 1; y < side - 1; y++) {
    for (let x = 1, i = y * side + 1; x < side - 1; x++, i++) {
      const laplacian = small[i - 1]! + small[i + 1]! + small[i - side]! + small[i + side]! - 4 * small[i]!
      sum += laplacian
      squares += laplacian * laplacian
    }
  }
  const count = (side - 2) * (side - 2)
  return squares / count - (sum / count) ** 2
}
