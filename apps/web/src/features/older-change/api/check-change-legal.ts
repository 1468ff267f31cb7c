import type { CheckChangeLegalAnswer, CheckChangeLegalBody } from '@seal/shared/api/older-change'
import { post } from '../../../lib/request/request.ts'

/**
 * POST /apply/checkChangeLegal: the unit as typed against the unit on record for the seal: isChange, the
 * change type code (0 nothing changed, 1 legal person with the name seal, 2 legal person, 3 name or region)
 * and the unit's seals in effect.
 */
export function checkChangeLegal(body: CheckChangeLegalBody) {
  return post<CheckChangeLegalAnswer>('/apply/checkChangeLegal', body)
}
