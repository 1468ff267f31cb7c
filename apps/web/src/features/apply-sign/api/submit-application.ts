import type { z } from 'zod'
import type { submitApplicationAnswer } from '@seal/shared/api/unit-apply'
import { post } from '../../../lib/request/request.ts'

/** POST /seal-apply/apply/submit {id}. Silent: 网络异常 / the server's message / 提交失败 are said by the screen (spec 001 §8). */
export function submitApplication(id: string) {
  return post<z.infer<typeof submitApplicationAnswer>>('/seal-apply/apply/submit', { id }, { silent: true })
}
