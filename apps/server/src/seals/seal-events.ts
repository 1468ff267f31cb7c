import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import type { Trust } from '../trust/context.ts'
import { sealEvents, type Seal, type SealEventType } from './tables.ts'

/** What a seal was when the event happened: what a subscriber tells others about it. */
export type SealEventPayload = {
  sealName: string
  sealTypeCode: string
  sealCode: string
  /** ISO 8601. */
  certStartTime: string
  certEndTime: string
  /** Why (the cancellation or reissue reason); null for a making. */
  reason: string | null
}

export type SealEvent = {
  id: string
  sealId: string
  type: SealEventType
  payload: SealEventPayload
  occurredAt: Date
}

/** Runs inside the transaction that wrote the event (or that delivers it later), with that transaction. */
export type SealEventSubscriber = (tx: Database, event: SealEvent) => Promise<void>

// Per service, as configureReview keeps its settings: `{ ...app.trust, db: tx }` keeps the same key wrapper.
const subscribersByService = new WeakMap<object, SealEventSubscriber[]>()

/**
 * Adds a subscriber to the seal events of this service (app.ts registers them, from the layers above
 * seals/). Each runs in the transaction of the change, in the order registered.
 *
 * @example
 * subscribeToSealEvents(trust, tellPlatformsAboutSeal)
 */
export function subscribeToSealEvents(trust: Trust, subscriber: SealEventSubscriber): void {
  const subscribers = subscribersByService.get(trust.keys) ?? []
  subscribersByService.set(trust.keys, [...subscribers, subscriber])
}

/**
 * Writes a seal event into the outbox, in the transaction `tx` that makes the change, and runs the
 * subscribers on it in that transaction: the event, and what the subscribers did on it, exist exactly when
 * the change does. Where nobody subscribed (a tool or a test without the app) the row stays unhandled.
 */
export async function recordSealEvent(
  trust: Trust,
  tx: Database,
  input: {
    type: SealEventType
    seal: Pick<Seal, 'id' | 'sealName' | 'sealTypeCode' | 'sealCode' | 'certStartTime' | 'certEndTime'>
    reason?: string | null
    at: Date
  },
): Promise<void> {
  const payload: SealEventPayload = {
    sealName: input.seal.sealName,
    sealTypeCode: input.seal.sealTypeCode,
    sealCode: input.seal.sealCode,
    certStartTime: input.seal.certStartTime.toISOString(),
    certEndTime: input.seal.certEndTime.toISOString(),
    reason: input.reason ?? null,
  }
  const subscribers = subscribersByService.get(trust.keys) ?? []
  // Handled as it is written when someone listens: the row is new, nobody else can deliver it.
  const [row] = await tx
    .insert(sealEvents)
    .values({
      sealId: input.seal.id,
      type: input.type,
      payload,
      occurredAt: input.at,
      handledAt: subscribers.length > 0 ? input.at : null,
    })
    .returning()
  const event = eventOf(row!)
  for (const subscriber of subscribers) await subscriber(tx, event)
}

/**
 * Delivers the events no subscriber has handled (written where nobody listened), oldest first, each in its
 * own transaction. The app runs it once its subscribers are registered.
 */
export async function deliverPendingSealEvents(trust: Trust): Promise<number> {
  if (!subscribersByService.has(trust.keys)) return 0
  const pending = await trust.db
    .select({ id: sealEvents.id })
    .from(sealEvents)
    .where(isNull(sealEvents.handledAt))
    .orderBy(asc(sealEvents.createdAt))
  for (const { id } of pending)
    await trust.db.transaction((tx) => deliverSealEvent(trust, tx as unknown as Database, id, trust.now()))
  return pending.length
}

/**
 * Marks the event handled and runs the subscribers on it, only if it was not handled yet: the conditional
 * update decides (and holds the row), so an event delivered twice, or by two processes at once, is acted
 * on once.
 */
async function deliverSealEvent(trust: Trust, tx: Database, eventId: string, at: Date): Promise<void> {
  const [row] = await tx
    .update(sealEvents)
    .set({ handledAt: at })
    .where(and(eq(sealEvents.id, eventId), isNull(sealEvents.handledAt)))
    .returning()
  if (!row) return
  for (const subscriber of subscribersByService.get(trust.keys) ?? []) await subscriber(tx, eventOf(row))
}

const eventOf = (row: typeof sealEvents.$inferSelect): SealEvent => ({
  id: row.id,
  sealId: row.sealId,
  type: row.type,
  payload: row.payload as SealEventPayload,
  occurredAt: row.occurredAt,
})
