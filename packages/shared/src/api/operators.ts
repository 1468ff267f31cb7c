import { z } from 'zod'
import { operatorRoles } from './operator-roles.ts'

/**
 * The people who run the service (issue #22): named operator accounts with roles, a password and a TOTP
 * second factor, and scoped API keys for automation. Every `/api/admin/*` route declares the roles that may
 * call it (`operatorRoles` in its config); the guard checks them from the matched route.
 */

// The roles and who may call what live apart from the schemas, so a screen that only checks roles needs no zod.
export { operatorRoleNames, operatorRoles, routeRoles, type OperatorRole } from './operator-roles.ts'

/** An operator's login name: letters, digits, dot, dash, underscore; 3–32. */
export const operatorUsername = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,32}$/, '用户名须为3-32位字母、数字或 . _ -')

/**
 * An operator's password: 10–64 characters with at least three kinds among lower-case letters, upper-case
 * letters, digits and symbols (stronger than a seal password's 6–16 of two kinds).
 */
export const OPERATOR_PASSWORD_MIN_LENGTH = 10
export function isOperatorPassword(value: string): boolean {
  if (value.length < OPERATOR_PASSWORD_MIN_LENGTH || value.length > 64 || /\s/.test(value)) return false
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/]
  return kinds.filter((kind) => kind.test(value)).length >= 3
}
export const operatorPasswordMessage = '密码须为10-64位，包含大写字母、小写字母、数字、符号中的至少三种，不含空格'
export const operatorPassword = z.string().refine(isOperatorPassword, operatorPasswordMessage)

/** A six-digit TOTP code. */
export const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '请输入6位动态验证码')

/** POST /admin/session: password, and the code once TOTP is enrolled. */
export const operatorLoginBody = z.object({
  username: operatorUsername,
  password: z.string().min(1, '请输入密码').max(128),
  code: totpCode.optional(),
})

export const operatorSummary = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(operatorRoles)),
  totpEnrolled: z.boolean(),
  disabled: z.boolean(),
  lastLoginAt: z.number().int().nullable(),
  createdAt: z.number().int(),
})
export type OperatorSummary = z.infer<typeof operatorSummary>

/**
 * The session's answer (POST /admin/session). `stage: 'enrol'` is a session that may only change the initial
 * password (`mustChangePassword`) and enrol TOTP, then becomes `'full'`, which may call what the roles allow.
 */
export const operatorSessionAnswer = z.object({
  token: z.string(),
  stage: z.enum(['enrol', 'full']),
  mustChangePassword: z.boolean(),
  /** Idle limit (slid on every call) and absolute end, ms since the epoch. */
  idleUntil: z.number().int(),
  expiresAt: z.number().int(),
  operator: operatorSummary,
})

/** GET /admin/me: the caller, an operator or an API key. */
export const operatorMe = z.object({
  kind: z.enum(['operator', 'apiKey']),
  id: z.string(),
  name: z.string(),
  roles: z.array(z.enum(operatorRoles)),
  stage: z.enum(['enrol', 'full']),
  mustChangePassword: z.boolean(),
})

/**
 * The operator calls (the console's): POST /admin/session (log in), DELETE /admin/session (log out),
 * GET /admin/me, POST /admin/session/password (changePasswordBody), GET /admin/session/totp (totpEnrolment),
 * POST /admin/session/totp (totpConfirmBody → operatorMe, stage 'full'); administrators: GET/POST
 * /admin/operators, PATCH /admin/operators/:id (→ { operator, initialPassword? }), GET/POST /admin/api-keys,
 * DELETE /admin/api-keys/:id (revoke).
 */

/** GET /admin/session/totp: what the authenticator app scans. */
export const totpEnrolment = z.object({ otpauthUri: z.string(), qrSvg: z.string(), secret: z.string() })
export const totpConfirmBody = z.object({ code: totpCode })

export const displayName = z.string().trim().min(1, '请输入姓名').max(30, '姓名不超过30个字')

/** POST /admin/operators (administrator). */
export const createOperatorBody = z.object({
  username: operatorUsername,
  displayName,
  /** The person's ID number: a reviewer never reviews an application he made or is named in. */
  identityNo: z
    .string()
    .trim()
    .regex(/^\d{17}[\dXx]$/, '请输入正确的身份证号')
    .transform((value) => value.toUpperCase()),
  roles: z.array(z.enum(operatorRoles)).min(1, '请至少选择一个角色'),
})
/** The initial password, shown once; the operator changes it at first login. */
export const createOperatorAnswer = z.object({ operator: operatorSummary, initialPassword: z.string() })
export const updateOperatorAnswer = z.object({ operator: operatorSummary, initialPassword: z.string().optional() })
export const operatorList = z.object({ list: z.array(operatorSummary) })
export const apiKeyList = z.object({ list: z.array(z.lazy(() => apiKeySummary)) })

export const updateOperatorBody = z.object({
  displayName: displayName.optional(),
  roles: z.array(z.enum(operatorRoles)).min(1, '请至少选择一个角色').optional(),
  disabled: z.boolean().optional(),
  /** Clears the TOTP secret: the operator enrols again at next login. */
  resetTotp: z.literal(true).optional(),
  /** Issues a new initial password (answered once). */
  resetPassword: z.literal(true).optional(),
})

export const changePasswordBody = z.object({ oldPassword: z.string().min(1).max(128), newPassword: operatorPassword })

export const apiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to recognise it. */
  prefix: z.string(),
  roles: z.array(z.enum(operatorRoles)),
  createdBy: z.string().nullable(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
  revokedAt: z.number().int().nullable(),
})
export type ApiKeySummary = z.infer<typeof apiKeySummary>

export const createApiKeyBody = z.object({
  name: z.string().trim().min(1, '请输入名称').max(40, '名称不超过40个字'),
  roles: z.array(z.enum(operatorRoles)).min(1, '请至少选择一个角色'),
})
/** The key itself is answered here only. */
export const createApiKeyAnswer = z.object({ apiKey: apiKeySummary, key: z.string() })

export const operatorMessages = {
  loginFailed: '用户名或密码错误',
  locked: (minutes: number) => `登录失败次数过多，请${minutes}分钟后再试`,
  codeRequired: '请输入动态验证码',
  codeWrong: '动态验证码错误',
  codeUsed: '该动态验证码已使用，请等待下一个',
  enrolFirst: '请先绑定动态验证码',
  disabled: '账号已停用',
  sessionEnded: '登录已过期，请重新登录',
  usernameTaken: '用户名已存在',
  notYourRole: '当前账号无权执行此操作',
  oldPasswordWrong: '原密码错误',
} as const
