import type { PhotoPixels } from './photo-pixels.ts'

/**
 * How the paper looks in this photo: its white level block by block (shadows, lamp fall-off) and its colour
 * cast (warm or cool light). Ink is measured against it, so that a stamp reads the same in a shadowed
 * corner as under the lamp.
 */
export type PaperModel = WhiteGrid & {
  /** Paper colour as channel factors with the largest at 1. */
  cast: [number, number, number]
  /** Paper brightness (0–255): the median block and the darkest and brightest 5 % of blocks. */
  stats: { median: number; darkest: number; brightest: number }
}

/**
 * Models the paper of a photo: the local white is the 90th percentile of max(R, G, B) per block (red ink
 * keeps its red channel high, so even blocks full of stamp find the paper's level); the colour cast comes
 * from the neutral bright pixels of the whole photo.
 *
 * @example
 * const paper = paperModel(pixels)
 * if (paper.stats.median < 60) return tooDark
 */
export function paperModel(pixels: PhotoPixels): PaperModel {
  const white = whiteGrid(pixels)
  return { ...white, cast: paperCast({ ...pixels, white }) }
}

/** Paper white per block, with what interpolating it per pixel needs (plain data: see fillWhiteRow). */
type WhiteGrid = {
  stats: { median: number; darkest: number; brightest: number }
  grid: Float32Array
  gridWidth: number
  gridHeight: number
  block: number
  columnLow: Int32Array
  columnHigh: Int32Array
  columnFraction: Float32Array
  gridRow: Float32Array
}

/**
 * Paper white per block (90th percentile of max(R, G, B), from every other pixel: plenty for a percentile),
 * cleaned of outliers by a 3 × 3 median and interpolated bilinearly between block centres, so the level has
 * no seams at block borders.
 */
function whiteGrid({ rgb, width, height }: PhotoPixels): WhiteGrid {
  const block = Math.max(12, Math.round(Math.min(width, height) / 20))
  const gridWidth = Math.ceil(width / block)
  const gridHeight = Math.ceil(height / block)
  const histograms = new Uint32Array(gridWidth * gridHeight * 256)
  const blockOfColumn = Int32Array.from({ length: width }, (_, x) => Math.floor(x / block))
  for (let y = 0; y < height; y += 2) {
    const rowBase = Math.floor(y / block) * gridWidth
    for (let x = 0, p = y * width * 3; x < width; x += 2, p += 6) {
      // Branch-free integer max: paper's channels are nearly equal, so comparisons would mispredict.
      const r = rgb[p]!
      const g = rgb[p + 1]!
      const b = rgb[p + 2]!
      const rg = r - ((r - g) & ((r - g) >> 31))
      const max = rg - ((rg - b) & ((rg - b) >> 31))
      histograms[(rowBase + blockOfColumn[x]!) * 256 + max]!++
    }
  }
  const raw = new Float32Array(gridWidth * gridHeight)
  for (let cell = 0; cell < raw.length; cell++) {
    let total = 0
    for (let v = 0; v < 256; v++) total += histograms[cell * 256 + v]!
    let seen = 0
    let level = 255
    for (let v = 0; v < 256; v++) {
      seen += histograms[cell * 256 + v]!
      if (seen >= total * 0.9) {
        level = v
        break
      }
    }
    raw[cell] = level
  }
  const grid = median3x3({ values: raw, width: gridWidth, height: gridHeight })
  const sorted = Array.from(grid).sort((a, b) => a - b)
  const stats = {
    median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    darkest: sorted[Math.floor(sorted.length * 0.05)] ?? 0,
    brightest: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
  }

  const position = (pixel: number, cells: number) => {
    const at = Math.min(cells - 1, Math.max(0, (pixel + 0.5) / block - 0.5))
    const low = Math.min(Math.max(0, cells - 2), Math.floor(at))
    return { low, high: Math.min(cells - 1, low + 1), fraction: cells === 1 ? 0 : at - low }
  }
  const columnLow = new Int32Array(width)
  const columnHigh = new Int32Array(width)
  const columnFraction = new Float32Array(width)
  for (let x = 0; x < width; x++) {
    const { low, high, fraction } = position(x, gridWidth)
    columnLow[x] = low
    columnHigh[x] = high
    columnFraction[x] = fraction
  }
  return {
    stats,
    grid,
    gridWidth,
    gridHeight,
    block,
    columnLow,
    columnHigh,
    columnFraction,
    gridRow: new Float32Array(gridWidth),
  }
}

/**
 * Writes the interpolated white level of one row (columns from..to). A plain function over plain data rather
 * than a closure, so that the hot loops calling it stay optimised from one photo to the next.
 *
 * @example
 * fillWhiteRow(paper, y, rowWhite) // rowWhite[x] ≈ 238 on bright paper, ≈ 120 in the shadow
 */
export function fillWhiteRow(
  white: WhiteGrid,
  y: number,
  out: Float32Array,
  from = 0,
  to = out.length,
): void {
  const { grid, gridWidth, gridHeight, block, columnLow, columnHigh, columnFraction, gridRow } = white
  const at = Math.min(gridHeight - 1, Math.max(0, (y + 0.5) / block - 0.5))
  const low = Math.min(Math.max(0, gridHeight - 2), Math.floor(at))
  const high = Math.min(gridHeight - 1, low + 1)
  const fraction = gridHeight === 1 ? 0 : at - low
  for (let column = 0; column < gridWidth; column++) {
    gridRow[column] =
      grid[low * gridWidth + column]! * (1 - fraction) + grid[high * gridWidth + column]! * fraction
  }
  for (let x = from; x < to; x++) {
    const f = columnFraction[x]!
    out[x] = gridRow[columnLow[x]!]! * (1 - f) + gridRow[columnHigh[x]!]! * f
  }
}

function median3x3({ values, width, height }: { values: Float32Array; width: number; height: number }) {
  const out = new Float32Array(values.length)
  const window: number[] = []
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      window.length = 0
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const yy = y + dy
          const xx = x + dx
          if (yy >= 0 && yy < height && xx >= 0 && xx < width) window.push(values[yy * width + xx]!)
        }
      }
      window.sort((a, b) => a - b)
      out[y * width + x] = window[Math.floor(window.length / 2)]!
    }
  }
  return out
}

/** The paper's colour under this light, as channel factors with the largest at 1 (from every 4th row). */
function paperCast({
  rgb,
  width,
  height,
  white,
}: PhotoPixels & { white: WhiteGrid }): [number, number, number] {
  let sumR = 0
  let sumG = 0
  let sumB = 0
  const rowWhite = new Float32Array(width)
  for (let y = 0; y < height; y += 4) {
    fillWhiteRow(white, y, rowWhite)
    for (let x = 0, p = y * width * 3; x < width; x += 2, p += 6) {
      const r = rgb[p]!
      const g = rgb[p + 1]!
      const b = rgb[p + 2]!
      const max = r > g ? (r > b ? r : b) : g > b ? g : b
      const min = r < g ? (r < b ? r : b) : g < b ? g : b
      if (max < 0.8 * rowWhite[x]! || max - min > 0.3 * max) continue
      sumR += r
      sumG += g
      sumB += b
    }
  }
  const top = Math.max(sumR, sumG, sumB)
  if (top === 0) return [1, 1, 1]
  return [Math.max(0.5, sumR / top), Math.max(0.5, sumG / top), Math.max(0.5, sumB / top)]
}
