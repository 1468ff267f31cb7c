import { readFileSync } from 'node:fs'
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib'
import fontkit from '@cantoo/fontkit'
import { cjkFont } from '@seal/fonts'

/** The two faces every document uses. */
export type DocumentFonts = { regular: PDFFont; bold: PDFFont }

let fontBytes: { regular: Uint8Array; bold: Uint8Array } | undefined

/**
 * Embeds the vendored CJK font (regular and bold) as subsets, so a document carries only the glyphs it
 * draws (a one-page letter stays in the tens of kilobytes instead of 15 MB). The subset names carry a
 * fixed tag rather than pdf-lib's random suffix, so the same input gives the same bytes.
 *
 * @example
 * const pdf = await PDFDocument.create()
 * const fonts = await embedDocumentFonts(pdf)
 * page.drawText('印章使用授权书', { font: fonts.bold, size: 20, x: 200, y: 780 })
 */
export async function embedDocumentFonts(pdf: PDFDocument): Promise<DocumentFonts> {
  fontBytes ??= { regular: readFileSync(cjkFont.regular), bold: readFileSync(cjkFont.bold) }
  // The fork's own fontkit: @pdf-lib/fontkit 1.x writes broken CJK subsets under @cantoo/pdf-lib.
  pdf.registerFontkit(fontkit)
  const [regular, bold] = await Promise.all([
    pdf.embedFont(fontBytes.regular, { subset: true, customName: 'ESEALR+LXGWWenKai-Regular' }),
    pdf.embedFont(fontBytes.bold, { subset: true, customName: 'ESEALB+LXGWWenKai-Bold' }),
  ])
  return { regular, bold }
}

/**
 * The characters of a text the vendored font cannot draw (whitespace aside). A document must never show
 * an empty box in place of a character of a name, so generators refuse such text.
 *
 * @example
 * missingCharacters(fonts.regular, '张三') // []
 */
export function missingCharacters(font: PDFFont, text: string): string[] {
  const covered = characterSets.get(font) ?? new Set(font.getCharacterSet())
  characterSets.set(font, covered)
  return [
    ...new Set(Array.from(text).filter((char) => !/\s/.test(char) && !covered.has(char.codePointAt(0) ?? 0))),
  ]
}

const characterSets = new WeakMap<PDFFont, Set<number>>()
