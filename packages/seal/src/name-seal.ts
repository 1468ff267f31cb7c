import { glyph, sealCharacters } from './glyph.ts'
import { mm, sealRed, svgDocument } from './render-svg.ts'

/** Ideographs in the vendored font are 0.93 em high and about 0.9 em wide. */
const glyphHeightEm = 0.93
const glyphWidthEm = 0.9

const nameSeparators = new Set(['·', '•', '・', '.', '．'])

/**
 * The characters a square name seal carries: the name followed by 之印 for a two-character name and 印
 * for a three-character one, so that the square always holds four characters in two columns.
 * Four-character names go on without a suffix.
 *
 * @example
 * squareSealText('张三') // ['张', '三', '之', '印']
 * squareSealText('李小明') // ['李', '小', '明', '印']
 */
export function squareSealText(name: string): string[] {
  // The separator of transliterated names (阿依古丽·买买提) would take a whole cell of the grid.
  const chars = sealCharacters(name).filter((char) => !nameSeparators.has(char))
  if (chars.length <= 2) return [...chars, '之', '印']
  if (chars.length === 3) return [...chars, '印']
  // A long name whose grid would have one empty cell gets 印 in it, as engravers do, e.g. 司马相如之 + 印.
  const rows = squareRows(chars.length)
  const emptyCells = rows * Math.ceil(chars.length / rows) - chars.length
  return chars.length > 4 && emptyCells === 1 ? [...chars, '印'] : chars
}

export type NameSealLayout = {
  /** Characters in reading order. */
  chars: string[]
  widthMm: number
  heightMm: number
  /** 0 for a seal without border. */
  borderMm: number
  /** Rows per column; characters run top to bottom, columns from right to left (traditional reading order). */
  rows: number
  /** Column order: traditional seals read right to left; a one-row rectangle reads left to right. */
  columnOrder?: 'right-to-left' | 'left-to-right'
}

/**
 * Draws a rectangular name seal whose characters fill a grid, read in columns from right to left.
 * A column holding fewer characters than the others centres them vertically.
 *
 * @example
 * nameSealSvg({ chars: squareSealText('张三'), widthMm: 18, heightMm: 18, borderMm: 0.9, rows: 2 })
 */
export function nameSealSvg({
  chars,
  widthMm,
  heightMm,
  borderMm,
  rows,
  columnOrder = 'right-to-left',
}: NameSealLayout): string {
  const padding = borderMm > 0 ? borderMm * 0.9 : widthMm * 0.02
  const innerWidth = widthMm - 2 * (borderMm + padding)
  const innerHeight = heightMm - 2 * (borderMm + padding)
  const columns = Math.max(1, Math.ceil(chars.length / rows))
  const cellWidth = innerWidth / columns
  const cellHeight = innerHeight / rows
  const em = (cellHeight * 0.96) / glyphHeightEm
  const scaleX = Math.min(1.2, Math.max(0.4, (cellWidth * 0.96) / (glyphWidthEm * em)))

  const parts: string[] = [`<g fill="${sealRed}">`]
  if (borderMm > 0) {
    parts.push(
      `<rect x="${mm(borderMm / 2)}" y="${mm(borderMm / 2)}" width="${mm(widthMm - borderMm)}" ` +
        `height="${mm(heightMm - borderMm)}" rx="${mm(borderMm * 0.6)}" fill="none" stroke="${sealRed}" ` +
        `stroke-width="${mm(borderMm)}"/>`,
    )
  }
  for (let column = 0; column < columns; column++) {
    const inColumn = chars.slice(column * rows, (column + 1) * rows)
    const fromLeft = (columnOrder === 'left-to-right' ? column : columns - 1 - column) + 0.5
    const columnCentreX = borderMm + padding + fromLeft * cellWidth
    const columnTop = heightMm / 2 - (inColumn.length * cellHeight) / 2
    inColumn.forEach((char, row) => {
      parts.push(
        glyph({ char, x: columnCentreX, y: columnTop + (row + 0.5) * cellHeight, sizeMm: em, scaleX }),
      )
    })
  }
  parts.push('</g>')
  return svgDocument({ widthMm, heightMm, body: parts.join('\n') })
}

/**
 * Rows per column for a square seal: two for up to six characters (4 = the classic 2 × 2), then three.
 *
 * @example
 * squareRows(4) // 2
 */
export function squareRows(count: number): number {
  if (count <= 2) return Math.max(1, count)
  if (count <= 6) return 2
  if (count <= 9) return 3
  return Math.ceil(Math.sqrt(count))
}
