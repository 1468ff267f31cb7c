import { fillWhiteRow, type PaperModel } from './paper-model.ts'
import type { PhotoPixels } from './photo-pixels.ts'

/** A rectangle of the (decoded) photo, in its pixels. */
export type PhotoArea = { left: number; top: number; width: number; height: number }

export type InkMap = {
  /** Red-ink strength per map pixel, 0 (paper, black print, shadow) to 1 (saturated red ink). */
  strength: Float32Array
  /** 1 where a pixel is too dark to show ink (black print, or ink under print). */
  dark: Uint8Array
  width: number
  height: number
  /** Map pixel (x, y) covers photo pixels from (left + x · scale, top + y · scale), scale × scale of them. */
  left: number
  top: number
  scale: number
}

/**
 * Measures red ink in a chroma space normalised by the paper: r, g, b are the channels divided by the local
 * paper white and its colour cast, so paper is (1, 1, 1) everywhere, and strength is r − max(g, b). Red ink
 * scores high; paper, shadows and black print (no chroma) score about 0.
 *
 * Covers an area of the photo (all of it by default) at a scale: 2 averages 2 × 2 pixels, a quarter of the
 * work, which is plenty for finding and judging the stamp; the cut-out uses scale 1 on the stamp only.
 *
 * @example
 * const overview = inkMap({ pixels, paper, scale: 2 })
 * overview.strength[y * overview.width + x] // ≈ 0.6 on a stamp stroke, ≈ 0 on paper and black text
 */
export function inkMap({
  pixels,
  paper,
  area = { left: 0, top: 0, width: pixels.width, height: pixels.height },
  scale = 1,
}: {
  pixels: PhotoPixels
  paper: PaperModel
  area?: PhotoArea
  scale?: 1 | 2
}): InkMap {
  const width = Math.floor(area.width / scale)
  const height = Math.floor(area.height / scale)
  const strength = new Float32Array(width * height)
  const dark = new Uint8Array(width * height)
  const rowWhite = new Float32Array(pixels.width)
  const rowRgb = new Float32Array(width * 3)
  const weight = 1 / (scale * scale)
  const [toR, toG, toB] = paper.cast.map((factor) => 1 / factor) as [number, number, number]
  for (let y = 0; y < height; y++) {
    const photoY = area.top + y * scale
    fillWhiteRow(paper, photoY, rowWhite, area.left, area.left + width * scale)
    if (scale === 2) averagePairs({ pixels, photoY, left: area.left, width, out: rowRgb })
    else
      rowRgb.set(
        pixels.rgb.subarray(
          (photoY * pixels.width + area.left) * 3,
          (photoY * pixels.width + area.left + width) * 3,
        ),
      )
    measureRow({
      rowRgb,
      rowWhite,
      whiteOffset: area.left,
      whiteStep: scale,
      weight,
      toR,
      toG,
      toB,
      strength,
      dark,
      rowStart: y * width,
      width,
    })
  }
  return { strength, dark, width, height, left: area.left, top: area.top, scale }
}

/** Sums each 2 × 2 block of two photo rows into one RGB triple (a plain, branch-free loop). */
function averagePairs({
  pixels,
  photoY,
  left,
  width,
  out,
}: {
  pixels: PhotoPixels
  photoY: number
  left: number
  width: number
  out: Float32Array
}) {
  const { rgb } = pixels
  const upper = (photoY * pixels.width + left) * 3
  const lower = upper + pixels.width * 3
  for (let x = 0, o = 0, p = 0; x < width; x++, o += 3, p += 6) {
    out[o] = rgb[upper + p]! + rgb[upper + p + 3]! + rgb[lower + p]! + rgb[lower + p + 3]!
    out[o + 1] = rgb[upper + p + 1]! + rgb[upper + p + 4]! + rgb[lower + p + 1]! + rgb[lower + p + 4]!
    out[o + 2] = rgb[upper + p + 2]! + rgb[upper + p + 5]! + rgb[lower + p + 2]! + rgb[lower + p + 5]!
  }
}

/**
 * Strength of one row of (summed) pixels against the paper white of that row. Written without data-dependent
 * branches (max and clamps through Math.abs): paper noise sits right at zero strength, where branches would
 * be mispredicted half the time and cost more than the arithmetic.
 */
function measureRow({
  rowRgb,
  rowWhite,
  whiteOffset,
  whiteStep,
  weight,
  toR,
  toG,
  toB,
  strength,
  dark,
  rowStart,
  width,
}: {
  rowRgb: Float32Array
  rowWhite: Float32Array
  whiteOffset: number
  whiteStep: number
  weight: number
  toR: number
  toG: number
  toB: number
  strength: Float32Array
  dark: Uint8Array
  rowStart: number
  width: number
}) {
  for (let x = 0, o = 0; x < width; x++, o += 3) {
    const level = rowWhite[whiteOffset + x * whiteStep]!
    const perLevel = (weight / (level + 8 + Math.abs(level - 8))) * 2 // weight / max(level, 8), without a branch
    const r = rowRgb[o]! * perLevel * toR
    const g = rowRgb[o + 1]! * perLevel * toG
    const b = rowRgb[o + 2]! * perLevel * toB
    const s = r - 0.5 * (g + b + Math.abs(g - b))
    const positive = 0.5 * (s + Math.abs(s))
    const clamped = 0.5 * (positive + 1 - Math.abs(positive - 1))
    // Too dark to be ink: black print, or ink under print.
    const visible = r >= 0.35 ? 1 : 0
    dark[rowStart + x] = 1 - visible
    strength[rowStart + x] = clamped * visible
  }
}
