import type { MultipleSealOperateBody, OlderSubmissionAnswer } from '@seal/shared/api/older-change'
import { post } from '../../../lib/request/request.ts'

/** POST /paas-composite-seal/seal/apply/update/multipleSealOperate: the signed renewal goes to review. Silent: the page says 请求失败{msg}. */
export function multipleSealOperate(body: MultipleSealOperateBody) {
  return post<OlderSubmissionAnswer>('/paas-composite-seal/seal/apply/update/multipleSealOperate', body, { silent: true })
}
