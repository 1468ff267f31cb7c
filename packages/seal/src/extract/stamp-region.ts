import type { InkMap } from './ink-map.ts'

/** Strength above which a pixel counts as ink when looking for the stamp. */
export const inkThreshold = 0.12

export type StampRegion = {
  /** Bounding box of the stamp's ink in analysis pixels (right and bottom exclusive). */
  left: number
  top: number
  right: number
  bottom: number
  /** Ink pixels inside the stamp. */
  inkPixels: number
  /** Strength most of the stamp's ink reaches (90th percentile): how strongly it was stamped. */
  peakStrength: number
  /** Grid cells (cellSize px square) that belong to the stamp, including the gaps between its characters. */
  cells: Uint8Array
  cellSize: number
  gridWidth: number
  gridHeight: number
}

/**
 * Finds the stamp: the largest cluster of red ink, where the characters, star and ring of one seal are
 * joined by closing the small gaps between them. Stray red specks elsewhere in the photo are left out.
 *
 * @example
 * const region = findStamp(inkMap(pixels))
 * if (!region) return noStampFound
 */
export function findStamp(ink: InkMap): StampRegion | undefined {
  const { width, height, strength } = ink
  const cellSize = Math.max(2, Math.round(Math.min(width, height) / 200))
  const gridWidth = Math.ceil(width / cellSize)
  const gridHeight = Math.ceil(height / cellSize)
  const counts = new Uint16Array(gridWidth * gridHeight)
  const cellOfColumn = Int32Array.from({ length: width }, (_, x) => Math.floor(x / cellSize))
  for (let y = 0; y < height; y++) {
    const rowBase = Math.floor(y / cellSize) * gridWidth
    for (let x = 0, i = y * width; x < width; x++, i++) {
      if (strength[i]! >= inkThreshold) counts[rowBase + cellOfColumn[x]!]!++
    }
  }
  const minimumInCell = Math.max(2, Math.round((cellSize * cellSize) / 6))
  const inked = new Uint8Array(counts.length)
  for (let cell = 0; cell < counts.length; cell++) if (counts[cell]! >= minimumInCell) inked[cell] = 1
  const joinRadius = Math.max(2, Math.round(Math.min(gridWidth, gridHeight) * 0.025))
  const joined = dilate({ cells: inked, gridWidth, gridHeight, radius: joinRadius })
  const stamp = largestComponent({ joined, counts: inked, gridWidth })
  if (!stamp) return undefined

  // The stamp's box and ink statistics come from its inked cells; nothing outside them is ink of the stamp.
  let firstColumn = gridWidth
  let lastColumn = -1
  let firstRow = gridHeight
  let lastRow = -1
  let inkPixels = 0
  const histogram = new Uint32Array(101)
  for (let cell = 0; cell < stamp.length; cell++) {
    if (!stamp[cell] || !inked[cell]) continue
    const column = cell % gridWidth
    const row = (cell - column) / gridWidth
    if (column < firstColumn) firstColumn = column
    if (column > lastColumn) lastColumn = column
    if (row < firstRow) firstRow = row
    if (row > lastRow) lastRow = row
    for (let y = row * cellSize; y < Math.min(height, (row + 1) * cellSize); y++) {
      for (let x = column * cellSize; x < Math.min(width, (column + 1) * cellSize); x++) {
        const s = strength[y * width + x]!
        if (s < inkThreshold) continue
        inkPixels++
        histogram[Math.round(s * 100)]!++
      }
    }
  }
  if (inkPixels === 0) return undefined
  return {
    left: firstColumn * cellSize,
    top: firstRow * cellSize,
    right: Math.min(width, (lastColumn + 1) * cellSize),
    bottom: Math.min(height, (lastRow + 1) * cellSize),
    inkPixels,
    peakStrength: percentile(histogram, inkPixels, 0.9),
    cells: stamp,
    cellSize,
    gridWidth,
    gridHeight,
  }
}

function percentile(histogram: Uint32Array, total: number, fraction: number): number {
  let seen = 0
  for (let bin = 0; bin < histogram.length; bin++) {
    seen += histogram[bin]!
    if (seen >= total * fraction) return bin / 100
  }
  return 1
}

/** Square dilation, done as a horizontal then a vertical running maximum. */
function dilate({
  cells,
  gridWidth,
  gridHeight,
  radius,
}: {
  cells: Uint8Array
  gridWidth: number
  gridHeight: number
  radius: number
}) {
  const horizontal = new Uint8Array(cells.length)
  for (let y = 0; y < gridHeight; y++) {
    let lastOn = -Infinity
    const row = y * gridWidth
    for (let x = 0; x < gridWidth + radius; x++) {
      if (x < gridWidth && cells[row + x]) lastOn = x
      const target = x - radius
      if (target >= 0 && x - lastOn <= 2 * radius) horizontal[row + target] = 1
    }
  }
  const out = new Uint8Array(cells.length)
  for (let x = 0; x < gridWidth; x++) {
    let lastOn = -Infinity
    for (let y = 0; y < gridHeight + radius; y++) {
      if (y < gridHeight && horizontal[y * gridWidth + x]) lastOn = y
      const target = y - radius
      if (target >= 0 && y - lastOn <= 2 * radius) out[target * gridWidth + x] = 1
    }
  }
  return out
}

/** The joined component holding the most inked cells, as a mask. */
function largestComponent({
  joined,
  counts,
  gridWidth,
}: {
  joined: Uint8Array
  counts: Uint8Array
  gridWidth: number
}): Uint8Array | undefined {
  const labels = new Int32Array(joined.length)
  const stack = new Int32Array(joined.length)
  let best = 0
  let bestWeight = 0
  let label = 0
  for (let start = 0; start < joined.length; start++) {
    if (!joined[start] || labels[start]) continue
    label++
    let weight = 0
    let size = 0
    stack[size++] = start
    labels[start] = label
    while (size > 0) {
      const cell = stack[--size]!
      weight += counts[cell]!
      const x = cell % gridWidth
      for (let side = 0; side < 4; side++) {
        const next =
          side === 0
            ? x > 0
              ? cell - 1
              : -1
            : side === 1
              ? x < gridWidth - 1
                ? cell + 1
                : -1
              : side === 2
                ? cell - gridWidth
                : cell + gridWidth
        if (next < 0 || next >= joined.length || !joined[next] || labels[next]) continue
        labels[next] = label
        stack[size++] = next
      }
    }
    if (weight > bestWeight) {
      bestWeight = weight
      best = label
    }
  }
  if (best === 0) return undefined
  const mask = new Uint8Array(labels.length)
  for (let cell = 0; cell < labels.length; cell++) if (labels[cell] === best) mask[cell] = 1
  return mask
}
