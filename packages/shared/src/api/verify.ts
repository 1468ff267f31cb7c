import { z } from 'zod'

/**
 * POST /api/verify (issue #3 item 8): a PDF is uploaded; the answer reports every signature in it. Times
 * are epoch milliseconds; `problems` are Chinese sentences a person can read.
 */
export const signatureReport = z.object({
  index: z.number(),
  signer: z.object({
    kind: z.enum(['unit', 'person', 'unknown']),
    /** The certificate's common name: the seal name for a unit seal, the person's name otherwise. */
    commonName: z.string(),
    unitName: z.string().nullable(),
    socialCreditCode: z.string().nullable(),
    sealName: z.string().nullable(),
    sealTypeCode: z.string().nullable(),
    sealCode: z.string().nullable(),
  }),
  signedAt: z.number().nullable(),
  timestampedAt: z.number().nullable(),
  /** Who stamped the time, as a person reads it (the TSA certificate's common name and organisation). */
  timestampAuthority: z.string().nullable(),
  /** The signed bytes are unchanged (the digest matches). */
  documentUnchanged: z.boolean(),
  /** This signature covers the whole file as uploaded. */
  coversWholeDocument: z.boolean(),
  /** Later revisions were appended after this signature (e.g. further seals). */
  modifiedAfter: z.boolean(),
  chain: z.array(z.object({ subject: z.string(), notBefore: z.number(), notAfter: z.number() })),
  chainTrusted: z.boolean(),
  revoked: z.boolean(),
  revokedAt: z.number().nullable(),
  expired: z.boolean(),
  /** The signature held when it was made: intact, trusted, in force at its (timestamped) signing time. */
  valid: z.boolean(),
  /**
   * What the screen says. `valid`: holds and the seal is in force. `revoked`: made while the seal was in
   * force (a trusted timestamp before the revocation), but the seal has since been cancelled, on
   * `revokedAt`. `invalid`: does not hold (see `problems`).
   */
  verdict: z.enum(['valid', 'revoked', 'invalid']),
  problems: z.array(z.string()),
})
export type SignatureReport = z.infer<typeof signatureReport>

export const verifyResult = z.object({
  fileName: z.string(),
  sha256: z.string(),
  signatures: z.array(signatureReport),
})
export type VerifyResult = z.infer<typeof verifyResult>
