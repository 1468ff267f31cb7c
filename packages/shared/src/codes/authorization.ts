/**
 * Authorization code tables (spec 000 §3, §4, §5). Codes the spec writes as bare numbers are numbers.
 */

/** Per-seal role of the caller. */
export const sealRole = {
  LEGAL_PERSON: 1,
  MANAGER: 2,
  AUTHORIZED_USER: 3,
} as const
export type SealRole = (typeof sealRole)[keyof typeof sealRole]

export const sealRoleLabels: Record<SealRole, string> = {
  1: '法人',
  2: '管理员',
  3: '用章人',
}

/** On the authorization success page role 0 means the authorised person (000 §2). */
export const SUCCESS_PAGE_AUTHORIZED_PERSON_ROLE = 0

/**
 * The role the authorised-person list logic works with: null or 0 counts as the legal person (000 §3).
 *
 * @example
 * effectiveSealRole(null) // 1
 * effectiveSealRole(3) // 3
 */
export function effectiveSealRole(role: number | null | undefined): number {
  return role === null || role === undefined || role === 0 ? sealRole.LEGAL_PERSON : role
}

/** How a seal is used (useType), seal management reading; personal seals allow password only. */
export const useType = {
  SIGNATURE: 1,
  PASSWORD: 2,
  SIGNATURE_AND_PASSWORD: 3,
} as const
export type UseType = (typeof useType)[keyof typeof useType]

/** Chinese labels (our wording: the spec names the methods in English). */
export const useTypeLabels: Record<UseType, string> = {
  1: '签名用章',
  2: '密码用章',
  3: '签名+密码用章',
}

/** The authorization flow's reading of useType: 0 and 1 both mean signature recognition, 4 a binding code. */
export const authorizationUseType = {
  SIGNATURE_RECOGNITION: 1,
  SIGNATURE_RECOGNITION_LEGACY: 0,
  PASSWORD: 2,
  SIGNATURE_AND_PASSWORD: 3,
  BINDING_CODE: 4,
} as const
export type AuthorizationUseType = (typeof authorizationUseType)[keyof typeof authorizationUseType]

/** What an authorization grants (authUseType). */
export const authUseType = {
  USE: 1,
  MANAGE: 2,
} as const
export type AuthUseType = (typeof authUseType)[keyof typeof authUseType]

export const authUseTypeLabels: Record<AuthUseType, string> = {
  1: '授权使用',
  2: '授权管理',
}

/** Who initiates an authorization (authInitiateType). */
export const authInitiateType = {
  COMPANY: 1,
  PERSON: 2,
} as const
export type AuthInitiateType = (typeof authInitiateType)[keyof typeof authInitiateType]

/** Authorization list tabs and authStatus values. */
export const authStatus = {
  AUTHORIZING: 1,
  AUTHORIZED: 2,
  INVALID: 3,
} as const
export type AuthStatus = (typeof authStatus)[keyof typeof authStatus]

/** Tab labels (our wording). */
export const authStatusLabels: Record<AuthStatus, string> = {
  1: '授权中',
  2: '已授权',
  3: '已失效',
}

/** The `scope` configuration: which kinds of authorization the form offers (000 §5). */
export const authorizationScope = {
  USE_ONLY: 0,
  MANAGE_ONLY: 1,
  BOTH: 2,
} as const
export type AuthorizationScope = (typeof authorizationScope)[keyof typeof authorizationScope]

/**
 * The authUseType choices the authorization form offers for a scope and the caller's role (000 §5):
 * a manager (role 2) may only authorise use.
 *
 * @example
 * offeredAuthUseTypes({ scope: 2, role: 1 }) // [1, 2]
 * offeredAuthUseTypes({ scope: 1, role: 2 }) // [1]
 */
export function offeredAuthUseTypes(input: {
  scope: number
  role: number | null | undefined
}): AuthUseType[] {
  const isManager = input.role === sealRole.MANAGER
  if (input.scope === authorizationScope.USE_ONLY || isManager) return [authUseType.USE]
  if (input.scope === authorizationScope.MANAGE_ONLY) return [authUseType.MANAGE]
  return [authUseType.USE, authUseType.MANAGE]
}

/** Use records: userType of the query (000 §7). */
export const useRecordUserType = {
  COMPANY: 1,
  PERSONAL: 2,
} as const

/** sealPlatType sent with authorization and binding calls. */
export const SEAL_PLAT_TYPE = 0

/** Signature samples collected for an authorization (000 §9); the personal seal flow takes 3 (002 §4). */
export const AUTHORIZATION_SIGNATURE_SAMPLES = 5
export const PERSONAL_SEAL_SIGNATURE_SAMPLES = 3
