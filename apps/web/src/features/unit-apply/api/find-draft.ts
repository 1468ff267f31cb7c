import type { z } from 'zod'
import type { findDraftAnswer, findDraftBody } from '@seal/shared/api/unit-apply'
import { post } from '../../../lib/request/request.ts'

/** POST /seal-apply/apply/findDraft †: the caller's open draft of this business type and applicant kind, or null. */
export function findDraft(body: z.input<typeof findDraftBody>) {
  return post<z.infer<typeof findDraftAnswer>>('/seal-apply/apply/findDraft', body, { silent: true })
}
