import sharp from 'sharp'
import { pixelLimits } from '@seal/shared/image-limits'

/** A greyscale picture as one byte a pixel, row by row. */
export type Grey = { data: Buffer; width: number; height: number }

const MAX_SKEW_DEG = 12

/**
 * Decodes an upload for reading: turned upright by its EXIF orientation and then by `turn` degrees,
 * transparent parts on white, grey, scaled to a working width (small phone pictures are enlarged, large
 * ones reduced). At 1400 px across an ID card its text stands 35-50 px high, what tesseract reads best.
 */
export async function loadGrey(bytes: Buffer, width: number, turn: QuarterTurn = 0): Promise<Grey> {
  const { data, info } = await sharp(bytes, { limitInputPixels: pixelLimits.photo })
    .autoOrient()
    .rotate(turn)
    .flatten({ background: '#ffffff' })
    .resize({ width, kernel: 'lanczos3' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

export type QuarterTurn = 0 | 90 | 180 | 270

/**
 * The turns worth trying, most likely first. An ID card is wider than high, so a portrait picture of it
 * was taken with the phone held upright (turned a quarter either way), a landscape one is upright or
 * upside down. A licence may itself be portrait (older copies), so a portrait one is tried as it is first.
 */
export async function likelyTurns(
  bytes: Buffer,
  options: { portraitDocument?: boolean } = {},
): Promise<QuarterTurn[]> {
  const { width = 0, height = 0, orientation = 1 } = await sharp(bytes).metadata()
  const [w, h] = orientation >= 5 ? [height, width] : [width, height]
  if (h <= w * 1.1) return [0, 180]
  return options.portraitDocument ? [0, 90, 270] : [90, 270]
}

/**
 * Marks ink: pixels clearly darker than their neighbourhood. A dark table around a card, a shadow or a
 * lamp's gradient are not ink; strokes of text are.
 */
export async function inkMask(
  grey: Grey,
  options: { radius?: number; contrast?: number } = {},
): Promise<Uint8Array> {
  const local = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .blur(options.radius ?? 12)
    .extractChannel(0)
    .raw()
    .toBuffer()
  const contrast = options.contrast ?? 18
  const mask = new Uint8Array(grey.data.length)
  for (let i = 0; i < mask.length; i++) mask[i] = grey.data[i]! < local[i]! - contrast ? 1 : 0
  return mask
}

/**
 * The angle (degrees, clockwise positive) by which text lines slope, found as the rotation whose row
 * profile of ink is sharpest: rows of text and the gaps between them line up only at the right angle.
 */
export function estimateSkew(mask: Uint8Array, width: number, height: number): number {
  const points: number[] = []
  // A sample of ink points is plenty and keeps this fast on big pictures.
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / 250_000)))
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) if (mask[y * width + x]) points.push(x, y)
  }
  if (points.length < 200) return 0
  const score = (deg: number) => {
    const radians = (deg * Math.PI) / 180
    const sin = Math.sin(radians)
    const cos = Math.cos(radians)
    const bins = new Float64Array(height + width)
    for (let i = 0; i < points.length; i += 2) {
      const row = Math.round(points[i + 1]! * cos - points[i]! * sin + width * Math.abs(sin))
      bins[Math.max(0, Math.min(bins.length - 1, Math.round(row / 2)))]! += 1
    }
    let sum = 0
    for (const count of bins) sum += count * count
    return sum
  }
  let best = 0
  let bestScore = score(0)
  for (let deg = -MAX_SKEW_DEG; deg <= MAX_SKEW_DEG; deg += 1) {
    const s = score(deg)
    if (s > bestScore) [best, bestScore] = [deg, s]
  }
  for (let deg = best - 0.75; deg <= best + 0.75; deg += 0.25) {
    const s = score(deg)
    if (s > bestScore) [best, bestScore] = [deg, s]
  }
  return best
}

/** The picture turned by `-skew` degrees so that text lines lie level, on white. */
export async function deskewed(grey: Grey, skew: number): Promise<Grey> {
  if (Math.abs(skew) < 0.3) return grey
  const { data, info } = await sharp(grey.data, {
    raw: { width: grey.width, height: grey.height, channels: 1 },
  })
    .rotate(-skew, { background: '#ffffff' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/**
 * Evened-out grey: each pixel divided by its neighbourhood's brightness (a lamp's gradient and the card's
 * tint drop out), then levels set so that paper and pale security print become white while strokes keep
 * their grey edges, which the recogniser uses.
 */
export async function flattened(
  grey: Grey,
  levels: { paper: number; ink: number } = { paper: 0.9, ink: 0.45 },
): Promise<Buffer> {
  const local = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .blur(20)
    .extractChannel(0)
    .raw()
    .toBuffer()
  const out = Buffer.alloc(grey.data.length)
  const span = levels.paper - levels.ink
  for (let i = 0; i < out.length; i++) {
    const ratio = grey.data[i]! / Math.max(1, local[i]!)
    out[i] = Math.max(0, Math.min(255, Math.round(((ratio - levels.ink) / span) * 255)))
  }
  return sharp(out, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .png()
    .toBuffer()
}

/** Black ink on white: a local (adaptive) threshold, so light backgrounds and patterns drop out. */
export async function binarised(grey: Grey, contrast = 18): Promise<Buffer> {
  const mask = await inkMask(grey, { radius: 14, contrast })
  const out = Buffer.alloc(mask.length)
  for (let i = 0; i < out.length; i++) out[i] = mask[i] ? 0 : 255
  return sharp(out, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .png()
    .toBuffer()
}

/** A region of a picture, enlarged `scale` times (single lines read better when larger). */
export async function region(
  png: Buffer,
  box: { left: number; top: number; width: number; height: number },
  scale = 1,
): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(png).metadata()
  const left = Math.max(0, Math.round(box.left))
  const top = Math.max(0, Math.round(box.top))
  const w = Math.max(1, Math.min(width - left, Math.round(box.width)))
  const h = Math.max(1, Math.min(height - top, Math.round(box.height)))
  let image = sharp(png).extract({ left, top, width: w, height: h })
  if (scale !== 1) image = image.resize({ width: Math.round(w * scale), kernel: 'lanczos3' })
  // A white border: tesseract misses characters that touch the edge.
  return image.extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' }).png().toBuffer()
}

/** Share of ink in the picture: a blank or nearly blank picture has nothing to read. */
export function inkShare(mask: Uint8Array): number {
  let count = 0
  for (const value of mask) count += value
  return count / Math.max(1, mask.length)
}
