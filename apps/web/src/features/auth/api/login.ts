import type { EnterpriseLoginBody, LoginResult, PersonalLoginBody } from '@seal/shared/api/auth'
import { post } from '../../../lib/request/request.ts'

/** POST /auth/login/personal: phone + SMS code (name and ID number on the first login). */
export function loginPersonal(body: PersonalLoginBody) {
  return post<LoginResult>('/auth/login/personal', body, { silent: true })
}

/** POST /auth/login/enterprise: the unit's credit code and its legal representative's phone + SMS code. */
export function loginEnterprise(body: EnterpriseLoginBody) {
  return post<LoginResult>('/auth/login/enterprise', body, { silent: true })
}
