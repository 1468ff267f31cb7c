import sharp from 'sharp'
import type { InkMap } from './ink-map.ts'
import type { Ellipse } from './stamp-outline.ts'

/** The band of the unit name, in units of the border (a 40 mm seal's name runs from 0.6 to 0.9). */
const bandOuter = 0.93
const bandInner = 0.57
/**
 * Only the unit name's characters (0.6–0.9 of the border) reach into both of these bands: the seal code
 * (0.82–0.91) lies in the outer one alone, and the corners of the text across (up to 0.8, at 45°–55° either
 * side of the bottom) barely touch the inner one. Used to find where the name ends.
 */
const nameInnerBand = [0.72, 0.77] as const
const nameOuterBand = [0.83, 0.89] as const
/** Height of a strip: characters about 60 px high, what the OCR engine reads best. */
const stripHeight = 72
const padding = 20
const gapBins = 360

/** A point of the seal by its angle (radians, image coordinates: y down, so increasing is clockwise). */
function borderDistance(ellipse: Ellipse, theta: number): number {
  const dx = Math.cos(theta)
  const dy = Math.sin(theta)
  const cos = Math.cos(ellipse.angle)
  const sin = Math.sin(ellipse.angle)
  return 1 / Math.hypot((dx * cos + dy * sin) / ellipse.major, (-dx * sin + dy * cos) / ellipse.minor)
}

type RingInput = { ink: InkMap; ellipse: Ellipse; peakStrength: number }

function inkAt({ ink, peakStrength }: RingInput, x: number, y: number): boolean {
  const col = Math.round(x - 0.5) - ink.left
  const row = Math.round(y - 0.5) - ink.top
  if (col < 0 || row < 0 || col >= ink.width || row >= ink.height) return false
  return ink.strength[row * ink.width + col]! >= peakStrength * 0.4
}

/**
 * The stretch of the ring the unit name leaves free, where the seal code is: the longest run of angles with
 * no character of the name (ink across both name bands). Its middle is the bottom of the seal, whichever way the photo was turned.
 * Null when the ring has no clear gap (ink all round, or nothing read as a name).
 *
 * @example
 * const gap = ringGap({ ink: detail, ellipse, peakStrength }) // { from: 1.1, to: 2.0 } (radians, clockwise)
 */
export function ringGap(input: RingInput): { from: number; to: number } | null {
  const { ellipse } = input
  const inked = new Uint8Array(gapBins)
  const inkAlong = (theta: number, [from, to]: readonly [number, number]) => {
    const border = borderDistance(ellipse, theta)
    for (let rho = from; rho <= to; rho += 0.02) {
      if (inkAt(input, ellipse.cx + Math.cos(theta) * rho * border, ellipse.cy + Math.sin(theta) * rho * border)) return true
    }
    return false
  }
  for (let bin = 0; bin < gapBins; bin++) {
    for (let sub = 0; sub < 4 && !inked[bin]; sub++) {
      const theta = ((bin + sub / 4) / gapBins) * 2 * Math.PI
      if (inkAlong(theta, nameInnerBand) && inkAlong(theta, nameOuterBand)) inked[bin] = 1
    }
  }
  const inkedBins = inked.reduce((sum, value) => sum + value, 0)
  if (inkedBins === 0 || inkedBins === gapBins) return null
  // The longest circular run of empty bins.
  let best = { start: 0, length: 0 }
  const start = inked.indexOf(1)
  for (let i = 1, run = 0, runStart = 0; i <= gapBins; i++) {
    const bin = (start + i) % gapBins
    if (!inked[bin]) {
      if (run === 0) runStart = bin
      run++
      if (run > best.length) best = { start: runStart, length: run }
    } else run = 0
  }
  // Less than a sixth of the ring free: no seal code's gap, so the name's ends cannot be told.
  if (best.length < gapBins / 6) return null
  const toAngle = (bin: number) => (bin / gapBins) * 2 * Math.PI
  return { from: toAngle(best.start), to: toAngle(best.start + best.length) }
}

/**
 * Unrolls the unit name's arc, from the end of the gap clockwise to its start, into a straight strip, black
 * ink on white, the seal code in the gap left out, ready for OCR. A plain polar transform squeezes the top
 * of each character and stretches its foot (the top is on a longer circle); engraved characters are upright
 * in their own frame, so each run of ink found along the arc is cut out in the frame of its own direction
 * and the pieces are set side by side.
 *
 * @example
 * const png = await unrollRing({ ink: detail, ellipse, peakStrength, gap }) // 北京明远科技有限公司
 */
export async function unrollRing(input: RingInput & { gap: { from: number; to: number }; characters?: number }) {
  const { ellipse, gap } = input
  const margin = (4 * Math.PI) / 180
  const span = 2 * Math.PI - (gap.to - gap.from) + 2 * margin
  const steps = Math.round((span * 180) / Math.PI) * 4
  const pieces: { from: number; to: number }[] = []
  for (let step = 0, open = -1; step <= steps; step++) {
    const theta = gap.to - margin + (step / steps) * span
    const inked = step < steps && columnInked(input, theta)
    if (inked && open < 0) open = step
    if (!inked && open >= 0) {
      pieces.push({ from: gap.to - margin + (open / steps) * span, to: theta })
      open = -1
    }
  }
  const pixelsPerBorder = stripHeight / (bandOuter - bandInner)
  const stretch = widening({ pieces, characters: input.characters, pixelsPerBorder })
  const columns: Buffer[] = []
  let width = 0
  const spacing = Math.round(stripHeight * 0.08)
  for (const piece of pieces) {
    const centre = (piece.from + piece.to) / 2
    const border = borderDistance(ellipse, centre)
    const middle = ((bandOuter + bandInner) / 2) * border
    const half = ((piece.to - piece.from) / 2) * middle + 0.02 * border
    const pieceWidth = Math.max(1, Math.round(((2 * half) / border) * pixelsPerBorder * stretch))
    const radial = [Math.cos(centre), Math.sin(centre)] as const
    const along = [-Math.sin(centre), Math.cos(centre)] as const
    const pixels = Buffer.alloc(pieceWidth * stripHeight, 255)
    for (let u = 0; u < pieceWidth; u++) {
      const offset = -half + ((u + 0.5) / pieceWidth) * 2 * half
      for (let v = 0; v < stripHeight; v++) {
        const rho = (bandOuter - ((v + 0.5) / stripHeight) * (bandOuter - bandInner)) * border
        if (inkAt(input, ellipse.cx + radial[0] * rho + along[0] * offset, ellipse.cy + radial[1] * rho + along[1] * offset)) pixels[v * pieceWidth + u] = 0
      }
    }
    columns.push(pixels)
    width += pieceWidth + spacing
  }
  if (width === 0) return toPng(Buffer.alloc(stripHeight, 255), 1)
  const strip = Buffer.alloc(width * stripHeight, 255)
  let left = 0
  for (const pixels of columns) {
    const pieceWidth = pixels.length / stripHeight
    for (let v = 0; v < stripHeight; v++) pixels.copy(strip, v * width + left, v * pieceWidth, (v + 1) * pieceWidth)
    left += pieceWidth + spacing
  }
  return toPng(strip, width)
}

/**
 * Long names are engraved narrowed (as engravers do, round-seal.ts), and the OCR engine then splits or merges
 * characters. Knowing how many characters the name should have, the strip is widened back to square
 * characters: the pitch of engraved characters is about 1.1 times their height (the band's 0.3 of 0.36).
 */
function widening({ pieces, characters, pixelsPerBorder }: { pieces: { from: number; to: number }[]; characters: number | undefined; pixelsPerBorder: number }) {
  if (!characters || characters < 2 || pieces.length === 0) return 1
  const span = pieces[pieces.length - 1]!.to - pieces[0]!.from
  const pitch = (span / characters) * ((bandOuter + bandInner) / 2) * pixelsPerBorder
  const wanted = stripHeight * (0.3 / (bandOuter - bandInner)) * 1.1
  return Math.min(2.2, Math.max(1, wanted / pitch))
}

/** Whether the radial line of the name's band at this angle has ink. */
function columnInked(input: RingInput, theta: number): boolean {
  const border = borderDistance(input.ellipse, theta)
  for (let rho = bandInner; rho <= bandOuter; rho += 0.01) {
    if (inkAt(input, input.ellipse.cx + Math.cos(theta) * rho * border, input.ellipse.cy + Math.sin(theta) * rho * border)) return true
  }
  return false
}

/**
 * The text across the seal under the star (合同专用章…), turned upright by the gap's direction (the bottom
 * of the seal), as a strip for OCR; and whether there is ink there at all (the official seal has none).
 *
 * @example
 * const { png, inked } = await centreStrip({ ink: detail, ellipse, peakStrength, gap })
 */
export async function centreStrip(input: RingInput & { gap: { from: number; to: number } }) {
  const { ellipse, gap } = input
  const down = (gap.from + gap.to) / 2
  const right = down - Math.PI / 2
  const downReach = borderDistance(ellipse, down)
  const rightReach = borderDistance(ellipse, right)
  // The oval invoice seal has its seal name higher up, under the taxpayer number.
  const oval = ellipse.minor / ellipse.major < 0.9
  const [top, bottom] = oval ? [0.24, 0.58] : [0.36, 0.63]
  const halfWidth = 0.62
  const height = stripHeight
  const width = Math.round((height * (2 * halfWidth * rightReach)) / ((bottom - top) * downReach))
  const strip = Buffer.alloc(width * height, 255)
  let inkPixels = 0
  for (let row = 0; row < height; row++) {
    const v = (top + ((row + 0.5) / height) * (bottom - top)) * downReach
    for (let col = 0; col < width; col++) {
      const u = (-halfWidth + ((col + 0.5) / width) * 2 * halfWidth) * rightReach
      // Past 0.8 of the border is the seal code's arc, whose ends reach the corners of this strip.
      if (Math.hypot(u / rightReach, v / downReach) > 0.8) continue
      const x = ellipse.cx + u * Math.cos(right) + v * Math.cos(down)
      const y = ellipse.cy + u * Math.sin(right) + v * Math.sin(down)
      if (inkAt(input, x, y)) {
        strip[row * width + col] = 0
        inkPixels++
      }
    }
  }
  // A few stray pixels are grain; written characters cover several per cent of the band.
  return { png: await toPng(strip, width), inked: inkPixels > 0.01 * width * height }
}

function toPng(strip: Buffer, width: number) {
  return sharp(strip, { raw: { width, height: strip.length / width, channels: 1 } })
    .extend({ top: padding, bottom: padding, left: padding, right: padding, background: '#ffffff' })
    .png()
    .toBuffer()
}
