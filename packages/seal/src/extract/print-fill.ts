import type { InkMap } from './ink-map.ts'

const radius = 3
/** Strength that counts as ink around a dark pixel. */
const inkedFrom = 0.15

/**
 * Black print over a stamp hides the ink under it. Where most of what surrounds a dark pixel is ink (inside
 * the star, across a thick stroke), the ink is taken to continue under the print; elsewhere the print simply
 * drops out. Summed-area tables make each pixel cost the same whatever the window.
 *
 * @example
 * fillUnderPrint(detail) // the star no longer has the contract's words cut out of it
 */
export function fillUnderPrint(ink: InkMap): void {
  const { width, height, strength, dark } = ink
  const stride = width + 1
  // Summed-area tables of visible (not dark) pixels, of inked ones and of their strength.
  const visible = new Int32Array(stride * (height + 1))
  const inked = new Int32Array(stride * (height + 1))
  const inkSum = new Float64Array(stride * (height + 1))
  for (let y = 0; y < height; y++) {
    let rowVisible = 0
    let rowInked = 0
    let rowSum = 0
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      if (!dark[i]) {
        rowVisible++
        const s = strength[i]!
        if (s >= inkedFrom) {
          rowInked++
          rowSum += s
        }
      }
      const at = (y + 1) * stride + x + 1
      visible[at] = visible[at - stride]! + rowVisible
      inked[at] = inked[at - stride]! + rowInked
      inkSum[at] = inkSum[at - stride]! + rowSum
    }
  }
  for (let y = radius; y < height - radius; y++) {
    for (let x = radius; x < width - radius; x++) {
      const i = y * width + x
      if (!dark[i]) continue
      const a = (y - radius) * stride + x - radius
      const b = (y - radius) * stride + x + radius + 1
      const c = (y + radius + 1) * stride + x - radius
      const d = (y + radius + 1) * stride + x + radius + 1
      const seen = visible[d]! - visible[b]! - visible[c]! + visible[a]!
      const inkedAround = inked[d]! - inked[b]! - inked[c]! + inked[a]!
      if (seen >= 6 && inkedAround >= seen * 0.6)
        strength[i] = (inkSum[d]! - inkSum[b]! - inkSum[c]! + inkSum[a]!) / inkedAround
    }
  }
}
