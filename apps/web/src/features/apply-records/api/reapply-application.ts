import type { z } from 'zod'
import type { saveApplicationAnswer } from '@seal/shared/api/unit-apply'
import { post } from '../../../lib/request/request.ts'

/**
 * POST /seal-apply/apply/reapply † {id}: 重新申请 of a failed, withdrawn or refused application. The server
 * copies it into a new draft (the original stays as it was) and answers the draft's id and step.
 */
export function reapplyApplication(id: string) {
  return post<z.infer<typeof saveApplicationAnswer>>('/seal-apply/apply/reapply', { id })
}
