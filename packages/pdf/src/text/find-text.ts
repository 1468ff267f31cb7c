import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { PDFDocumentProxy, TextItem } from 'pdfjs-dist/types/src/display/api'

/**
 * Where a phrase was found: its page (1-based) and the box around it, in PDF points from the bottom-left
 * corner of the page's visible area (pdf.js's `page.view`: the CropBox clipped by the MediaBox), unrotated:
 * the frame seal positions are given in (sign-pdf.ts).
 */
export type TextMatch = { page: number; x: number; y: number; width: number; height: number }

export type FindTextOptions = {
  /** Only these pages (1-based); every page when absent. */
  pages?: number[] | undefined
  /** Answer at most this many matches of one phrase (a bound on answer size; with `keep: 'first'` on work too). */
  maxMatchesPerPhrase?: number
  /**
   * Which matches a phrase over `maxMatchesPerPhrase` keeps: its first ones (the default; the search stops
   * there), or its last ones (every page is read, so the last occurrence of the document is among them).
   */
  keep?: 'first' | 'last'
  /** Refuse documents with more pages than this to be searched (a bound on work). */
  maxPages?: number
}

/** Thrown for a request the document cannot answer (too many pages); carries a machine code. */
export class FindTextError extends Error {
  readonly code: 'TOO_MANY_PAGES'
  constructor(code: 'TOO_MANY_PAGES', message: string) {
    super(message)
    this.name = 'FindTextError'
    this.code = code
  }
}

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))

/**
 * Finds phrases in a PDF's text, page by page, with pdf.js (the reader the web app shows documents with),
 * and answers where each occurrence sits. Whitespace is ignored on both sides, so a phrase broken over
 * text runs (`甲方` `（盖章）`) is still found; a phrase broken over two lines is found with the box around
 * both parts. Both sides are compared in Unicode compatibility form (NFKC): PDFs printed by Chromium
 * (Chrome's "Save as PDF", Puppeteer) map 方 乙 一 日 to Kangxi radicals (U+2F45 ⽅ …) and some fonts
 * to CJK compatibility ideographs, which read the same on paper and must match the keyword typed. Character positions inside a run are shared out by width (a CJK character counts as two
 * Latin ones), which is exact for the fixed-pitch CJK text of contracts and close for proportional Latin.
 * Rotated text is placed by its origin only. Runs in a worker thread (the server's worker pool).
 *
 * @example
 * const found = await findText(pdf, ['甲方（盖章）'])
 * found['甲方（盖章）'] // [{ page: 3, x: 72, y: 140.5, width: 78, height: 13 }]
 */
export async function findText(pdf: Uint8Array, phrases: string[], options: FindTextOptions = {}): Promise<Record<string, TextMatch[]>> {
  const wanted = phrases.map((phrase) => [phrase, compact(phrase.normalize('NFKC'))] as const).filter(([, needle]) => needle.length > 0)
  const found: Record<string, TextMatch[]> = Object.fromEntries(phrases.map((phrase) => [phrase, []]))
  const limit = options.maxMatchesPerPhrase ?? 100
  const keepLast = options.keep === 'last'
  const text = await documentText(pdf)
  try {
    const numPages = await text.numPages()
    if (options.maxPages !== undefined && numPages > options.maxPages)
      throw new FindTextError('TOO_MANY_PAGES', `document has ${numPages} pages, more than ${options.maxPages} to search`)
    const pages = options.pages ?? Array.from({ length: numPages }, (_, i) => i + 1)
    for (const pageNumber of pages) {
      if (pageNumber < 1 || pageNumber > numPages) continue
      if (!keepLast && wanted.every(([phrase]) => found[phrase]!.length >= limit)) break
      const { glyphs, text: pageText, glyphAt } = await text.page(pageNumber)
      for (const [phrase, needle] of wanted) {
        const matches = found[phrase]!
        for (let at = pageText.indexOf(needle); at >= 0 && (keepLast || matches.length < limit); at = pageText.indexOf(needle, at + needle.length)) {
          matches.push({ page: pageNumber, ...boxAround(glyphs.slice(glyphAt[at]!, glyphAt[at + needle.length - 1]! + 1)) })
          // The earliest goes once the answer is full: the last ones stay, in the document's order.
          if (matches.length > limit) matches.shift()
        }
      }
    }
    return found
  } finally {
    await text.close()
  }
}

type PageText = { glyphs: Glyph[]; text: string; glyphAt: number[] }
type CachedText = { numPages: number; pages: Map<number, PageText> }

/**
 * The text of the last few documents searched, by SHA-256 of their bytes, per thread: a platform sealing
 * the same document again (by keyword, one copy after another) has its text read by pdf.js once. Pages are
 * read as a search needs them. A handful of documents: a 50-page contract's glyphs take a few MB.
 */
const textCache = new Map<string, CachedText>()
const TEXT_CACHE_DOCUMENTS = 4

/** A document's text, page by page, from the cache or read with pdf.js (opened only when a page is missing). */
async function documentText(pdf: Uint8Array) {
  const hash = createHash('sha256').update(pdf).digest('hex')
  let cached = textCache.get(hash)
  if (cached) textCache.delete(hash) // most recently used last
  let opened: Promise<{ doc: PDFDocumentProxy; destroy: () => Promise<void> }> | undefined
  const open = () => (opened ??= openWithPdfjs(pdf))
  const remember = (entry: CachedText) => {
    textCache.set(hash, entry)
    while (textCache.size > TEXT_CACHE_DOCUMENTS) textCache.delete(textCache.keys().next().value!)
    return entry
  }
  if (cached) remember(cached)
  const entry = async () => (cached ??= remember({ numPages: (await open()).doc.numPages, pages: new Map() }))
  return {
    numPages: async () => (await entry()).numPages,
    page: async (pageNumber: number): Promise<PageText> => {
      const { pages } = await entry()
      const known = pages.get(pageNumber)
      if (known) return known
      const page = await (await open()).doc.getPage(pageNumber)
      const content = await page.getTextContent()
      // Text runs are placed in user space; positions are measured from the visible area's corner.
      const [viewX, viewY] = page.view as [number, number, number, number]
      const glyphs = placeGlyphs(content.items.filter((item): item is TextItem => 'str' in item), viewX, viewY)
      page.cleanup()
      const read = { glyphs, ...normalisedText(glyphs) }
      pages.set(pageNumber, read)
      return read
    },
    close: async () => {
      // A document pdf.js could not open was destroyed there; its error is findText's.
      await (await opened?.catch(() => undefined))?.destroy()
    },
  }
}

async function openWithPdfjs(pdf: Uint8Array) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const task = getDocument({
    // pdf.js takes ownership of the buffer it is given; the caller's bytes stay intact.
    data: pdf.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    cMapUrl: join(pdfjsRoot, 'cmaps') + '/',
    cMapPacked: true,
    standardFontDataUrl: join(pdfjsRoot, 'standard_fonts') + '/',
  })
  try {
    return { doc: await task.promise, destroy: () => task.destroy() }
  } catch (error) {
    await task.destroy()
    throw error
  }
}

type Glyph = { char: string; x0: number; x1: number; y0: number; y1: number }

const compact = (text: string) => text.replace(/\s+/g, '')

/**
 * The page's text in NFKC, spaces left out, with the glyph each of its UTF-16 units came from. Normalised
 * glyph by glyph, since NFKC may change a string's length (㈱ → (株), ﬁ → fi): a match maps back to
 * the glyphs it covers, never to a shifted position.
 */
function normalisedText(glyphs: Glyph[]): { text: string; glyphAt: number[] } {
  let text = ''
  const glyphAt: number[] = []
  glyphs.forEach((glyph, index) => {
    const normal = compact(glyph.char.normalize('NFKC'))
    text += normal
    for (let i = 0; i < normal.length; i++) glyphAt.push(index)
  })
  return { text, glyphAt }
}

/** A CJK (or other wide) character takes about twice the advance of a Latin one. */
const advanceWeight = (char: string) => (char.codePointAt(0)! >= 0x2e80 ? 2 : 1)

/** Every non-space character of the runs with an estimated box, in reading order, from the origin (x0, y0). */
function placeGlyphs(items: TextItem[], originX: number, originY: number): Glyph[] {
  const glyphs: Glyph[] = []
  for (const item of items) {
    const chars = Array.from(item.str)
    if (chars.length === 0) continue
    const [a, b, c, d, userX, userY] = item.transform as number[]
    const e = userX! - originX
    const f = userY! - originY
    const size = item.height || Math.hypot(c!, d!) || Math.hypot(a!, b!)
    const total = chars.reduce((sum, char) => sum + advanceWeight(char), 0)
    let advanced = 0
    for (const char of chars) {
      const weight = advanceWeight(char)
      const x0 = e + (item.width * advanced) / total
      advanced += weight
      if (/\s/.test(char)) continue
      // The box from a little below the baseline (descenders) to the top of the em square.
      glyphs.push({ char, x0, x1: e + (item.width * advanced) / total, y0: f - size * 0.2, y1: f + size * 0.8 })
    }
  }
  return glyphs
}

function boxAround(glyphs: Glyph[]): Omit<TextMatch, 'page'> {
  const x0 = Math.min(...glyphs.map((g) => g.x0))
  const x1 = Math.max(...glyphs.map((g) => g.x1))
  const y0 = Math.min(...glyphs.map((g) => g.y0))
  const y1 = Math.max(...glyphs.map((g) => g.y1))
  const round = (n: number) => Math.round(n * 100) / 100
  return { x: round(x0), y: round(y0), width: round(x1 - x0), height: round(y1 - y0) }
}
