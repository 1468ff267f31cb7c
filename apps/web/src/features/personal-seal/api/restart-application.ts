import { post } from '../../../lib/request/request.ts'

/** POST /personSeal/apply/restart †: 重新填写 — the open application is abandoned, step 1 opens a new one. */
export function restartPersonalApplication() {
  return post<null>('/personSeal/apply/restart', {})
}
