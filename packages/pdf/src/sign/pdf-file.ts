import {
  isDict,
  isName,
  isRef,
  isStream,
  latin1,
  PdfLexer,
  PdfSyntaxError,
  type PdfDict,
  type PdfStream,
  type PdfValue,
} from './pdf-syntax.ts'
import { InflateBudget } from './pdf-limits.ts'

/** Where an object lives: at a byte offset, or as the index-th object of an object stream. */
type XrefEntry =
  | { type: 'free' }
  | { type: 'offset'; offset: number; gen: number }
  | { type: 'compressed'; stream: number; index: number }

/** One cross-reference section as written (a table or a stream), newest first in `PdfFile.sections`. */
export type XrefSection = { offset: number; kind: 'table' | 'stream'; trailer: PdfDict }

/**
 * Random access to the objects of a PDF without loading the document: the cross-reference data is read
 * from `startxref` back through every `/Prev` (classic tables, xref streams, and hybrid files with
 * `/XRefStm`), and objects are parsed only when asked for. This is what lets a signature be appended to a
 * large document in a few milliseconds.
 */
export class PdfFile {
  /** The newest trailer (for an xref stream, its dictionary). */
  readonly trailer: PdfDict
  /** Every xref section, newest first. */
  readonly sections: XrefSection[] = []
  private readonly entries = new Map<number, XrefEntry>()
  private readonly objects = new Map<number, PdfValue>()
  private readonly objectStreams = new Map<number, { offsets: number[]; numbers: number[]; data: Uint8Array; first: number }>()
  /** Every stream inflated from this file counts against one budget (pdf-limits.ts). */
  readonly inflateBudget = new InflateBudget()

  constructor(readonly bytes: Uint8Array) {
    const start = findStartXref(bytes)
    const seen = new Set<number>()
    let offset: number | undefined = start
    while (offset !== undefined && !seen.has(offset)) {
      seen.add(offset)
      const section = this.readSection(offset)
      this.sections.push(section)
      const prev = section.trailer.entries.get('Prev')
      offset = typeof prev === 'number' ? prev : undefined
    }
    const newest = this.sections[0]
    if (!newest) throw new PdfSyntaxError('no cross-reference section', start)
    this.trailer = newest.trailer
  }

  /** One more than the highest object number in use: where new objects start. */
  get size(): number {
    const declared = this.trailer.entries.get('Size')
    let max = typeof declared === 'number' ? declared : 0
    for (const num of this.entries.keys()) max = Math.max(max, num + 1)
    return max
  }

  /** The generation number an object keeps when it is rewritten. */
  generationOf(num: number): number {
    const entry = this.entries.get(num)
    return entry?.type === 'offset' ? entry.gen : 0
  }

  /** Follows a reference (and only that); other values come back as they are. */
  resolve(value: PdfValue | undefined): PdfValue | undefined {
    if (!isRef(value)) return value
    return this.getObject(value.num)
  }

  /** A dictionary, or the dictionary of a stream, behind a value or reference. */
  resolveDict(value: PdfValue | undefined): PdfDict | undefined {
    const resolved = this.resolve(value)
    if (isStream(resolved)) return resolved.dict
    return isDict(resolved) ? resolved : undefined
  }

  getObject(num: number): PdfValue | undefined {
    if (this.objects.has(num)) return this.objects.get(num)
    const entry = this.entries.get(num)
    let value: PdfValue | undefined
    if (entry?.type === 'offset') value = this.parseObjectAt(entry.offset, num).value
    else if (entry?.type === 'compressed') value = this.readFromObjectStream(entry.stream, entry.index)
    if (value !== undefined) this.objects.set(num, value)
    return value
  }

  /** Parses `num gen obj … endobj` at an offset; a stream's data is a view into the file. */
  parseObjectAt(offset: number, expected?: number): { num: number; gen: number; value: PdfValue } {
    const lexer = new PdfLexer(this.bytes, offset)
    const num = Number(lexer.readWord())
    const gen = Number(lexer.readWord())
    lexer.expectWord('obj')
    if (expected !== undefined && num !== expected) throw new PdfSyntaxError(`expected object ${expected}, found ${num}`, offset)
    const value = lexer.readValue()
    if (!isDict(value) || lexer.peekWord() !== 'stream') return { num, gen, value }
    lexer.pos += 6
    const b = this.bytes
    if (b[lexer.pos] === 0x0d) lexer.pos++
    if (b[lexer.pos] === 0x0a) lexer.pos++
    const dataStart = lexer.pos
    const length = this.resolve(value.entries.get('Length'))
    let dataEnd = typeof length === 'number' ? dataStart + length : -1
    if (dataEnd < 0 || !startsWithAt(b, skipEol(b, dataEnd), 'endstream')) {
      // A wrong /Length: fall back to the endstream keyword, as every reader does.
      const found = indexOfAscii(b, 'endstream', dataStart)
      if (found < 0) throw new PdfSyntaxError('stream without endstream', dataStart)
      dataEnd = found
      while (dataEnd > dataStart && (b[dataEnd - 1] === 0x0a || b[dataEnd - 1] === 0x0d)) dataEnd--
    }
    const stream: PdfStream = { kind: 'stream', dict: value, data: b.subarray(dataStart, dataEnd) }
    return { num, gen, value: stream }
  }

  private readSection(offset: number): XrefSection {
    const lexer = new PdfLexer(this.bytes, offset)
    if (lexer.peekWord() === 'xref') return this.readTable(lexer, offset)
    const { value } = this.parseObjectAt(offset)
    if (!isStream(value) || !isName(value.dict.entries.get('Type'), 'XRef'))
      throw new PdfSyntaxError('startxref does not point at a cross-reference section', offset)
    this.addStreamEntries(value)
    return { offset, kind: 'stream', trailer: value.dict }
  }

  private readTable(lexer: PdfLexer, offset: number): XrefSection {
    lexer.expectWord('xref')
    const b = this.bytes
    for (;;) {
      const word = lexer.peekWord()
      if (word === 'trailer') break
      const first = Number(lexer.readWord())
      const count = Number(lexer.readWord())
      if (!Number.isInteger(first) || !Number.isInteger(count)) throw new PdfSyntaxError('bad xref subsection', lexer.pos)
      // Each entry takes at least 19 bytes: a count the file cannot hold is a lie, not a loop to run.
      if (count < 0 || lexer.pos + count * 19 > b.length) throw new PdfSyntaxError('xref subsection longer than the file', lexer.pos)
      lexer.skipWhitespace()
      for (let i = 0; i < count; i++) {
        // Entries are 20 bytes, but some writers use a one-byte end of line: read by words.
        const at = lexer.pos
        const entryOffset = Number(latin1(b, at, at + 10))
        const gen = Number(latin1(b, at + 11, at + 16))
        const type = b[at + 17]
        lexer.pos = at + 18
        lexer.skipWhitespace()
        const num = first + i
        if (this.entries.has(num)) continue
        if (type === 0x6e /* n */) this.entries.set(num, { type: 'offset', offset: entryOffset, gen })
        else this.entries.set(num, { type: 'free' })
      }
    }
    lexer.expectWord('trailer')
    const trailer = lexer.readValue()
    if (!isDict(trailer)) throw new PdfSyntaxError('trailer is not a dictionary', lexer.pos)
    // Hybrid files: the table's own entries win, then the hidden xref stream, then /Prev.
    const xrefStm = trailer.entries.get('XRefStm')
    if (typeof xrefStm === 'number') {
      const { value } = this.parseObjectAt(xrefStm)
      if (isStream(value)) this.addStreamEntries(value)
    }
    return { offset, kind: 'table', trailer }
  }

  private addStreamEntries(stream: PdfStream): void {
    const dict = stream.dict.entries
    const widths = (dict.get('W') as number[] | undefined) ?? []
    const [w0 = 1, w1 = 0, w2 = 0] = widths
    const size = Number(dict.get('Size') ?? 0)
    const index = (dict.get('Index') as number[] | undefined) ?? [0, size]
    const data = decodeStream(stream, this)
    const rowLength = w0 + w1 + w2
    let row = 0
    for (let i = 0; i + 1 < index.length; i += 2) {
      const first = index[i]!
      const count = index[i + 1]!
      for (let k = 0; k < count; k++, row++) {
        const at = row * rowLength
        if (at + rowLength > data.length) return
        const type = w0 === 0 ? 1 : readInt(data, at, w0)
        const a = readInt(data, at + w0, w1)
        const c = readInt(data, at + w0 + w1, w2)
        const num = first + k
        if (this.entries.has(num)) continue
        if (type === 1) this.entries.set(num, { type: 'offset', offset: a, gen: c })
        else if (type === 2) this.entries.set(num, { type: 'compressed', stream: a, index: c })
        else this.entries.set(num, { type: 'free' })
      }
    }
  }

  private readFromObjectStream(streamNum: number, index: number): PdfValue | undefined {
    let objStm = this.objectStreams.get(streamNum)
    if (!objStm) {
      const stream = this.getObject(streamNum)
      if (!isStream(stream)) return undefined
      const data = decodeStream(stream, this)
      const n = Number(stream.dict.entries.get('N') ?? 0)
      const first = Number(stream.dict.entries.get('First') ?? 0)
      // Each header pair takes at least 4 bytes.
      if (!Number.isInteger(n) || n < 0 || n * 4 > data.length) throw new PdfSyntaxError('object stream header longer than its data', 0)
      const header = new PdfLexer(data)
      const numbers: number[] = []
      const offsets: number[] = []
      for (let i = 0; i < n; i++) {
        numbers.push(Number(header.readWord()))
        offsets.push(Number(header.readWord()))
      }
      objStm = { numbers, offsets, data, first }
      this.objectStreams.set(streamNum, objStm)
    }
    const at = objStm.offsets[index]
    if (at === undefined) return undefined
    return new PdfLexer(objStm.data, objStm.first + at).readValue()
  }
}

/**
 * The stream's data with its filters undone (FlateDecode with PNG predictors; enough for xref and object
 * streams), within the file's inflate budget.
 */
export function decodeStream(stream: PdfStream, file?: PdfFile): Uint8Array {
  const filter = file ? file.resolve(stream.dict.entries.get('Filter')) : stream.dict.entries.get('Filter')
  const filters = Array.isArray(filter) ? filter : filter === undefined || filter === null ? [] : [filter]
  let data = stream.data
  const budget = file?.inflateBudget ?? new InflateBudget()
  for (const f of filters) {
    if (!isName(f, 'FlateDecode')) throw new PdfSyntaxError(`unsupported stream filter ${JSON.stringify(f)}`, 0)
    data = budget.inflate(data)
  }
  const params = file ? file.resolveDict(stream.dict.entries.get('DecodeParms')) : undefined
  const predictor = Number(params?.entries.get('Predictor') ?? 1)
  if (predictor >= 10) {
    const columns = Number(params?.entries.get('Columns') ?? 1)
    const colors = Number(params?.entries.get('Colors') ?? 1)
    const bpc = Number(params?.entries.get('BitsPerComponent') ?? 8)
    data = undoPngPredictor(data, Math.ceil((columns * colors * bpc) / 8), Math.max(1, Math.ceil((colors * bpc) / 8)))
  }
  return data
}

/** Reverses PNG row filters (None, Sub, Up, Average, Paeth), each row led by its filter byte. */
export function undoPngPredictor(data: Uint8Array, rowLength: number, bytesPerPixel: number): Uint8Array {
  const rows = Math.floor(data.length / (rowLength + 1))
  const out = new Uint8Array(rows * rowLength)
  for (let r = 0; r < rows; r++) {
    const filter = data[r * (rowLength + 1)]
    const src = r * (rowLength + 1) + 1
    const dst = r * rowLength
    const prev = dst - rowLength
    for (let i = 0; i < rowLength; i++) {
      const x = data[src + i]!
      const a = i >= bytesPerPixel ? out[dst + i - bytesPerPixel]! : 0
      const b = r > 0 ? out[prev + i]! : 0
      let value = x
      if (filter === 1) value = x + a
      else if (filter === 2) value = x + b
      else if (filter === 3) value = x + ((a + b) >> 1)
      else if (filter === 4) {
        const c = r > 0 && i >= bytesPerPixel ? out[prev + i - bytesPerPixel]! : 0
        const p = a + b - c
        const pa = Math.abs(p - a)
        const pb = Math.abs(p - b)
        const pc = Math.abs(p - c)
        value = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
      }
      out[dst + i] = value & 0xff
    }
  }
  return out
}

function readInt(data: Uint8Array, at: number, width: number): number {
  let n = 0
  for (let i = 0; i < width; i++) n = n * 256 + data[at + i]!
  return n
}

/** The offset after the last `startxref` of the file. */
export function findStartXref(bytes: Uint8Array): number {
  const from = Math.max(0, bytes.length - 2048)
  const at = lastIndexOfAscii(bytes, 'startxref', from)
  if (at < 0) throw new PdfSyntaxError('no startxref: not a PDF file, or truncated', bytes.length)
  const lexer = new PdfLexer(bytes, at + 9)
  const offset = Number(lexer.readWord())
  if (!Number.isInteger(offset) || offset < 0 || offset >= bytes.length) throw new PdfSyntaxError('bad startxref offset', at)
  return offset
}

export function indexOfAscii(bytes: Uint8Array, text: string, from = 0): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(text, from, 'latin1')
}

export function lastIndexOfAscii(bytes: Uint8Array, text: string, from = 0): number {
  const at = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf(text, undefined, 'latin1')
  return at >= from ? at : -1
}

function startsWithAt(bytes: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false
  return true
}

function skipEol(bytes: Uint8Array, at: number): number {
  while (bytes[at] === 0x0d || bytes[at] === 0x0a || bytes[at] === 0x20) at++
  return at
}
