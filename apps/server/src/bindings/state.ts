import { and, count, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import type { Database } from '../db/client.ts'
import { seals, sealAuths } from '../seals/tables.ts'
import { sealBindings } from './tables.ts'

/** '1': the binding is in effect (spec 002 §3 "Binding record"). */
export const BIND_STATE_IN_EFFECT = '1'

/** The seal's part of the rule: in effect (status 1) with its certificate not ended. */
const sealInEffect = (now: Date) => sql`${seals.status} = ${sealStatusWide.VALID} and ${seals.certEndTime} > ${now}`
/** The authorisation's part, for a binding a manager made: accepted and in its period. */
const authorisationInForce = (now: Date) => and(eq(sealAuths.status, 'active'), lte(sealAuths.startTime, now), gte(sealAuths.endTime, now))!
/**
 * The authorisation looked up by its key, as a scalar subquery: under an OR (or a NOT) PostgreSQL would
 * run an `exists` as a hashed subplan that reads every authorisation in force (decisions.md "Binding
 * records at scale").
 */
const authorisationHolds = (now: Date) =>
  or(isNull(sealBindings.authId), sql`coalesce((select ${authorisationInForce(now)} from ${sealAuths} where ${sealAuths.id} = ${sealBindings.authId}), false)`)!

/**
 * Whether a binding is in effect, as every screen and the open API must read it: stored bindState 1, its
 * seal in effect (status 1, certificate not ended) and, for a binding a manager made, their authorisation
 * still accepted and in its period. A seal cancelled or an authorisation ended ends its bindings at once,
 * without touching them; the stored state is set to 0 only by a cancellation, or when a new binding of
 * the same seal and platform needs the place (`releaseEndedBinding`).
 *
 * The seal is tested with `exists`, which PostgreSQL turns into a join: one pass over the seals when
 * counting many bindings, a key lookup each for a page.
 */
export function bindingInEffect(now: Date): SQL {
  return and(eq(sealBindings.bindState, '1'), sql`exists (select 1 from ${seals} where ${seals.id} = ${sealBindings.sealId} and ${sealInEffect(now)})`, authorisationHolds(now))!
}

/**
 * The same rule with the seal looked up by its key: for a caller's own records (a few thousand at most),
 * where a join would read every seal to find theirs, and under a NOT, where an `exists` cannot be a join
 * and would become a hashed subplan reading every seal.
 */
export function bindingInEffectByKey(now: Date): SQL {
  return and(
    eq(sealBindings.bindState, '1'),
    sql`coalesce((select ${sealInEffect(now)} from ${seals} where ${seals.id} = ${sealBindings.sealId}), false)`,
    authorisationHolds(now),
  )!
}

/** A binding not in effect (cancelled, or ended by its seal or authorisation): the rule negated. */
export const bindingNotInEffect = (now: Date): SQL => sql`not (${bindingInEffectByKey(now)})`

/**
 * The bindings in effect on each platform, in one statement: the same rule written as joins, which
 * PostgreSQL runs as one pass over the platforms' index, the seals and the authorisations (the subquery
 * forms above are costed per row and would be compiled by its JIT for longer than they run).
 */
export async function countBindingsInEffectByPlatform(db: Database, now: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ platformId: sealBindings.platformId, bound: count() })
    .from(sealBindings)
    .innerJoin(seals, and(eq(seals.id, sealBindings.sealId), sealInEffect(now)))
    .leftJoin(sealAuths, eq(sealAuths.id, sealBindings.authId))
    .where(and(eq(sealBindings.bindState, '1'), or(isNull(sealBindings.authId), authorisationInForce(now))))
    .groupBy(sealBindings.platformId)
  return new Map(rows.map((row) => [row.platformId, Number(row.bound)]))
}

/**
 * Whether the platform has `totality` bindings in effect already (it is full). Counts at most that many,
 * through the platform's index, so the check costs what the limit is, not what the platform holds.
 */
export async function platformIsFull(db: Database, platformId: string, totality: number, now: Date): Promise<boolean> {
  const inEffect = db
    .select({ id: sealBindings.id })
    .from(sealBindings)
    .where(and(eq(sealBindings.platformId, platformId), bindingInEffect(now)))
    .limit(totality)
    .as('in_effect')
  const [row] = await db.select({ n: count() }).from(inEffect)
  return Number(row?.n ?? 0) >= totality
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
        bindingNotInEffect(options.now),
      ),
    )
}
