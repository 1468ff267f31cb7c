import type { z } from 'zod'
import type { fourElementsAnswer, fourElementsBody } from '@seal/shared/api/unit-apply'
import { post } from '../../../lib/request/request.ts'

export type VerificationOutcome = z.infer<typeof fourElementsAnswer>

/**
 * POST /apply/fourElementsOfEnterpriseVerification: the unit verification of step 1 (60 s, set in the
 * request module). The envelope is '00' whenever the check ran; its verdict is inside: '00' passed,
 * '40075' offers manual review, anything else failed.
 */
export function verifyEnterprise(body: z.input<typeof fourElementsBody>) {
  return post<VerificationOutcome>('/apply/fourElementsOfEnterpriseVerification', body)
}
