import { describe, expect, it } from 'vitest'
import { corruptPdf, xrefBombPdf, zeroPng } from '../../test/payload-bombs.ts'
import { PdfVerifyError, verifyPdf } from '../verify/verify-pdf.ts'
import { PdfFile } from './pdf-file.ts'
import { PdfLimitError } from './pdf-limits.ts'
import { PdfSyntaxError } from './pdf-syntax.ts'
import { pngToPdfImage, UnsupportedPngError } from './png-image.ts'
import { PdfSignError } from './sign-errors.ts'
import { prepareSignature } from './sign-pdf.ts'

const timed = <T>(work: () => T) => {
  const started = performance.now()
  try {
    return { error: undefined as unknown, ms: performance.now() - started, value: work() }
  } catch (error) {
    return { error, ms: performance.now() - started }
  }
}

describe('decompression and pixel caps', () => {
  const bomb = xrefBombPdf()
  const appearance = { page: 1, rect: { x: 10, y: 10, width: 50, height: 50 }, image: zeroPng(4, 4, 4) }

  it('stops inflating an xref stream that would grow to 1 GB, within a second', () => {
    const { error, ms } = timed(() => new PdfFile(bomb))
    expect(error).toBeInstanceOf(PdfLimitError)
    expect(ms).toBeLessThan(1_000)
  })

  it('reads a small xref stream of the same shape', () => {
    const file = new PdfFile(xrefBombPdf(1024 * 1024))
    expect(file.resolveDict(file.trailer.entries.get('Root'))?.entries.has('Pages')).toBe(true)
  })

  it('says why a bomb or a corrupt file cannot be signed, whatever object the corruption sits in', () => {
    expect(timed(() => prepareSignature({ pdf: bomb, appearance, contentsBytes: 8192 })).error).toMatchObject({ code: 'PDF_TOO_LARGE' })
    const corrupt = timed(() => prepareSignature({ pdf: corruptPdf(), appearance, contentsBytes: 8192 })).error
    expect(corrupt).toBeInstanceOf(PdfSignError)
    expect(corrupt).toMatchObject({ code: 'UNREADABLE_PDF' })
  })

  it('verifies neither: a bomb is a PdfLimitError, a corrupt catalog a PdfVerifyError', async () => {
    await expect(verifyPdf(bomb, { trustedRoots: [] })).rejects.toBeInstanceOf(PdfLimitError)
    await expect(verifyPdf(corruptPdf(), { trustedRoots: [] })).rejects.toBeInstanceOf(PdfVerifyError)
  })

  it('refuses an xref table that claims more entries than the file can hold, without looping over them', () => {
    const text = '%PDF-1.4\nxref\n0 1000000000\ntrailer\n<< /Size 1 >>\nstartxref\n9\n%%EOF\n'
    const { error, ms } = timed(() => new PdfFile(Buffer.from(text, 'latin1')))
    expect(error).toBeInstanceOf(PdfSyntaxError)
    expect(ms).toBeLessThan(100)
  })

  it('refuses a 10000×10000 PNG on its header, before inflating it', () => {
    const { error, ms } = timed(() => pngToPdfImage(zeroPng(10_000, 10_000, 4)))
    expect(error).toBeInstanceOf(UnsupportedPngError)
    expect(ms).toBeLessThan(100)
  })
})
