import type { z } from 'zod'
import type { signCodeBody } from '@seal/shared/api/unit-apply'
import { post } from '../../../lib/request/request.ts'

/**
 * POST /seal-apply/apply/signCode † {applyId}: an SMS code to the legal representative's phone that confirms
 * the signing. The answer may say when the next code may be asked for.
 */
export function sendSignCode(body: z.infer<typeof signCodeBody>) {
  return post<{ resendAfterSeconds?: number } | null>('/seal-apply/apply/signCode', body)
}
