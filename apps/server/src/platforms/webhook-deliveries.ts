import { and, asc, count, desc, eq, inArray, lt, or } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { businessError, notFound } from '../errors.ts'
import { platformMessages } from './messages.ts'
import { queueAttempt } from './webhook-worker.ts'
import { webhookAttempts, webhookDeliveries, WEBHOOK_STATUSES } from './tables.ts'

export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number]

/**
 * A platform's webhook deliveries, newest first, a page after `afterId`, each with its attempts: two
 * statements, the (platform_id, created_at) index for the page and (delivery_id, attempt) for the attempts.
 */
export async function deliveriesOf(db: Database, platformId: string, page: { status?: WebhookStatus | undefined; afterId?: string | undefined; limit: number }) {
  const conditions = [eq(webhookDeliveries.platformId, platformId)]
  if (page.status) conditions.push(eq(webhookDeliveries.status, page.status))
  if (page.afterId) {
    const [anchor] = await db
      .select({ createdAt: webhookDeliveries.createdAt, id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, page.afterId), eq(webhookDeliveries.platformId, platformId)))
    if (!anchor) return []
    conditions.push(or(lt(webhookDeliveries.createdAt, anchor.createdAt), and(eq(webhookDeliveries.createdAt, anchor.createdAt), lt(webhookDeliveries.id, anchor.id)))!)
  }
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.limit)
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((d) => d.id),
            ),
          )
          .orderBy(asc(webhookAttempts.deliveryId), asc(webhookAttempts.attempt))
  return deliveries.map((d) => ({
    id: d.id,
    event: d.event,
    payload: d.payload,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    attemptLog: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({ attempt: a.attempt, statusCode: a.statusCode, error: a.error, durationMs: a.durationMs, at: a.createdAt.toISOString() })),
  }))
}

/**
 * Queues a failed delivery again: due now, with a fresh round of attempts (earlier attempts stay listed).
 * Only a failed one: a pending delivery is on its way, a delivered one was received.
 */
export async function requeueDelivery(db: Database, deliveryId: string, now: Date): Promise<void> {
  const requeued = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'failed')))
      .returning({ id: webhookDeliveries.id })
    // Its job with it: the first attempt of the new round is due now.
    if (row) await queueAttempt(tx as unknown as Database, row.id)
    return row
  })
  if (requeued) return
  const [exists] = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId))
  throw exists ? businessError(platformMessages.deliveryNotFailed) : notFound(platformMessages.deliveryNotFound)
}

/** Deliveries waiting to be sent or retried (the /metrics gauge webhook_deliveries_pending). */
export async function pendingDeliveryCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'))
  return Number(row?.n ?? 0)
}
