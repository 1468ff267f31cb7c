import { assertDrawable } from './font-coverage.ts'
import { sealCharacters } from './glyph.ts'
import { nameSealSvg, squareRows, squareSealText } from './name-seal.ts'
import { defaultPxPerMm, renderSealSvg, type SealImage } from './render-svg.ts'

/** The legal representative's name seal (05) is a 20 mm square with a 1 mm border. */
const legalRepresentativeSeal = { sizeMm: 20, borderMm: 1 } as const

/**
 * Renders the legal representative's name seal (seal type 05): a bordered square holding the name with
 * 之印 or 印, read in columns from right to left (张三之印 → 张三 in the right column, 之印 in the left).
 *
 * @example
 * const { png } = await renderLegalRepresentativeSeal({ name: '王建国' }) // 王建 | 国印
 */
export async function renderLegalRepresentativeSeal({
  name,
  pxPerMm = defaultPxPerMm,
}: {
  name: string
  pxPerMm?: number
}): Promise<SealImage> {
  if (sealCharacters(name).length === 0) throw new RangeError('name is empty')
  assertDrawable(name)
  const chars = squareSealText(name)
  const { sizeMm, borderMm } = legalRepresentativeSeal
  const svg = nameSealSvg({
    chars,
    widthMm: sizeMm,
    heightMm: sizeMm,
    borderMm,
    rows: squareRows(chars.length),
  })
  return {
    svg,
    png: await renderSealSvg({ svg, widthMm: sizeMm, pxPerMm }),
    widthMm: sizeMm,
    heightMm: sizeMm,
  }
}
