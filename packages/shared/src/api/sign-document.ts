import { z } from 'zod'

/**
 * POST /seal/signDocument †: the seal's holder applies it to one of their uploaded PDFs with the seal
 * password, or an authorised user with their use password and/or a verified signature (what a business
 * platform does for them once bound). Position in PDF points from the page's
 * bottom-left; left out, the seal goes to the bottom right of the page.
 */
export const signDocumentBody = z.object({
  sealId: z.string().min(1, '缺少参数：sealId').max(64),
  /** The seal password (holder), or the authorised user's use password. */
  pin: z.string().max(64).optional(),
  /** An authorised user with the signature use method: a signature just verified (POST /sign/handwriting/save, purpose verify). */
  signatureId: z.string().max(64).optional(),
  fileId: z.string().min(1, '缺少参数：fileId').max(64),
  page: z.number().int('页码必须为整数').min(1, '签章页码超出文档页数').max(100_000).default(1),
  x: z.number().min(0).max(14_400).optional(),
  y: z.number().min(0).max(14_400).optional(),
  remark: z.string().max(200).optional(),
})
export type SignDocumentBody = z.input<typeof signDocumentBody>

export const signedDocument = z.object({ fileId: z.string(), fileName: z.string(), sha256: z.string() })
export type SignedDocument = z.infer<typeof signedDocument>
