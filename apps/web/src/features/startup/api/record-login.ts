import { post } from '../../../lib/request/request.ts'

export type LoginRecord = { identity: string; name: string; serialNoFace?: string; type: 'face' | 'non-face' }

/** POST /login/record (spec 002 §4 step 4): the login, with or without a face check. */
export function recordLogin(record: LoginRecord) {
  return post<null>('/login/record', record, { silent: true })
}
