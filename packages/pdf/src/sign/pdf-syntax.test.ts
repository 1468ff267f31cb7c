import { describe, expect, it } from 'vitest'
import { decodeTextString, isDict, isRef, isString, PdfLexer, pdfTextString, serializeValue } from './pdf-syntax.ts'

const read = (text: string) => new PdfLexer(new Uint8Array(Buffer.from(text, 'latin1'))).readValue()

describe('PDF syntax', () => {
  it('reads strings with nested parentheses and escapes, hex strings, escaped names and references', () => {
    const value = read('<</T (a\\(b\\) (nested) \\101\\n) /H <FEFF 5F20 4E09> /N#20x 1 /R 12 0 R /A [1 -2.5 /X]>>')
    expect(isDict(value)).toBe(true)
    if (!isDict(value)) return
    const t = value.entries.get('T')
    expect(isString(t) && t.bytes).toBe('a(b) (nested) A\n')
    const h = value.entries.get('H')
    expect(isString(h) && decodeTextString(h)).toBe('张三')
    expect(value.entries.has('N x')).toBe(true)
    const r = value.entries.get('R')
    expect(isRef(r) && [r.num, r.gen]).toEqual([12, 0])
    expect(value.entries.get('A')).toEqual([1, -2.5, { kind: 'name', name: 'X' }])
  })

  it('writes a dictionary back with its strings exactly as they were', () => {
    const source = '<</T (a\\(b\\))/H <FEFF5F204E09>/N#20x 1/R 12 0 R>>'
    expect(serializeValue(read(source))).toBe(source)
  })

  it('writes Chinese text as a UTF-16 hex string that reads back the same', () => {
    const written = serializeValue(pdfTextString('合同签署（第1次）'))
    expect(written).toMatch(/^<FEFF[0-9A-F]+>$/)
    const back = read(written)
    expect(isString(back) && decodeTextString(back)).toBe('合同签署（第1次）')
  })
})
