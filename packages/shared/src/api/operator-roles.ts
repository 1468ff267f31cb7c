/**
 * The operators' roles and who may call which admin routes (issue #22), apart from the schemas of
 * operators.ts (which re-exports them) so that a screen checking roles loads no zod.
 */

/** Roles an operator or an API key can hold. */
export const operatorRoles = ['admin', 'reviewer', 'platform', 'config', 'auditor'] as const
export type OperatorRole = (typeof operatorRoles)[number]

export const operatorRoleNames: Record<OperatorRole, string> = {
  admin: '系统管理员',
  reviewer: '审核员',
  platform: '平台管理员',
  config: '配置管理员',
  auditor: '审计员',
}

/**
 * Who may call which admin routes, by what they do. Reading is open to the role that does the work, the
 * auditor (read only) and the administrator; changing is the working role's alone (an administrator manages
 * accounts and keys, not reviews or platforms: separation of duties).
 */
export const routeRoles = {
  reviewRead: ['reviewer', 'auditor', 'admin'],
  reviewWrite: ['reviewer'],
  platformRead: ['platform', 'auditor', 'admin'],
  platformWrite: ['platform'],
  configRead: ['config', 'auditor', 'admin'],
  configWrite: ['config'],
  sealRead: ['reviewer', 'auditor', 'admin'],
  sealWrite: ['reviewer'],
  auditRead: ['auditor', 'admin'],
  /** Operator accounts, API keys, the sandbox registries. */
  adminRead: ['admin', 'auditor'],
  adminWrite: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>
