import type { Hash } from 'node:crypto'
import type { z } from 'zod'
import { MAX_UPLOAD_BYTES } from '../plugins/upload-limit.ts'
import { sha256Hex } from '../platforms/request-signature.ts'
import { openApiError, openApiErrors } from './errors.ts'
import { RAW_PDF_FIELDS_REQUIRED, type sealDocumentBody, type SealDocumentFields, type sealDocumentQuery } from './schemas.ts'

/**
 * A sealing as the platform sent it (docs/platforms.md "Sealing a document"), in either form: the JSON
 * body with the PDF as base64, or the PDF's own bytes as the body (`Content-Type: application/pdf`) with
 * the other fields in the query. Both forms are checked by the same rules (schemas.ts) and seal alike.
 */
export type SealingAsSent = {
  fields: SealDocumentFields
  /** The PDF's bytes; decoded from base64 only when the sealing runs (a replay never needs them). */
  pdf: () => Uint8Array
  /**
   * What an Idempotency-Key is kept with: the JSON body's SHA-256 (the one signed); for the raw form, the
   * SHA-256 of the signed query and the body's SHA-256, so that another query is another request.
   */
  requestSha256: string
  /** The PDF's running SHA-256 (plugin.ts `pdfHashed`), for the raw form. */
  pdfHashed?: Hash | undefined
}

type SignedSealing = { body: unknown; query: unknown; bodySha256: string | null; signedQuery: string | null; pdfHashed: Hash | null }

/** The sealing in `request`, validated by the route (JSON body, or raw PDF and query). */
export function sealingAsSent(request: SignedSealing): SealingAsSent {
  if (Buffer.isBuffer(request.body)) return rawForm(request.body, request)
  if (typeof request.body === 'object' && request.body !== null) return jsonForm(request.body as z.output<typeof sealDocumentBody>, request.bodySha256!)
  // No body at all: what the JSON form would have said of it.
  throw openApiError('INVALID_REQUEST')
}

function jsonForm(body: z.output<typeof sealDocumentBody>, bodySha256: string): SealingAsSent {
  const { pdf: base64, ...fields } = body
  return {
    fields,
    pdf: () => {
      const pdf = Buffer.from(base64, 'base64')
      if (pdf.length > MAX_UPLOAD_BYTES) throw openApiError('PAYLOAD_TOO_LARGE')
      if (pdf.length === 0) throw openApiError('PDF_INVALID')
      return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.length)
    },
    requestSha256: bodySha256,
  }
}

function rawForm(pdf: Buffer, request: SignedSealing): SealingAsSent {
  const query = request.query as z.output<typeof sealDocumentQuery>
  const missing = RAW_PDF_FIELDS_REQUIRED.find((name) => query[name] === undefined)
  if (missing) throw openApiError('INVALID_REQUEST', `${openApiErrors.INVALID_REQUEST.message}：${missing}`)
  return {
    fields: {
      sealId: query.sealId!,
      fileName: query.fileName!,
      positions: query.positions!,
      timestamp: query.timestamp,
      remark: query.remark,
      businessName: query.businessName,
    },
    pdf: () => {
      if (pdf.length === 0) throw openApiError('PDF_INVALID')
      // The body itself, not a copy: nothing else reads it.
      return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.length)
    },
    requestSha256: sha256Hex(`${request.signedQuery ?? ''}\n${request.bodySha256!}`),
    pdfHashed: request.pdfHashed ?? undefined,
  }
}
