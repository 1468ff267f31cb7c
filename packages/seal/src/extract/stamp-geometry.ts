import type { InkMap, PhotoArea } from './ink-map.ts'
import type { Ellipse, StampOutline } from './stamp-outline.ts'
import type { StampRegion } from './stamp-region.ts'

/**
 * Where the stamp is in the photo's own pixels, for the steps that work on the full-resolution crop
 * (cut-out, blur, seal text) after finding and judging it on the half-resolution overview.
 */
export type StampGeometry = {
  centreX: number
  centreY: number
  /** From the centre to the farthest side of the stamp's box: a square of twice this holds the stamp. */
  halfExtent: number
  /** Larger side of the stamp's box. */
  size: number
  /** The fitted border, for round and oval seals. */
  ellipse?: Ellipse
  peakStrength: number
  /** The stamp's cells on the overview, and the overview's scale, to tell what belongs to the stamp. */
  region: StampRegion
  scale: number
}

/**
 * Converts what was found on the overview map (scale 2: one map pixel per 2 × 2 photo pixels) to photo
 * pixels. Round and oval seals are centred on their ring, others on their box.
 *
 * @example
 * const stamp = stampGeometry({ region, outline, scale: overview.scale })
 */
export function stampGeometry({
  region,
  outline,
  scale,
}: {
  region: StampRegion
  outline: StampOutline
  scale: number
}): StampGeometry {
  const left = region.left * scale
  const top = region.top * scale
  const right = region.right * scale
  const bottom = region.bottom * scale
  const ellipse =
    outline.shape === 'ellipse'
      ? {
          ...outline.ellipse,
          cx: (outline.ellipse.cx + 0.5) * scale,
          cy: (outline.ellipse.cy + 0.5) * scale,
          major: outline.ellipse.major * scale,
          minor: outline.ellipse.minor * scale,
        }
      : undefined
  const centreX = ellipse?.cx ?? (left + right) / 2
  const centreY = ellipse?.cy ?? (top + bottom) / 2
  return {
    centreX,
    centreY,
    halfExtent: Math.max(centreX - left, right - centreX, centreY - top, bottom - centreY),
    size: Math.max(right - left, bottom - top),
    ellipse,
    peakStrength: region.peakStrength,
    region,
    scale,
  }
}

/**
 * The square (with a margin on each side, as a fraction of the stamp's size) centred on the stamp, and the
 * part of it inside the photo.
 *
 * @example
 * const { square, inside } = stampSquare({ stamp, margin: 0.04, photoWidth: 1000, photoHeight: 750 })
 */
export function stampSquare({
  stamp,
  margin,
  photoWidth,
  photoHeight,
}: {
  stamp: StampGeometry
  margin: number
  photoWidth: number
  photoHeight: number
}): { square: PhotoArea; inside: PhotoArea } {
  const side = Math.max(1, Math.ceil(2 * stamp.halfExtent * (1 + 2 * margin)))
  const left = Math.round(stamp.centreX - side / 2)
  const top = Math.round(stamp.centreY - side / 2)
  const insideLeft = Math.max(0, left)
  const insideTop = Math.max(0, top)
  return {
    square: { left, top, width: side, height: side },
    inside: {
      left: insideLeft,
      top: insideTop,
      width: Math.max(0, Math.min(photoWidth, left + side) - insideLeft),
      height: Math.max(0, Math.min(photoHeight, top + side) - insideTop),
    },
  }
}

/**
 * Marks the pixels of a full-resolution ink map that belong to the stamp: within its cells and, for a seal
 * with a ring, not outside the ring. Red marks elsewhere in the crop are left out of the cut-out.
 *
 * @example
 * const mask = stampMask({ stamp, ink: detail })
 * mask[y * detail.width + x] // 1 inside the stamp
 */
export function stampMask({ stamp, ink }: { stamp: StampGeometry; ink: InkMap }): Uint8Array {
  const { region, scale, ellipse } = stamp
  const cellPixels = region.cellSize * scale
  const cos = Math.cos(ellipse?.angle ?? 0)
  const sin = Math.sin(ellipse?.angle ?? 0)
  const mask = new Uint8Array(ink.width * ink.height)
  for (let y = 0; y < ink.height; y++) {
    const photoY = ink.top + y + 0.5
    const row = Math.floor(photoY / cellPixels)
    if (row < 0 || row >= region.gridHeight) continue
    for (let x = 0; x < ink.width; x++) {
      const photoX = ink.left + x + 0.5
      const column = Math.floor(photoX / cellPixels)
      if (column < 0 || column >= region.gridWidth || !region.cells[row * region.gridWidth + column]) continue
      if (ellipse) {
        const u = ((photoX - ellipse.cx) * cos + (photoY - ellipse.cy) * sin) / ellipse.major
        const v = (-(photoX - ellipse.cx) * sin + (photoY - ellipse.cy) * cos) / ellipse.minor
        if (u * u + v * v > 1.1) continue
      }
      mask[y * ink.width + x] = 1
    }
  }
  return mask
}
