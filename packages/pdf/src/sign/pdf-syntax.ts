/**
 * The small part of PDF syntax (ISO 32000-1 §7.2–7.3) the signer and the verifier need: objects are read
 * from the file's bytes and written back as text. Strings keep their original token so that a dictionary
 * rewritten in an incremental update says exactly what it said before.
 */

export type PdfName = { kind: 'name'; name: string }
export type PdfRef = { kind: 'ref'; num: number; gen: number }
/** `bytes` are the decoded string bytes (one char per byte); `raw` is the token as written. */
export type PdfString = { kind: 'string'; bytes: string; raw: string }
export type PdfDict = { kind: 'dict'; entries: Map<string, PdfValue> }
/** A stream as found in the file: its dictionary and where its (still encoded) data lies. */
export type PdfStream = { kind: 'stream'; dict: PdfDict; data: Uint8Array }
/** Written verbatim: lets a writer put fixed-width placeholders (ByteRange, Contents) into a dictionary. */
export type PdfRaw = { kind: 'raw'; text: string }
export type PdfValue =
  | null
  | boolean
  | number
  | PdfName
  | PdfRef
  | PdfString
  | PdfDict
  | PdfStream
  | PdfRaw
  | PdfValue[]

export class PdfSyntaxError extends Error {
  constructor(message: string, offset: number) {
    super(`${message} at byte ${offset}`)
    this.name = 'PdfSyntaxError'
  }
}

export const pdfName = (name: string): PdfName => ({ kind: 'name', name })
export const pdfRef = (num: number, gen = 0): PdfRef => ({ kind: 'ref', num, gen })
export const pdfRaw = (text: string): PdfRaw => ({ kind: 'raw', text })
export function pdfDict(entries: Record<string, PdfValue | undefined>): PdfDict {
  const map = new Map<string, PdfValue>()
  for (const [key, value] of Object.entries(entries)) if (value !== undefined) map.set(key, value)
  return { kind: 'dict', entries: map }
}

/** An ASCII literal string, e.g. a PDF date or a field name. */
export function pdfAsciiString(text: string): PdfString {
  const raw = `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`
  return { kind: 'string', bytes: text, raw }
}

/**
 * A text string as UTF-16BE with a byte-order mark, written in hex: Chinese text in a literal string
 * would put arbitrary bytes (including unbalanced parentheses) into a dictionary.
 */
export function pdfTextString(text: string): PdfString {
  let bytes = '\u00fe\u00ff'
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    bytes += String.fromCharCode(unit >> 8, unit & 0xff)
  }
  return { kind: 'string', bytes, raw: `<${latin1ToHex(bytes).toUpperCase()}>` }
}

/** Decodes a PDF text string (UTF-16BE with BOM, UTF-8 with BOM, or PDFDocEncoding treated as Latin-1). */
export function decodeTextString(value: PdfString): string {
  const b = value.bytes
  if (b.startsWith('\u00fe\u00ff')) {
    let text = ''
    for (let i = 2; i + 1 < b.length; i += 2) text += String.fromCharCode((b.charCodeAt(i) << 8) | b.charCodeAt(i + 1))
    return text
  }
  if (b.startsWith('\u00ef\u00bb\u00bf')) return Buffer.from(b.slice(3), 'latin1').toString('utf8')
  return b
}

export const isDict = (v: PdfValue | undefined): v is PdfDict => typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'dict'
export const isStream = (v: PdfValue | undefined): v is PdfStream => typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'stream'
export const isRef = (v: PdfValue | undefined): v is PdfRef => typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'ref'
export const isName = (v: PdfValue | undefined, name?: string): v is PdfName =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'name' && (name === undefined || v.name === name)
export const isString = (v: PdfValue | undefined): v is PdfString => typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'string'

export function latin1ToHex(bytes: string): string {
  return Buffer.from(bytes, 'latin1').toString('hex')
}

const WHITESPACE = new Uint8Array(256)
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITESPACE[c] = 1
const DELIMITER = new Uint8Array(256)
for (const c of '()<>[]{}/%') DELIMITER[c.charCodeAt(0)] = 1

const isRegular = (c: number) => WHITESPACE[c] === 0 && DELIMITER[c] === 0

/** A cursor over the file's bytes that reads PDF tokens and objects. */
export class PdfLexer {
  pos: number
  constructor(
    readonly bytes: Uint8Array,
    pos = 0,
  ) {
    this.pos = pos
  }

  skipWhitespace(): void {
    const b = this.bytes
    while (this.pos < b.length) {
      const c = b[this.pos]!
      if (WHITESPACE[c]) this.pos++
      else if (c === 0x25 /* % */) {
        while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++
      } else break
    }
  }

  /** The next regular token (keyword or number) without consuming it, or '' at a delimiter. */
  peekWord(): string {
    this.skipWhitespace()
    let end = this.pos
    while (end < this.bytes.length && isRegular(this.bytes[end]!)) end++
    return latin1(this.bytes, this.pos, end)
  }

  readWord(): string {
    const word = this.peekWord()
    this.pos += word.length
    return word
  }

  expectWord(word: string): void {
    const start = this.pos
    const found = this.readWord()
    if (found !== word) throw new PdfSyntaxError(`expected "${word}", found "${found}"`, start)
  }

  /** Reads one direct object; `a b R` becomes a reference. */
  readValue(): PdfValue {
    this.skipWhitespace()
    const b = this.bytes
    const start = this.pos
    const c = b[this.pos]
    if (c === undefined) throw new PdfSyntaxError('unexpected end of file', start)
    if (c === 0x2f /* / */) return this.readName()
    if (c === 0x28 /* ( */) return this.readLiteralString()
    if (c === 0x3c /* < */) {
      if (b[this.pos + 1] === 0x3c) return this.readDict()
      return this.readHexString()
    }
    if (c === 0x5b /* [ */) {
      this.pos++
      const items: PdfValue[] = []
      for (;;) {
        this.skipWhitespace()
        if (b[this.pos] === 0x5d) {
          this.pos++
          return items
        }
        if (this.pos >= b.length) throw new PdfSyntaxError('unterminated array', start)
        items.push(this.readValue())
      }
    }
    const word = this.readWord()
    if (word === '') throw new PdfSyntaxError(`unexpected character "${String.fromCharCode(c)}"`, start)
    if (word === 'true') return true
    if (word === 'false') return false
    if (word === 'null') return null
    const number = Number(word)
    if (Number.isNaN(number)) throw new PdfSyntaxError(`unexpected keyword "${word}"`, start)
    if (/^\d+$/.test(word)) {
      // A reference is "num gen R": look ahead without committing.
      const after = this.pos
      const gen = this.peekWord()
      if (/^\d+$/.test(gen)) {
        this.pos += gen.length
        if (this.peekWord() === 'R') {
          this.pos += 1
          return pdfRef(number, Number(gen))
        }
      }
      this.pos = after
    }
    return number
  }

  private readName(): PdfName {
    const b = this.bytes
    let end = ++this.pos
    while (end < b.length && isRegular(b[end]!)) end++
    const raw = latin1(b, this.pos, end)
    this.pos = end
    return pdfName(raw.includes('#') ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : raw)
  }

  private readDict(): PdfDict {
    const start = this.pos
    this.pos += 2
    const entries = new Map<string, PdfValue>()
    for (;;) {
      this.skipWhitespace()
      const b = this.bytes
      if (b[this.pos] === 0x3e && b[this.pos + 1] === 0x3e) {
        this.pos += 2
        return { kind: 'dict', entries }
      }
      if (b[this.pos] !== 0x2f) throw new PdfSyntaxError('expected a name as dictionary key', this.pos)
      if (this.pos >= b.length) throw new PdfSyntaxError('unterminated dictionary', start)
      const key = this.readName().name
      entries.set(key, this.readValue())
    }
  }

  private readHexString(): PdfString {
    const b = this.bytes
    const start = this.pos
    const end = b.indexOf(0x3e, start)
    if (end < 0) throw new PdfSyntaxError('unterminated hex string', start)
    this.pos = end + 1
    let hex = latin1(b, start + 1, end).replace(/[^0-9a-fA-F]/g, '')
    if (hex.length % 2) hex += '0'
    return { kind: 'string', bytes: Buffer.from(hex, 'hex').toString('latin1'), raw: latin1(b, start, end + 1) }
  }

  private readLiteralString(): PdfString {
    const b = this.bytes
    const start = this.pos
    let depth = 0
    let out = ''
    let i = start
    for (; i < b.length; i++) {
      const c = b[i]!
      if (c === 0x5c /* \ */) {
        const n = b[++i]
        if (n === undefined) break
        if (n >= 0x30 && n <= 0x37) {
          let octal = n - 0x30
          for (let k = 0; k < 2 && b[i + 1]! >= 0x30 && b[i + 1]! <= 0x37; k++) octal = octal * 8 + (b[++i]! - 0x30)
          out += String.fromCharCode(octal & 0xff)
        } else if (n === 0x0d) {
          if (b[i + 1] === 0x0a) i++
        } else if (n !== 0x0a) {
          out += ESCAPES[n] ?? String.fromCharCode(n)
        }
        continue
      }
      if (c === 0x28) {
        if (depth++ === 0) continue
      } else if (c === 0x29) {
        if (--depth === 0) break
      }
      out += String.fromCharCode(c)
    }
    if (depth !== 0) throw new PdfSyntaxError('unterminated string', start)
    this.pos = i + 1
    return { kind: 'string', bytes: out, raw: latin1(b, start, i + 1) }
  }
}

const ESCAPES: Record<number, string> = { 0x6e: '\n', 0x72: '\r', 0x74: '\t', 0x62: '\b', 0x66: '\f' }

export function latin1(bytes: Uint8Array, start: number, end: number): string {
  // String.fromCharCode over a subarray is quicker than Buffer for the short tokens read here.
  if (end - start < 64) return String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[])
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1')
}

/** Serialises a value as PDF text (Latin-1: one char per byte). Streams cannot be serialised here. */
export function serializeValue(value: PdfValue): string {
  if (value === null) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') return formatNumber(value)
  if (Array.isArray(value)) return `[${value.map(serializeValue).join(' ')}]`
  switch (value.kind) {
    case 'name':
      return `/${encodeName(value.name)}`
    case 'ref':
      return `${value.num} ${value.gen} R`
    case 'string':
      return value.raw
    case 'raw':
      return value.text
    case 'dict': {
      let text = '<<'
      for (const [key, item] of value.entries) text += `/${encodeName(key)} ${serializeValue(item)}`
      return `${text}>>`
    }
    case 'stream':
      throw new Error('a stream is written with its data, not as a direct value')
  }
}

export function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n)
  return n.toFixed(4).replace(/\.?0+$/, '')
}

function encodeName(name: string): string {
  let out = ''
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i)
    out += c > 0x20 && c < 0x7f && c !== 0x23 && isRegular(c) ? name[i] : `#${c.toString(16).padStart(2, '0')}`
  }
  return out
}
