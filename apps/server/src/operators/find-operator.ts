import { timingSafeEqual } from 'node:crypto'
import { operatorRoles } from '@seal/shared/api/operators'
import type { FindOperator } from '../auth/guard.ts'

/** Interim: the admin token as a key holding every role (replaced by operator sessions and API keys). */
export function bootstrapOperator(adminToken: string): FindOperator {
  return async (token) => {
    const a = Buffer.from(token)
    const b = Buffer.from(adminToken)
    if (a.length !== b.length || !timingSafeEqual(a, b)) return null
    return { kind: 'apiKey', id: 'bootstrap', name: 'ADMIN_TOKEN', roles: operatorRoles, identityNo: null, stage: 'full', sessionId: null }
  }
}
