import type { MultipleSealsBody } from '@seal/shared/api/older-apply'
import { post } from '../../../lib/request/request.ts'

/**
 * POST /apply/multiple/seals: the older wizard's submission (001 §7), by the unit verification's ranId; answers
 * the log id of the result page (the application's id). Silent: step 4 says what failed (网络异常 or the server's
 * words, else 提交失败, 001 §8 "Final submission").
 */
export function submitMultipleSeals(body: MultipleSealsBody) {
  return post<{ logId: string; applyStatus: string }>('/apply/multiple/seals', body, { silent: true })
}
