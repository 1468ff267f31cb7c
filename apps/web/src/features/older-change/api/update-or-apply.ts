import type { OlderSubmissionAnswer, UpdateOrApplyBody } from '@seal/shared/api/older-change'
import { post } from '../../../lib/request/request.ts'

/** POST /apply/multiple/updateOrApply: the signed change goes to review. Silent: the page says 提交失败 or why. */
export function updateOrApply(body: UpdateOrApplyBody) {
  return post<OlderSubmissionAnswer>('/apply/multiple/updateOrApply', body, { silent: true })
}
