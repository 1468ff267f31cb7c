import { escapeXml, mm, sealFontFamily, sealRed } from './render-svg.ts'

/**
 * Where the middle of an ideograph sits above its baseline, as a fraction of the font size. Measured on
 * LXGW WenKai: ideographs span from 0.83 em above the baseline to 0.10 em below it.
 */
const ideographCentreAboveBaselineEm = 0.365

/** Extra stroke width of bold seal text, in em. */
const boldOutlineEm = 0.035

export type GlyphPlacement = {
  char: string
  /** Centre of the glyph's em box, in millimetres. */
  x: number
  y: number
  /** Font size (em height) in millimetres. */
  sizeMm: number
  /** Clockwise rotation in degrees; 0 is upright. */
  rotateDeg?: number
  /** Horizontal squeeze: real seals narrow the characters of long names rather than shrink them. */
  scaleX?: number
  bold?: boolean
}

/**
 * One character as an SVG text element, centred on a point so it can be placed on arcs and grids alike.
 *
 * @example
 * glyph({ char: '印', x: 10, y: 10, sizeMm: 6, rotateDeg: 30 })
 */
export function glyph({
  char,
  x,
  y,
  sizeMm,
  rotateDeg = 0,
  scaleX = 1,
  bold = true,
}: GlyphPlacement): string {
  const transform = [`translate(${mm(x)} ${mm(y)})`]
  if (rotateDeg !== 0) transform.push(`rotate(${mm(rotateDeg)})`)
  if (scaleX !== 1) transform.push(`scale(${mm(scaleX)} 1)`)
  return (
    `<text transform="${transform.join(' ')}" x="0" y="${mm(sizeMm * ideographCentreAboveBaselineEm)}" ` +
    `font-family="${sealFontFamily}" font-size="${mm(sizeMm)}" font-weight="${bold ? 'bold' : 'normal'}" ` +
    // A thin outline in the ink colour thickens the strokes towards the weight engraved seals have.
    (bold
      ? `stroke="${sealRed}" stroke-width="${mm(sizeMm * boldOutlineEm)}" stroke-linejoin="round" `
      : '') +
    `text-anchor="middle">${escapeXml(char)}</text>`
  )
}

/**
 * Splits text into user-perceived characters, so a character outside the BMP stays one seal glyph.
 *
 * @example
 * sealCharacters('张三') // ['张', '三']
 */
export function sealCharacters(text: string): string[] {
  return Array.from(text.normalize('NFC').replace(/\s+/g, ''))
}
