import { glyph } from './glyph.ts'

export type ArcTextOptions = {
  chars: string[]
  cx: number
  cy: number
  /** Radii of the path the glyph centres follow; equal for a round seal. */
  rx: number
  ry: number
  /** Angle between the first and the last glyph centre, in degrees of the ellipse parameter. */
  spanDeg: number
  /**
   * 'top': reads clockwise over the top, glyph tops pointing outward (the unit name).
   * 'bottom': reads left to right under the centre, glyph tops pointing inward (the seal code).
   */
  side: 'top' | 'bottom'
  sizeMm: number
  scaleX?: number
  bold?: boolean
}

/**
 * Places characters evenly (by arc length) along an arc of an ellipse, each one rotated so that it stands
 * on the arc's normal, which is how seal makers engrave the unit name and the seal code.
 *
 * @example
 * const svg = arcText({ chars: ['某', '公', '司'], cx: 20, cy: 20, rx: 15, ry: 15, spanDeg: 90, side: 'top', sizeMm: 6 })
 */
export function arcText({
  chars,
  cx,
  cy,
  rx,
  ry,
  spanDeg,
  side,
  sizeMm,
  scaleX = 1,
  bold = true,
}: ArcTextOptions): string {
  const centres = evenlySpacedParameters({ count: chars.length, rx, ry, spanRad: (spanDeg * Math.PI) / 180 })
  return chars
    .map((char, index) => {
      const offset = centres[index] ?? 0
      // Top text runs clockwise around t = 0; bottom text runs left to right, i.e. from t = π + s/2 down to π − s/2.
      const t = side === 'top' ? offset : Math.PI - offset
      const outward = (Math.atan2(Math.sin(t) / rx, Math.cos(t) / ry) * 180) / Math.PI
      return glyph({
        char,
        x: cx + rx * Math.sin(t),
        y: cy - ry * Math.cos(t),
        sizeMm,
        rotateDeg: side === 'top' ? outward : outward + 180,
        scaleX,
        bold,
      })
    })
    .join('\n')
}

/**
 * Parameters in [−span/2, span/2] that cut the ellipse arc into equal lengths, one per glyph.
 * On a circle this is plain equal angles; on the invoice seal's oval it keeps the characters evenly spaced.
 */
function evenlySpacedParameters({
  count,
  rx,
  ry,
  spanRad,
}: {
  count: number
  rx: number
  ry: number
  spanRad: number
}) {
  if (count === 0) return []
  if (count === 1) return [0]
  const steps = 2048
  const start = -spanRad / 2
  const cumulative = [0]
  for (let i = 1; i <= steps; i++) {
    const t = start + (spanRad * (i - 0.5)) / steps
    const speed = Math.hypot(rx * Math.cos(t), ry * Math.sin(t))
    cumulative.push((cumulative[i - 1] ?? 0) + (speed * spanRad) / steps)
  }
  const total = cumulative[steps] ?? 0
  const parameters: number[] = []
  let step = 0
  for (let k = 0; k < count; k++) {
    const wanted = (total * k) / (count - 1)
    while (step < steps && (cumulative[step + 1] ?? 0) < wanted) step++
    const before = cumulative[step] ?? 0
    const after = cumulative[step + 1] ?? before
    const fraction = after > before ? (wanted - before) / (after - before) : 0
    parameters.push(start + (spanRad * (step + Math.min(1, Math.max(0, fraction)))) / steps)
  }
  return parameters
}

/**
 * Length of the ellipse arc of the given parameter span centred on the top (or, by symmetry, the bottom).
 *
 * @example
 * ellipseArcLength({ rx: 10, ry: 10, spanDeg: 180 }) // ≈ 31.4
 */
export function ellipseArcLength({ rx, ry, spanDeg }: { rx: number; ry: number; spanDeg: number }): number {
  const spanRad = (spanDeg * Math.PI) / 180
  const steps = 1024
  let length = 0
  for (let i = 0; i < steps; i++) {
    const t = -spanRad / 2 + (spanRad * (i + 0.5)) / steps
    length += (Math.hypot(rx * Math.cos(t), ry * Math.sin(t)) * spanRad) / steps
  }
  return length
}

/**
 * The parameter span (degrees, centred on the top) whose ellipse arc has the given length, found by bisection.
 *
 * @example
 * spanForArcLength({ rx: 10, ry: 10, length: Math.PI * 10 }) // ≈ 180
 */
export function spanForArcLength({ rx, ry, length }: { rx: number; ry: number; length: number }): number {
  let low = 0
  let high = 360
  for (let i = 0; i < 40; i++) {
    const middle = (low + high) / 2
    if (ellipseArcLength({ rx, ry, spanDeg: middle }) < length) low = middle
    else high = middle
  }
  return (low + high) / 2
}
