import type { Database } from '../db/client.ts'
import { auditEvents } from './tables.ts'

/** Appends one audit event. `detail` must never carry a secret (PIN, code, token, key). */
export async function recordAudit(
  db: Database,
  event: {
    accountId?: string | null
    /** The operator or API key acting (an operator action). */
    operator?: { id: string; name: string } | null
    action: string
    target?: string
    detail?: Record<string, unknown>
    ip?: string
  },
): Promise<void> {
  await db.insert(auditEvents).values({
    accountId: event.accountId ?? null,
    operatorId: event.operator?.id ?? null,
    operatorName: event.operator?.name ?? null,
    action: event.action,
    target: event.target ?? null,
    detail: event.detail ?? null,
    ip: event.ip ?? null,
  })
}
