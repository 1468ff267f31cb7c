import { glyph } from './glyph.ts'

export type TextRow = {
  chars: string[]
  /** Centre of the row, in millimetres. */
  cx: number
  cy: number
  em: number
  /** The row is squeezed (pitch and glyph width together) when it would be wider than this. */
  maxWidth: number
  /** Centre-to-centre spacing in em. */
  pitchEm?: number
  /** Narrowing of each glyph before any squeeze (the invoice seal's 3 mm wide characters). */
  glyphScaleX?: number
  bold?: boolean
}

/**
 * A row of characters centred on a point, such as the seal name across a round seal.
 *
 * @example
 * horizontalText({ chars: ['合', '同'], cx: 20, cy: 30, em: 5, maxWidth: 20 })
 */
export function horizontalText({
  chars,
  cx,
  cy,
  em,
  maxWidth,
  pitchEm = 1.02,
  glyphScaleX = 1,
  bold = true,
}: TextRow) {
  if (chars.length === 0) return ''
  const naturalWidth = chars.length * pitchEm * em
  const squeeze = Math.min(1, maxWidth / naturalWidth)
  const pitch = pitchEm * em * squeeze
  return chars
    .map((char, index) =>
      glyph({
        char,
        x: cx + (index - (chars.length - 1) / 2) * pitch,
        y: cy,
        sizeMm: em,
        scaleX: glyphScaleX * squeeze,
        bold,
      }),
    )
    .join('\n')
}
