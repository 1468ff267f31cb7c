import { and, eq } from 'drizzle-orm'
import { sealBindings } from '../bindings/tables.ts'
import type { Database } from '../db/client.ts'
import type { Seal } from '../seals/tables.ts'
import { BIND_STATE_IN_EFFECT } from './bound-seals.ts'
import { enqueuePlatformEvent } from './events.ts'

export type SealLifecycleEvent = 'seal.cancelled' | 'seal.changed' | 'seal.renewed'

/**
 * Tells every platform holding a binding in effect on the seal what happened to it (docs/platforms.md
 * "Webhooks"), in the transaction that made the change. A cancelled seal also ends those bindings
 * (bindState 0, the binding record's "ended by the seal's end"), so the platform's list no longer shows
 * it; a changed or renewed seal stays bound, with its new name and certificate period in the event.
 *
 * @example
 * await tellPlatformsAboutSeal(tx, { event: 'seal.cancelled', seal, reason: '印章持有人申请注销', at: now })
 */
export async function tellPlatformsAboutSeal(
  db: Database,
  input: { event: SealLifecycleEvent; seal: Pick<Seal, 'id' | 'sealName' | 'sealTypeCode' | 'sealCode' | 'certStartTime' | 'certEndTime'>; reason?: string | null; at: Date },
): Promise<void> {
  const inEffect = and(eq(sealBindings.sealId, input.seal.id), eq(sealBindings.bindState, BIND_STATE_IN_EFFECT))
  const bindings =
    input.event === 'seal.cancelled'
      ? await db.update(sealBindings).set({ bindState: '0', cancelledAt: input.at }).where(inEffect).returning()
      : await db.select().from(sealBindings).where(inEffect)
  for (const binding of bindings) {
    await enqueuePlatformEvent(db, binding.platformId, input.event, {
      bindingId: binding.id,
      sealId: input.seal.id,
      sealName: input.seal.sealName,
      sealTypeCode: input.seal.sealTypeCode,
      sealCode: input.seal.sealCode,
      certStartTime: input.seal.certStartTime.toISOString(),
      certEndTime: input.seal.certEndTime.toISOString(),
      bindState: input.event === 'seal.cancelled' ? '0' : BIND_STATE_IN_EFFECT,
      reason: input.reason ?? null,
      occurredAt: input.at.toISOString(),
    })
  }
}
