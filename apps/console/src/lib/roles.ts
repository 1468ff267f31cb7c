import { routeRoles, type OperatorRole } from '@seal/shared/api/operator-roles'

export type RouteRoleKey = keyof typeof routeRoles

/**
 * Whether a caller holding `roles` may call the routes of `key` (the server's own table, operators.ts):
 * the console shows what the server would allow and hides the rest.
 *
 * @example
 * mayCall(['auditor'], 'reviewWrite') // false
 */
export function mayCall(roles: readonly OperatorRole[], key: RouteRoleKey): boolean {
  const allowed: readonly OperatorRole[] = routeRoles[key]
  return roles.some((role) => allowed.includes(role))
}

/** Whether a page that reads `reads` opens for these roles ('anyone': every signed-in operator). */
export function mayOpen(roles: readonly OperatorRole[], reads: RouteRoleKey | 'anyone'): boolean {
  return reads === 'anyone' || mayCall(roles, reads)
}
