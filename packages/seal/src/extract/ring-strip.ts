import sharp from 'sharp'
import type { InkMap } from './ink-map.ts'
import type { Ellipse } from './stamp-outline.ts'

/** The band of the unit name, in units of the border (a 40 mm seal's name runs from 0.6 to 0.9). */
const bandOuter = 0.93
const bandInner = 0.57
/** Height of the strip: characters about 60 px high, what the OCR engine reads best. */
const stripHeight = 72
/** Two full turns, so that the name appears unbroken at least once however the photo was rotated. */
const turns = 2
const padding = 20

/**
 * Unrolls the ring of a round or oval seal into a straight strip (polar transform), black ink on white:
 * characters engraved clockwise with their tops outward stand upright in a row, ready for OCR.
 *
 * @example
 * const png = await unrollRing({ ink: detail, ellipse, peakStrength }) // 北京明远科技有限公司 … 北京明远科技有限公司
 */
export async function unrollRing({
  ink,
  ellipse,
  peakStrength,
}: {
  ink: InkMap
  ellipse: Ellipse
  peakStrength: number
}) {
  const { cx, cy, major, minor, angle } = ellipse
  const meanRadius = (major + minor) / 2
  // Keep characters in proportion: horizontal pixels per radian at the middle of the band.
  const pixelsPerRadian =
    (stripHeight / ((bandOuter - bandInner) * meanRadius)) * meanRadius * ((bandOuter + bandInner) / 2)
  const width = Math.round(2 * Math.PI * turns * pixelsPerRadian)
  const strip = Buffer.alloc(width * stripHeight, 255)
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  const inkFrom = peakStrength * 0.4
  for (let u = 0; u < width; u++) {
    // Start at the bottom (where the seal code is) and go clockwise, the way the name reads.
    const theta = Math.PI / 2 + (u / width) * 2 * Math.PI * turns
    const dx = Math.cos(theta)
    const dy = Math.sin(theta)
    const borderDistance = 1 / Math.hypot((dx * cos + dy * sin) / major, (-dx * sin + dy * cos) / minor)
    for (let v = 0; v < stripHeight; v++) {
      const rho = (bandOuter - ((v + 0.5) / stripHeight) * (bandOuter - bandInner)) * borderDistance
      // The ellipse is in photo pixels; the ink map covers the stamp's square from (left, top).
      const x = Math.round(cx + dx * rho - 0.5) - ink.left
      const y = Math.round(cy + dy * rho - 0.5) - ink.top
      if (x < 0 || y < 0 || x >= ink.width || y >= ink.height) continue
      if (ink.strength[y * ink.width + x]! >= inkFrom) strip[v * width + u] = 0
    }
  }
  return sharp(strip, { raw: { width, height: stripHeight, channels: 1 } })
    .extend({ top: padding, bottom: padding, left: padding, right: padding, background: '#ffffff' })
    .png()
    .toBuffer()
}
