import { get } from '../../../lib/request/request.ts'

/** GET /seal-apply/apply/delete?id: 删除 of a draft (暂存). */
export function deleteApplication(id: string) {
  return get<unknown>('/seal-apply/apply/delete', { id })
}
