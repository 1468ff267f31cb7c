import { mm } from './render-svg.ts'

/**
 * A solid five-pointed star with one point up, as engraved in the centre of official seals.
 *
 * @example
 * const path = starPath({ cx: 20, cy: 20, outerRadius: 7 })
 */
export function starPath({ cx, cy, outerRadius }: { cx: number; cy: number; outerRadius: number }): string {
  // A regular pentagram's inner vertices lie at sin 18° / sin 126° ≈ 0.382 of the outer radius.
  const innerRadius = (outerRadius * Math.sin(Math.PI / 10)) / Math.sin((7 * Math.PI) / 10)
  const points: string[] = []
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? outerRadius : innerRadius
    const angle = (i * Math.PI) / 5
    points.push(`${mm(cx + radius * Math.sin(angle))} ${mm(cy - radius * Math.cos(angle))}`)
  }
  return `M ${points.join(' L ')} Z`
}
