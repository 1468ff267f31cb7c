import { inflateSync } from 'node:zlib'
import { PdfSyntaxError } from './pdf-syntax.ts'

/**
 * How much a PDF may inflate to. Deflate compresses runs of zeros about 1000:1, so a 1 MB upload can
 * declare a 1 GB stream; the signer and verifier only ever inflate xref and object streams (and our own
 * PNGs), which in a real document are a few MB at most.
 */
export const pdfLimits = {
  /** One stream's decompressed bytes. */
  maxStreamBytes: 32 * 1024 * 1024,
  /** All streams of one document together. */
  maxDocumentBytes: 64 * 1024 * 1024,
} as const

/** The document would take more than the limits allow to read: a decompression bomb or a broken file. */
export class PdfLimitError extends Error {
  constructor(detail: string) {
    super(`PDF文件过大或已损坏（${detail}）`)
    this.name = 'PdfLimitError'
  }
}

/** What one document may still inflate; shared by every stream read from it. */
export class InflateBudget {
  private used = 0
  constructor(readonly total: number = pdfLimits.maxDocumentBytes) {}

  /**
   * Inflates `data`, stopping zlib as soon as the output passes the per-stream cap or what is left of the
   * document's budget. Corrupt deflate data is a {@link PdfSyntaxError}.
   *
   * @example
   * const budget = new InflateBudget()
   * const xref = budget.inflate(stream.data) // throws PdfLimitError past 32 MB
   */
  inflate(data: Uint8Array): Uint8Array {
    const cap = Math.min(pdfLimits.maxStreamBytes, this.total - this.used)
    let out: Buffer
    try {
      out = inflateSync(data, { maxOutputLength: Math.max(1, cap) })
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new PdfLimitError(`a stream inflates past ${cap} bytes`)
      throw new PdfSyntaxError(`corrupt compressed stream: ${(error as Error).message}`, 0)
    }
    this.used += out.length
    return out
  }
}
