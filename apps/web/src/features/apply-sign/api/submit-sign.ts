import type { z } from 'zod'
import type { submitSignBody, UnitApplicationDetail } from '@seal/shared/api/unit-apply'
import { post } from '../../../lib/request/request.ts'

/**
 * POST /seal-apply/apply/submitSign {applyId, signatureId, smsCode}: every document signed with the legal
 * representative's handwriting, confirmed by the SMS code; answers the application with its signed files.
 */
export function submitSign(body: z.infer<typeof submitSignBody>) {
  return post<UnitApplicationDetail>('/seal-apply/apply/submitSign', body)
}
