import {
  binarised,
  deskewed,
  estimateSkew,
  flattened,
  inkMask,
  inkShare,
  likelyTurns,
  loadGrey,
  region,
  type Grey,
  type QuarterTurn,
} from './ocr-image.ts'
import { readLines, type OcrLine, type TesseractOptions } from './ocr-tesseract.ts'
import { OcrFailure } from './ocr-types.ts'

/**
 * Recognition with tesseract. The picture is levelled (its skew found from the rows of text) and rendered
 * two ways, evened-out grey and an adaptive black-and-white; each rendering is read whole with the Chinese
 * model, and each field's line again on its own (digits-only for numbers, at two sizes for names).
 *
 * A field is taken only when two independent readings give the same value, on top of its own check
 * (ID checksum and printed birth date, credit-code checksum, a validity period the card rules allow).
 * Reading stops as soon as that happens, so a clear picture costs one page read and a few line reads.
 */

/** Less ink than this (share of pixels) is a blank picture: nothing to read, no tesseract run. */
const MIN_INK_SHARE = 0.002

export type Rendering = { png: Buffer; lines: OcrLine[]; text: string }

/** A picture ready to read: its renderings, each made and read once, when first asked for. */
export type Page = { width: number; renderings: (() => Promise<Rendering>)[] }

async function preparePage(image: Buffer, width: number, turn: QuarterTurn): Promise<Page> {
  let grey: Grey
  try {
    grey = await loadGrey(image, width, turn)
  } catch {
    throw new OcrFailure('unreadable', 'the picture cannot be decoded')
  }
  const mask = await inkMask(grey)
  if (inkShare(mask) < MIN_INK_SHARE) throw new OcrFailure('unreadable', 'the picture is blank')
  const level = await deskewed(grey, estimateSkew(mask, grey.width, grey.height))
  return {
    width: level.width,
    renderings: [
      once(() => readRendering(flattened(level))),
      once(() => readRendering(binarised(level, 32))),
    ],
  }
}

/**
 * Reads the picture the most likely way up, and the other likely way when nothing could be read (a card
 * photographed upside down or with the phone upright). A blank picture or the wrong side is said at once.
 */
export async function readTurned<T>(
  image: Buffer,
  options: { width: number; portraitDocument?: boolean },
  read: (page: Page) => Promise<T>,
): Promise<T> {
  let turns: QuarterTurn[]
  try {
    turns = await likelyTurns(image, options)
  } catch {
    throw new OcrFailure('unreadable', 'the picture cannot be decoded')
  }
  let failure: unknown
  for (const turn of turns) {
    const page = await preparePage(image, options.width, turn)
    try {
      return await read(page)
    } catch (error) {
      if (!(error instanceof OcrFailure) || error.reason !== 'unreadable') throw error
      failure = error
    }
  }
  throw failure
}

async function readRendering(picture: Promise<Buffer>): Promise<Rendering> {
  const png = await picture
  const lines = await readLines(png, { language: 'chi_sim', psm: 6 })
  return { png, lines, text: lines.map((l) => l.text).join('\n') }
}

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => (made ??= make())
}

/** A value read once; `weight` 1 when the reading is sure of it, less when tesseract doubted some of it. */
export type Reading = { value: string; weight: number } | string | undefined
export type Reader = () => Promise<Reading>

/** Runs the readers one after another until some value has been read twice (by weight), and gives it. */
export async function agreedReading(readers: Reader[]): Promise<string | undefined> {
  const votes = new Map<string, number>()
  for (const read of readers) {
    const reading = await read()
    if (!reading) continue
    const { value, weight } = typeof reading === 'string' ? { value: reading, weight: 1 } : reading
    const total = (votes.get(value) ?? 0) + weight
    if (total >= 2) return value
    votes.set(value, total)
  }
  return undefined
}

const squeezed = (text: string) => text.replace(/\s+/g, '')

export type Strip = TesseractOptions & { scale?: number; toRightEdge?: boolean }

/** Reads one line of a rendering again on its own, optionally resized, with the given model. */
async function readStrip(
  rendering: Rendering,
  line: OcrLine,
  strip: Strip,
  pageWidth: number,
): Promise<OcrLine[]> {
  const pad = line.height * 0.4
  const left = line.left - pad
  const width = strip.toRightEdge ? pageWidth - left : line.width + 2 * pad
  const picture = await region(
    rendering.png,
    { left, top: line.top - pad, width, height: line.height + 2 * pad },
    strip.scale ?? 1,
  )
  return readLines(picture, strip)
}

/**
 * The readings of one field: the whole page in each rendering, and the field's line again on its own in
 * each given way. `pagesFirst` reads every rendering's page before any line, for fields whose line
 * reading is no more independent of its page than another rendering is (Chinese text, same model).
 */
export function readersOf(
  page: Page,
  field: {
    /** The field's value in some lines of text, checked, or undefined. */
    read: (lines: OcrLine[]) => Reading
    line: (rendering: Rendering) => OcrLine | undefined
    strips: Strip[]
    pagesFirst?: boolean
  },
): Reader[] {
  const pageReaders = page.renderings.map((rendering) => async () => field.read((await rendering()).lines))
  const stripReaders = page.renderings.map((rendering) =>
    field.strips.map((strip) => async () => {
      const r = await rendering()
      const line = field.line(r)
      return line ? field.read(await readStrip(r, line, strip, page.width)) : undefined
    }),
  )
  if (field.pagesFirst) return [...pageReaders, ...stripReaders.flat()]
  return pageReaders.flatMap((reader, i) => [reader, ...(stripReaders[i] ?? [])])
}

export const findLine = (rendering: Rendering, pattern: RegExp) =>
  rendering.lines.find((l) => pattern.test(squeezed(l.text)))

/** The part of a line covered by its words that match, as a line of its own (a code beside a title). */
export function wordsOf(line: OcrLine | undefined, pattern: RegExp): OcrLine | undefined {
  const words = line?.words.filter((w) => pattern.test(w.text))
  if (!words?.length) return undefined
  const left = Math.min(...words.map((w) => w.left))
  const top = Math.min(...words.map((w) => w.top))
  return {
    text: words.map((w) => w.text).join(' '),
    left,
    top,
    width: Math.max(...words.map((w) => w.left + w.width)) - left,
    height: Math.max(...words.map((w) => w.top + w.height)) - top,
    words,
  }
}
export const textOf = (lines: OcrLine[]) => lines.map((l) => l.text).join('\n')
export const pageText = async (page: Page) =>
  textOf((await Promise.all(page.renderings.map((r) => r()))).flatMap((r) => r.lines))

/**
 * Tesseract's confidence in a word it misread is mostly low (a 磊 read as 乔 at 27, as 乱 at 0), though a
 * word read right can be low too: a Chinese value counts as half a reading when any of its characters
 * was this unsure, so such readings must agree more often before the value is taken.
 */
const SURE_WORD_CONFIDENCE = 30

/** For lines that hold one labelled value: the value after the label, weighed by tesseract's confidence. */
export function labelledValue(lines: OcrLine[], read: (texts: string[]) => string | undefined): Reading {
  for (const line of lines) {
    const value = read([line.text])
    if (!value) continue
    const characters = new Set(value)
    const words = line.words.filter((w) => [...w.text].some((c) => characters.has(c)))
    return { value, weight: words.every((w) => w.confidence >= SURE_WORD_CONFIDENCE) ? 1 : 0.5 }
  }
  return undefined
}
