import { assertDrawable } from './font-coverage.ts'
import { sealCharacters } from './glyph.ts'
import { nameSealSvg, squareRows, squareSealText } from './name-seal.ts'
import { defaultPxPerMm, renderSealSvg, type SealImage } from './render-svg.ts'

/** The three name-seal styles of the personal seal application's style screen (spec 002, style 1, 2, 3). */
export type PersonalSealStyle = '1' | '2' | '3'

export const personalSealStyles: readonly PersonalSealStyle[] = ['1', '2', '3']

const squareSizeMm = 18
const squareBorderMm = 0.9
const rectangleHeightMm = 10
const rectangleBorderMm = 0.8
/** Up to four characters sit at their natural width in the rectangle; longer names are squeezed to its width. */
const rectangleMaxChars = 4

/**
 * Renders a personal name seal (seal type 1000). The spec names the styles only by number, so we chose
 * the three most common in e-seal products:
 * - style 1: 18 mm square with border, the name plus 之印 (2 characters) or 印 (3 characters), read in
 *   columns from right to left (张三之印: 张三 on the right, 之印 on the left; 4-character names as they are);
 * - style 2: the same square arrangement without a border;
 * - style 3: a 10 mm high bordered rectangle with the name in one row, left to right, without suffix.
 * Names of more than four characters get more columns (square) or narrower characters (rectangle).
 *
 * @example
 * const { png, widthMm } = await renderPersonalSeal({ name: '张三', style: '1' }) // 18 mm square: 张三之印
 */
export async function renderPersonalSeal({
  name,
  style,
  pxPerMm = defaultPxPerMm,
}: {
  name: string
  style: PersonalSealStyle
  pxPerMm?: number
}): Promise<SealImage> {
  const nameChars = sealCharacters(name)
  if (nameChars.length === 0) throw new RangeError('name is empty')
  assertDrawable(name)
  if (style === '3') {
    const cellWidth = rectangleHeightMm - 2 * rectangleBorderMm
    const widthMm =
      Math.round((Math.min(nameChars.length, rectangleMaxChars) * cellWidth + 2.4 * rectangleBorderMm) * 10) /
      10
    const svg = nameSealSvg({
      chars: nameChars,
      widthMm,
      heightMm: rectangleHeightMm,
      borderMm: rectangleBorderMm,
      rows: 1,
      columnOrder: 'left-to-right',
    })
    return { svg, png: await renderSealSvg({ svg, widthMm, pxPerMm }), widthMm, heightMm: rectangleHeightMm }
  }
  if (style !== '1' && style !== '2') throw new RangeError(`unknown personal seal style: ${String(style)}`)
  const chars = squareSealText(name)
  const svg = nameSealSvg({
    chars,
    widthMm: squareSizeMm,
    heightMm: squareSizeMm,
    borderMm: style === '1' ? squareBorderMm : 0,
    rows: squareRows(chars.length),
  })
  return {
    svg,
    png: await renderSealSvg({ svg, widthMm: squareSizeMm, pxPerMm }),
    widthMm: squareSizeMm,
    heightMm: squareSizeMm,
  }
}
