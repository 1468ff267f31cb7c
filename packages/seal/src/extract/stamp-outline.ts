import type { InkMap } from './ink-map.ts'
import { inkThreshold, type StampRegion } from './stamp-region.ts'

export type Ellipse = {
  cx: number
  cy: number
  /** Semi-axes in analysis pixels, major ≥ minor. */
  major: number
  minor: number
  /** Direction of the major axis, radians. */
  angle: number
}

export type StampOutline =
  | {
      shape: 'ellipse'
      ellipse: Ellipse
      /** Longest stretch of the border without ink, in degrees around the ellipse. */
      gapDeg: number
    }
  | { shape: 'other' }

const bins = 120
const binDeg = 360 / bins

/**
 * Traces the stamp's outer border and fits an ellipse to it, for round and oval seals: the fit tells how
 * much the photo squashes the seal (perspective), and the border's coverage tells whether part of the ring is
 * missing (covered or not stamped). A square name seal does not fit an ellipse and is reported as 'other'.
 *
 * @example
 * const outline = traceOutline({ ink, region })
 * if (outline.shape === 'ellipse' && outline.gapDeg > 30) return incomplete
 */
export function traceOutline({ ink, region }: { ink: InkMap; region: StampRegion }): StampOutline {
  const outermost = outermostInk({ ink, region })
  let ellipse = consensusEllipse(outermost)
  if (!ellipse) return { shape: 'other' }
  let onBorder: Point[] = []
  for (let round = 0; round < 2; round++) {
    const fitted: Ellipse = ellipse
    onBorder = outermost.filter((point) => Math.abs(ellipseRadius(fitted, point) - 1) < borderTolerance)
    ellipse = fitEllipse(onBorder) ?? fitted
  }
  const regionSize = Math.max(region.right - region.left, region.bottom - region.top)
  const sane =
    ellipse.minor > 0.25 * ellipse.major && ellipse.major < regionSize && ellipse.major > 0.3 * regionSize
  if (!sane || onBorder.length < bins * 0.45) return { shape: 'other' }
  return { shape: 'ellipse', ellipse, gapDeg: largestGapDeg({ ink, region, ellipse }) }
}

/** Distance from the border, in units of the ellipse, within which a point is on it. */
const borderTolerance = 0.025

/**
 * The ellipse through the most border points, tried on many five-point samples spread around the stamp
 * (a fixed, deterministic set rather than random ones). Unlike one least-squares fit, it is not pulled off by
 * a stretch of border that is missing, where the outermost ink is text or the edge of whatever covers it.
 */
function consensusEllipse(points: Point[]): Ellipse | undefined {
  if (points.length < 12) return undefined
  let best: Ellipse | undefined
  let bestCount = 0
  for (const spread of [5, 8, 12].map((parts) => Math.max(1, Math.floor(points.length / parts)))) {
    for (let start = 0; start < points.length; start += 2) {
      const sample = Array.from({ length: 5 }, (_, j) => points[(start + j * spread) % points.length]!)
      const candidate = fitEllipse(sample)
      if (!candidate) continue
      let count = 0
      for (const point of points) if (Math.abs(ellipseRadius(candidate, point) - 1) < borderTolerance) count++
      if (count > bestCount) {
        bestCount = count
        best = candidate
      }
    }
  }
  return best
}

type Point = { x: number; y: number }

/** The farthest ink pixel from the stamp's middle in each direction. */
function outermostInk({ ink, region }: { ink: InkMap; region: StampRegion }): Point[] {
  const cx = (region.left + region.right) / 2
  const cy = (region.top + region.bottom) / 2
  const best = new Float64Array(bins)
  const points: (Point | undefined)[] = new Array(bins)
  forEachStampInk({ ink, region }, (x, y) => {
    const dx = x - cx
    const dy = y - cy
    const distance = dx * dx + dy * dy
    const bin = angleBin(Math.atan2(dy, dx))
    if (distance > best[bin]!) {
      best[bin] = distance
      points[bin] = { x, y }
    }
  })
  return points.filter((point): point is Point => point !== undefined)
}

/** How far a point is from the ellipse's centre in units of the ellipse (1 on the border). */
function ellipseRadius(ellipse: Ellipse, point: Point): number {
  const dx = point.x - ellipse.cx
  const dy = point.y - ellipse.cy
  const cos = Math.cos(ellipse.angle)
  const sin = Math.sin(ellipse.angle)
  const u = (dx * cos + dy * sin) / ellipse.major
  const v = (-dx * sin + dy * cos) / ellipse.minor
  return Math.hypot(u, v)
}

function largestGapDeg({
  ink,
  region,
  ellipse,
}: {
  ink: InkMap
  region: StampRegion
  ellipse: Ellipse
}): number {
  const covered = new Uint8Array(bins)
  const cos = Math.cos(ellipse.angle)
  const sin = Math.sin(ellipse.angle)
  forEachStampInk({ ink, region }, (x, y) => {
    const dx = x - ellipse.cx
    const dy = y - ellipse.cy
    const u = (dx * cos + dy * sin) / ellipse.major
    const v = (-dx * sin + dy * cos) / ellipse.minor
    const radius = Math.hypot(u, v)
    if (radius > 0.93 && radius < 1.06) covered[angleBin(Math.atan2(v, u))] = 1
  })
  let longest = 0
  let run = 0
  for (let i = 0; i < 2 * bins; i++) {
    run = covered[i % bins] ? 0 : run + 1
    longest = Math.max(longest, Math.min(run, bins))
  }
  return longest * binDeg
}

function angleBin(angle: number): number {
  const bin = Math.floor(((angle + Math.PI) / (2 * Math.PI)) * bins)
  return bin >= bins ? bins - 1 : bin
}

/** Calls back for every ink pixel of the stamp. */
function forEachStampInk(
  { ink, region }: { ink: InkMap; region: StampRegion },
  visit: (x: number, y: number) => void,
) {
  const { width, strength } = ink
  const { cells, cellSize, gridWidth } = region
  for (let y = region.top; y < region.bottom; y++) {
    const rowBase = Math.floor(y / cellSize) * gridWidth
    for (let x = region.left; x < region.right; x++) {
      const s = strength[y * width + x]!
      if (s >= inkThreshold && cells[rowBase + Math.floor(x / cellSize)]) visit(x, y)
    }
  }
}

/**
 * Least-squares conic A x² + B xy + C y² + D x + E y = 1 through the points (taken relative to their mean,
 * which lies inside the ellipse, so the constant term can be fixed), converted to centre, axes and angle.
 */
function fitEllipse(points: Point[]): Ellipse | undefined {
  if (points.length < 5) return undefined
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / points.length
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / points.length
  const scale =
    Math.sqrt(points.reduce((sum, p) => sum + (p.x - meanX) ** 2 + (p.y - meanY) ** 2, 0) / points.length) ||
    1
  const normal = Array.from({ length: 5 }, () => new Float64Array(6))
  for (const point of points) {
    const x = (point.x - meanX) / scale
    const y = (point.y - meanY) / scale
    const row = [x * x, x * y, y * y, x, y]
    for (let i = 0; i < 5; i++) {
      for (let j = 0; j < 5; j++) normal[i]![j]! += row[i]! * row[j]!
      normal[i]![5]! += row[i]!
    }
  }
  const solution = solveLinear(normal)
  if (!solution) return undefined
  const [a, b, c, d, e] = solution as [number, number, number, number, number]
  const determinant = 4 * a * c - b * b
  if (determinant <= 0) return undefined
  const x0 = (b * e - 2 * c * d) / determinant
  const y0 = (b * d - 2 * a * e) / determinant
  const k = 1 + (a * x0 * x0 + b * x0 * y0 + c * y0 * y0)
  const halfDifference = Math.sqrt(((a - c) / 2) ** 2 + (b / 2) ** 2)
  const lambdaSmall = (a + c) / 2 - halfDifference
  const lambdaLarge = (a + c) / 2 + halfDifference
  if (lambdaSmall <= 0 || k <= 0) return undefined
  // The major axis lies along the eigenvector of the smaller eigenvalue.
  const angle = Math.abs(b) < 1e-12 ? (a <= c ? 0 : Math.PI / 2) : Math.atan2(lambdaSmall - a, b / 2)
  return {
    cx: meanX + x0 * scale,
    cy: meanY + y0 * scale,
    major: Math.sqrt(k / lambdaSmall) * scale,
    minor: Math.sqrt(k / lambdaLarge) * scale,
    angle,
  }
}

/** Gaussian elimination with partial pivoting on an augmented n × (n + 1) matrix. */
function solveLinear(matrix: Float64Array[]): number[] | undefined {
  const n = matrix.length
  for (let column = 0; column < n; column++) {
    let pivot = column
    for (let row = column + 1; row < n; row++) {
      if (Math.abs(matrix[row]![column]!) > Math.abs(matrix[pivot]![column]!)) pivot = row
    }
    if (Math.abs(matrix[pivot]![column]!) < 1e-12) return undefined
    ;[matrix[column], matrix[pivot]] = [matrix[pivot]!, matrix[column]!]
    for (let row = column + 1; row < n; row++) {
      const factor = matrix[row]![column]! / matrix[column]![column]!
      for (let k = column; k <= n; k++) matrix[row]![k]! -= factor * matrix[column]![k]!
    }
  }
  const solution = new Array<number>(n).fill(0)
  for (let row = n - 1; row >= 0; row--) {
    let sum = matrix[row]![n]!
    for (let k = row + 1; k < n; k++) sum -= matrix[row]![k]! * solution[k]!
    solution[row] = sum / matrix[row]![row]!
  }
  return solution
}
