import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { enqueuePlatformEvent } from '../platforms/events.ts'
import type { SealEvent } from '../seals/seal-events.ts'
import { BIND_STATE_IN_EFFECT } from './state.ts'
import { sealBindings } from './tables.ts'

/**
 * The seal events outbox's subscriber for bindings (app.ts registers it): every platform holding a binding
 * in effect on the seal is told what happened to it (docs/platforms.md "Webhooks"), in the transaction that
 * made the change. A cancelled seal also ends those bindings (bindState 0, the binding record's "ended by
 * the seal's end"), so the platform's list no longer shows it; a changed or renewed seal stays bound, with
 * its new name and certificate period in the event. A seal's making concerns no binding.
 *
 * @example
 * subscribeToSealEvents(trust, tellPlatformsAboutSeal)
 */
export async function tellPlatformsAboutSeal(tx: Database, event: SealEvent): Promise<void> {
  if (event.type === 'seal.made') return
  const inEffect = and(eq(sealBindings.sealId, event.sealId), eq(sealBindings.bindState, BIND_STATE_IN_EFFECT))
  const bindings =
    event.type === 'seal.cancelled'
      ? await tx.update(sealBindings).set({ bindState: '0', cancelledAt: event.occurredAt }).where(inEffect).returning()
      : await tx.select().from(sealBindings).where(inEffect)
  const { payload } = event
  for (const binding of bindings) {
    await enqueuePlatformEvent(tx, binding.platformId, event.type, {
      bindingId: binding.id,
      sealId: event.sealId,
      sealName: payload.sealName,
      sealTypeCode: payload.sealTypeCode,
      sealCode: payload.sealCode,
      certStartTime: payload.certStartTime,
      certEndTime: payload.certEndTime,
      bindState: event.type === 'seal.cancelled' ? '0' : BIND_STATE_IN_EFFECT,
      reason: payload.reason,
      occurredAt: event.occurredAt.toISOString(),
    })
  }
}
