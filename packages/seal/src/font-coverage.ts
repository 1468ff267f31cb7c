import { readFileSync } from 'node:fs'
import { cjkFont } from '@seal/fonts'

let covered: Set<number> | undefined

/**
 * The characters of a text that the vendored seal font cannot draw. A seal must never show the font's
 * empty box in place of a character, so the renderers refuse such text instead (rare characters of
 * personal names are the usual case).
 *
 * @example
 * missingGlyphs('张三') // []
 * missingGlyphs('㐀') // ['㐀']
 */
export function missingGlyphs(text: string): string[] {
  covered ??= cmapCodePoints(readFileSync(cjkFont.bold))
  const codePoints = covered
  return [
    ...new Set(
      Array.from(text).filter((char) => !codePoints.has(char.codePointAt(0) ?? 0) && !/\s/.test(char)),
    ),
  ]
}

/**
 * Throws when the font lacks a character of the text.
 *
 * @example
 * assertDrawable('北京明远科技有限公司')
 */
export function assertDrawable(text: string): void {
  const missing = missingGlyphs(text)
  if (missing.length > 0) throw new MissingGlyphError(missing)
}

export class MissingGlyphError extends RangeError {
  constructor(readonly characters: string[]) {
    super(`the seal font has no glyph for: ${characters.join(' ')}`)
    this.name = 'MissingGlyphError'
  }
}

/** Code points mapped by the font's Unicode cmap (format 12 when present, otherwise format 4). */
function cmapCodePoints(font: Buffer): Set<number> {
  const tableCount = font.readUInt16BE(4)
  let cmap = -1
  for (let i = 0; i < tableCount; i++) {
    const record = 12 + i * 16
    if (font.toString('latin1', record, record + 4) === 'cmap') cmap = font.readUInt32BE(record + 8)
  }
  if (cmap < 0) throw new Error('font has no cmap table')
  const subtables: { format: number; offset: number }[] = []
  const count = font.readUInt16BE(cmap + 2)
  for (let i = 0; i < count; i++) {
    const record = cmap + 4 + i * 8
    const platform = font.readUInt16BE(record)
    const encoding = font.readUInt16BE(record + 2)
    const offset = cmap + font.readUInt32BE(record + 4)
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10))
    if (unicode) subtables.push({ format: font.readUInt16BE(offset), offset })
  }
  const full = subtables.find((table) => table.format === 12)
  if (full) return format12(font, full.offset)
  const basic = subtables.find((table) => table.format === 4)
  if (basic) return format4(font, basic.offset)
  throw new Error('font has no Unicode cmap subtable')
}

function format12(font: Buffer, offset: number): Set<number> {
  const points = new Set<number>()
  const groups = font.readUInt32BE(offset + 12)
  for (let i = 0; i < groups; i++) {
    const group = offset + 16 + i * 12
    const start = font.readUInt32BE(group)
    const end = font.readUInt32BE(group + 4)
    const glyph = font.readUInt32BE(group + 8)
    for (let code = start; code <= end; code++) if (glyph + (code - start) !== 0) points.add(code)
  }
  return points
}

function format4(font: Buffer, offset: number): Set<number> {
  const points = new Set<number>()
  const segments = font.readUInt16BE(offset + 6) / 2
  const ends = offset + 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const rangeOffsets = deltas + segments * 2
  for (let s = 0; s < segments; s++) {
    const end = font.readUInt16BE(ends + s * 2)
    const start = font.readUInt16BE(starts + s * 2)
    const delta = font.readInt16BE(deltas + s * 2)
    const rangeOffset = font.readUInt16BE(rangeOffsets + s * 2)
    for (let code = start; code <= end && code !== 0xffff; code++) {
      let glyph: number
      if (rangeOffset === 0) glyph = (code + delta) & 0xffff
      else {
        const at = rangeOffsets + s * 2 + rangeOffset + (code - start) * 2
        const raw = font.readUInt16BE(at)
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff
      }
      if (glyph !== 0) points.add(code)
    }
  }
  return points
}
