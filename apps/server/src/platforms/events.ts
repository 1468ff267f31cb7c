import type { Database } from '../db/client.ts'
import { platforms, webhookDeliveries } from './tables.ts'
import { and, eq, isNotNull } from 'drizzle-orm'
import { queueAttempt } from './webhook-worker.ts'

/** What a platform is told about (docs/platforms.md "Webhooks"). */
export const PLATFORM_EVENTS = [
  'binding.created',
  'binding.cancelled',
  'binding.rebound',
  'seal.cancelled',
  'seal.changed',
  'seal.renewed',
] as const
export type PlatformEvent = (typeof PLATFORM_EVENTS)[number]

/**
 * Queues an event for a platform's webhook. Call it with the transaction that makes the change, so the
 * event exists exactly when the change does (the job queue has it sent, signed, with retries: webhook-worker.ts).
 * A platform without a webhook URL gets nothing queued.
 */
export async function enqueuePlatformEvent(
  db: Database,
  platformId: string,
  event: PlatformEvent,
  payload: Record<string, unknown>,
): Promise<void> {
  const [platform] = await db
    .select({ id: platforms.id })
    .from(platforms)
    .where(and(eq(platforms.id, platformId), isNotNull(platforms.webhookUrl)))
  if (!platform) return
  const [delivery] = await db.insert(webhookDeliveries).values({ platformId, event, payload: { event, ...payload } }).returning({ id: webhookDeliveries.id })
  // Its first attempt's job, in the same transaction: due now, for whichever server process is free.
  await queueAttempt(db, delivery!.id)
}
