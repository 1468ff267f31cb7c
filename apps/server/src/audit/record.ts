import type { Database } from '../db/client.ts'
import { AppError } from '../errors.ts'
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

/**
 * Runs an operator's action that audits its own success; when it is refused (an AppError: someone else holds
 * the item, it is the operator's own, it is in the wrong state, the input names what does not exist), the
 * refusal is audited too, as `<action>.refused` with the operator and the reason they were given, and then
 * answered as before. Who tried what, and why it did not happen, is in the log as much as what did.
 */
export async function auditRefusals<T>(
  db: Database,
  entry: { operator: { id: string; name: string }; action: string; target?: string; ip?: string },
  act: () => Promise<T>,
): Promise<T> {
  try {
    return await act()
  } catch (error) {
    if (error instanceof AppError) {
      const data = error.data !== null && typeof error.data === 'object' && !Array.isArray(error.data) ? (error.data as Record<string, unknown>) : {}
      await recordAudit(db, { ...entry, action: `${entry.action}.refused`, detail: { reason: error.message, resultStatus: error.status, ...data } })
    }
    throw error
  }
}
