import type { OlderSaveBody } from '@seal/shared/api/older-apply'
import { post } from '../../../lib/request/request.ts'

/**
 * POST /apply/older/save †: steps 1 and 2 stored as the legal representative's application (the draft the unit
 * verification then verifies); answers its id. Silent: step 2 says what failed.
 */
export function saveOlderDraft(body: OlderSaveBody) {
  return post<{ id: string }>('/apply/older/save', body, { silent: true })
}
