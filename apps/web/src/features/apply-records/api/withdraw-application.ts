import { get } from '../../../lib/request/request.ts'

/** GET /seal-apply/apply/withdraw?id: 撤销申请 of an application waiting for review or for the legal representative. */
export function withdrawApplication(id: string) {
  return get<unknown>('/seal-apply/apply/withdraw', { id })
}
