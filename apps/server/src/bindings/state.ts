import { and, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import type { Database } from '../db/client.ts'
import { sealAuths } from '../seal-auth/tables.ts'
import { seals } from '../seals/tables.ts'
import { sealBindings } from './tables.ts'

/**
 * Whether a binding is in effect, as every screen and the open API must read it: stored bindState 1, its
 * seal in effect (status 1, certificate not ended) and, for a binding a manager made, their authorisation
 * still accepted and in its period. A seal cancelled or an authorisation ended ends its bindings at once,
 * without touching them; the stored state is set to 0 only by a cancellation, or when a new binding of
 * the same seal and platform needs the place (`releaseEndedBinding`).
 */
export function bindingInEffect(now: Date): SQL {
  return and(
    eq(sealBindings.bindState, '1'),
    sql`exists (select 1 from ${seals} where ${seals.id} = ${sealBindings.sealId} and ${seals.status} = ${sealStatusWide.VALID} and ${seals.certEndTime} > ${now})`,
    or(
      isNull(sealBindings.authId),
      sql`exists (select 1 from ${sealAuths} where ${and(
        sql`${sealAuths.id} = ${sealBindings.authId}`,
        eq(sealAuths.status, 'active'),
        lte(sealAuths.startTime, now),
        gte(sealAuths.endTime, now),
      )})`,
    ),
  )!
}

/** The bindings in effect on a platform now: its "alreadyBind", held against its totality. */
export async function bindingsInEffectOn(db: Database, platformId: string, now: Date): Promise<number> {
  return db.$count(sealBindings, and(eq(sealBindings.platformId, platformId), bindingInEffect(now)))
}

/**
 * A record of this seal and platform that still says 1 but has ended (the seal or the authorisation it
 * stood on ended) gives up its place under the one-in-effect index, so a new binding can be made.
 * `except` keeps one record out (the one being rebound).
 */
export async function releaseEndedBinding(db: Database, options: { sealId: string; platformId: string; now: Date; except?: string }) {
  await db
    .update(sealBindings)
    .set({ bindState: '0', cancelledAt: options.now })
    .where(
      and(
        eq(sealBindings.sealId, options.sealId),
        eq(sealBindings.platformId, options.platformId),
        eq(sealBindings.bindState, '1'),
        options.except ? sql`${sealBindings.id} <> ${options.except}` : undefined,
        sql`not (${bindingInEffect(options.now)})`,
      ),
    )
}
