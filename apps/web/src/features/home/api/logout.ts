import { post } from '../../../lib/request/request.ts'

/** POST /auth/logout: ends this session on the server (its token no longer works). */
export function logout() {
  return post<null>('/auth/logout', {}, { silent: true })
}
