import type { Database } from '../db/client.ts'
import { enqueuePlatformEvent } from '../platforms/events.ts'
import { sealBindings, type SealBinding } from './tables.ts'

/**
 * A binding in effect, written as the binding flow writes it (the seal's holder or an authorised user
 * confirmed it), with its binding.created event queued in the same transaction. Until the binding calls
 * land, this stands in for them.
 */
export async function bindSealForTest(
  db: Database,
  input: { sealId: string; platformId: string; personId: string; authId?: string | null; useType?: string },
): Promise<SealBinding> {
  return db.transaction(async (tx) => {
    const [binding] = await tx
      .insert(sealBindings)
      .values({ sealId: input.sealId, platformId: input.platformId, personId: input.personId, authId: input.authId ?? null, useType: input.useType ?? '2' })
      .returning()
    await enqueuePlatformEvent(tx as unknown as Database, input.platformId, 'binding.created', { bindingId: binding!.id, sealId: input.sealId, bindState: '1' })
    return binding!
  })
}
