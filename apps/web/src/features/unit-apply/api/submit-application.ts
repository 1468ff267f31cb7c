import type { ApplyStatus } from '@seal/shared/codes/apply-status'
import { post } from '../../../lib/request/request.ts'

/** POST /seal-apply/apply/submit {id}. Silent: 网络异常 / the server's message / 提交失败 are said by the screen. */
export function submitApplication(id: string) {
  return post<{ id: string; applyStatus: ApplyStatus }>('/seal-apply/apply/submit', { id }, { silent: true })
}
