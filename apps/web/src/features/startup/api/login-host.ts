import type { HostLoginBody, LoginResult } from '@seal/shared/api/auth'
import { post } from '../../../lib/request/request.ts'

/** POST /auth/login/host: a host channel's signed login assertion, exchanged for our session. */
export function loginByHostAssertion(body: HostLoginBody) {
  return post<LoginResult>('/auth/login/host', body, { silent: true })
}
