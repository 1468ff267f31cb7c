import type { InkMap } from './ink-map.ts'

/**
 * How soft the stamp's stroke edges are, as edge width over the stamp's size. An edge's width is the ink's
 * strength divided by its steepest slope (a blur of σ pixels gives about 2.5 σ); relating it to the stamp's
 * size makes the measure independent of the photo's resolution and of how much of the photo the stamp
 * fills. A sharp photo of a 40 mm seal gives about 0.005; once edges are wider than the engraved strokes
 * (about 0.02) the characters run together.
 *
 * @example
 * if (inkBlur({ ink: detail, mask, peakStrength, stampSize }) > 0.02) return unclear
 */
export function inkBlur({
  ink,
  mask,
  peakStrength,
  stampSize,
}: {
  ink: InkMap
  mask: Uint8Array
  peakStrength: number
  stampSize: number
}): number {
  const { width, height, strength } = ink
  const histogram = new Uint32Array(256)
  const slopeScale = 255 / Math.max(0.05, peakStrength)
  let edges = 0
  // Every other row is plenty for a percentile of edge slopes.
  for (let y = 1; y < height - 1; y += 2) {
    for (let x = 1, i = y * width + 1; x < width - 1; x++, i++) {
      if (!mask[i]) continue
      const dx = (strength[i + 1]! - strength[i - 1]!) / 2
      const dy = (strength[i + width]! - strength[i - width]!) / 2
      const slope = Math.sqrt(dx * dx + dy * dy) * slopeScale
      if (slope < 8) continue // flat ink or flat paper, not an edge
      histogram[slope > 255 ? 255 : Math.round(slope)]!++
      edges++
    }
  }
  if (edges === 0) return 1
  // The steep end of the edges (90th percentile), so that a few soft places do not decide.
  let seen = 0
  let steepest = 255
  for (let bin = 0; bin < 256; bin++) {
    seen += histogram[bin]!
    if (seen >= edges * 0.9) {
      steepest = bin
      break
    }
  }
  return 255 / Math.max(1, steepest) / Math.max(1, stampSize)
}
