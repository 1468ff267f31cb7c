import { z } from 'zod'

/**
 * The agreements of the enterprise application entry (spec 001 §2 "Entry and guides"): each has a page
 * at /seal-apply/{agreementKey}; GET /seal-apply/apply/agreement/list names them.
 */
export const agreementKeys = ['apply-use-argument', 'privacy-argument', 'apply-digit-argument', 'seal-service-argument'] as const
export type AgreementKey = (typeof agreementKeys)[number]

export const agreementListItem = z.object({ agreementKey: z.string(), agreementTitle: z.string() })
export type AgreementListItem = z.infer<typeof agreementListItem>

/** GET /seal-apply/apply/agreement/{agreementKey} †: the text, clause by clause. */
export const agreementTextShape = z.object({
  agreementKey: z.string(),
  title: z.string(),
  preamble: z.string(),
  clauses: z.array(z.object({ heading: z.string(), items: z.array(z.string()) })),
  closing: z.string(),
})
export type AgreementTextShape = z.infer<typeof agreementTextShape>
