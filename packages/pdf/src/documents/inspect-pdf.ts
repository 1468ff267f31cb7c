import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PageBox } from './positions.ts'

/**
 * Reads generated documents back with poppler, an independent PDF reader, for the tests: the text a
 * user would copy, where each word sits, and page images to look at.
 */

/** Where the tests leave rendered pages for people to look at. */
export const artefactDir = fileURLToPath(
  new URL('../../../../test-results/artefacts/pdf-documents/', import.meta.url),
)

function withFile<T>(pdf: Uint8Array, read: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'seal-pdf-'))
  try {
    const path = join(dir, 'document.pdf')
    writeFileSync(path, pdf)
    return read(path)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * The document's text (or one page's) as pdftotext extracts it, with whitespace removed, so a phrase
 * can be found whatever the line breaks.
 *
 * @example
 * expect(compactText(pdf)).toContain('印章使用授权书')
 */
export function compactText(pdf: Uint8Array, page?: number): string {
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)]
  return withFile(pdf, (path) =>
    execFileSync('pdftotext', ['-enc', 'UTF-8', ...range, path, '-'], { encoding: 'utf8' }),
  ).replace(/\s+/g, '')
}

/**
 * One page's lines as `pdftotext -layout` sets them out, each with its whitespace removed: a line of a
 * table of contents reads title then page number.
 */
export function layoutLines(pdf: Uint8Array, page: number): string[] {
  const text = withFile(pdf, (path) =>
    execFileSync(
      'pdftotext',
      ['-layout', '-enc', 'UTF-8', '-f', String(page), '-l', String(page), path, '-'],
      {
        encoding: 'utf8',
      },
    ),
  )
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ''))
    .filter((line) => line.length > 0)
}

/** A word as pdftotext places it, converted to the document's convention (points, origin bottom-left). */
export type PlacedWord = PageBox & { text: string }

/**
 * Every word pdftotext finds, with its box.
 *
 * @example
 * placedWords(pdf).filter((word) => word.page === 1)
 */
export function placedWords(pdf: Uint8Array): PlacedWord[] {
  const html = withFile(pdf, (path) =>
    execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }),
  )
  const words: PlacedWord[] = []
  let page = 0
  let pageHeight = 0
  for (const line of html.split('\n')) {
    const pageMatch = /<page width="([\d.]+)" height="([\d.]+)">/.exec(line)
    if (pageMatch) {
      page += 1
      pageHeight = Number(pageMatch[2])
      continue
    }
    const wordMatch =
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line)
    if (!wordMatch) continue
    const [, xMin, yMin, xMax, yMax, text = ''] = wordMatch
    words.push({
      page,
      x: Number(xMin),
      y: pageHeight - Number(yMax),
      width: Number(xMax) - Number(xMin),
      height: Number(yMax) - Number(yMin),
      text,
    })
  }
  return words
}

/** Number of pages, read by pdfinfo. */
export function pageCount(pdf: Uint8Array): number {
  const info = withFile(pdf, (path) => execFileSync('pdfinfo', [path], { encoding: 'utf8' }))
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0)
}

/** The document's metadata as pdfinfo reports it, keyed by pdfinfo's field names. */
export function documentInfo(pdf: Uint8Array): Record<string, string> {
  const info = withFile(pdf, (path) => execFileSync('pdfinfo', ['-isodates', path], { encoding: 'utf8' }))
  return Object.fromEntries(
    info
      .split('\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map(([, key = '', value = '']) => [key.trim(), value.trim()]),
  )
}

/**
 * Renders every page as PNG at 60 dpi into the artefact folder (`<name>-<page>.png`) and returns the files.
 *
 * @example
 * renderPages(pdf, 'authorization-letter-unit')
 */
export function renderPages(pdf: Uint8Array, name: string): string[] {
  mkdirSync(artefactDir, { recursive: true })
  writeFileSync(join(artefactDir, `${name}.pdf`), pdf)
  const isPage = (file: string) =>
    file.startsWith(`${name}-`) && /^\d+\.png$/.test(file.slice(name.length + 1))
  for (const file of readdirSync(artefactDir).filter(isPage)) rmSync(join(artefactDir, file))
  withFile(pdf, (path) => execFileSync('pdftoppm', ['-png', '-r', '60', path, join(artefactDir, name)]))
  return readdirSync(artefactDir)
    .filter(isPage)
    .sort()
    .map((file) => join(artefactDir, file))
}

/** Whether two boxes on the same page share any area. */
export function overlaps(a: PageBox, b: PageBox): boolean {
  return (
    a.page === b.page &&
    a.x < b.x + b.width &&
    b.x < a.x + a.width &&
    a.y < b.y + b.height &&
    b.y < a.y + a.height
  )
}

/** A font as pdffonts lists it. */
export type EmbeddedFont = { name: string; embedded: boolean; subset: boolean; unicode: boolean }

/**
 * The fonts of a document as pdffonts reports them: whether each is embedded, subset, and mapped to
 * Unicode (so its text can be copied and searched).
 */
export function embeddedFonts(pdf: Uint8Array): EmbeddedFont[] {
  const listing = withFile(pdf, (path) => execFileSync('pdffonts', [path], { encoding: 'utf8' }))
  return listing
    .split('\n')
    .slice(2)
    .filter((line) => line.trim().length > 0)
    .map((line) => {
      const columns = line.trim().split(/\s+/)
      // name, type words…, encoding, emb, sub, uni, object id, generation
      const [uni, sub, emb] = columns.slice(-5, -2).reverse()
      return {
        name: columns[0] ?? '',
        embedded: emb === 'yes',
        subset: sub === 'yes',
        unicode: uni === 'yes',
      }
    })
}

/**
 * The boxes of a document's fields that some word overlaps, with the words; empty when every box is clear.
 *
 * @example
 * expect(boxesCoveredByText(pdf, positions.localConfig.fields)).toEqual([])
 */
export function boxesCoveredByText(pdf: Uint8Array, boxes: Array<PageBox & { name: string }>): string[] {
  const words = placedWords(pdf)
  return boxes.flatMap((box) =>
    words.filter((word) => overlaps(word, box)).map((word) => `${box.name} covers “${word.text}”`),
  )
}
