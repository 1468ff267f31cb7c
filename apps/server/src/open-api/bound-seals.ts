import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { persons, units } from '../auth/tables.ts'
import { BIND_STATE_IN_EFFECT, bindingInEffect } from '../bindings/state.ts'
import { sealBindings, type SealBinding } from '../bindings/tables.ts'
import type { Database } from '../db/client.ts'
import { seals, sealAuths } from '../seals/tables.ts'
import { trustMessages } from '../trust/messages.ts'
import { openApiError } from './errors.ts'

export type BoundSeal = {
  bindingId: string
  sealId: string
  sealName: string
  sealTypeCode: string
  sealTypeName: string
  sealCode: string
  /** The seal's status (000 §3 wide reading): '1' in effect. */
  sealStatus: string
  /** The person who holds a personal seal, or the unit that owns a unit seal. */
  holderName: string
  unitName: string | null
  socialCreditCode: string | null
  certStartTime: string
  certEndTime: string
  /** How the binder confirmed when binding (1 handwriting, 2 password, 3 both). */
  useType: string
  boundAt: string
  /** Whether the platform can seal with it now: the seal in effect and its certificate in its period. */
  usable: boolean
}

/**
 * The seals bound to a platform and in effect, in the order they were bound, a page after `afterBindingId`.
 * One statement; the platform's in-effect index (seal_bindings_platform_in_effect_idx) gives them in order.
 */
export async function boundSealsOf(
  db: Database,
  platformId: string,
  page: { afterBindingId?: string | undefined; limit: number },
  now: Date,
): Promise<BoundSeal[]> {
  // The one rule of "in effect" the binding screens also read: a binding on an ended authorisation is not listed.
  const conditions = [eq(sealBindings.platformId, platformId), bindingInEffect(now)]
  if (page.afterBindingId) {
    // After the anchor in (bound_at, id) order, compared in SQL at the stored precision; an anchor that is
    // not this platform's binding gives nothing. A row comparison the platform's index starts from.
    const anchor = alias(sealBindings, 'anchor')
    const anchorRow = db
      .select({ boundAt: anchor.boundAt, id: anchor.id })
      .from(anchor)
      .where(and(eq(anchor.id, page.afterBindingId), eq(anchor.platformId, platformId)))
    conditions.push(sql`(${sealBindings.boundAt}, ${sealBindings.id}) > ${anchorRow}`)
  }
  const rows = await db
    .select({ binding: sealBindings, seal: seals, personName: persons.name, unitName: units.name, socialCreditCode: units.socialCreditCode })
    .from(sealBindings)
    .innerJoin(seals, eq(seals.id, sealBindings.sealId))
    .leftJoin(persons, eq(persons.id, seals.personId))
    .leftJoin(units, eq(units.id, seals.unitId))
    .where(and(...conditions))
    .orderBy(asc(sealBindings.boundAt), asc(sealBindings.id))
    .limit(page.limit)
  return rows.map(({ binding, seal, personName, unitName, socialCreditCode }) => ({
    bindingId: binding.id,
    sealId: seal.id,
    sealName: seal.sealName,
    sealTypeCode: seal.sealTypeCode,
    sealTypeName: sealTypeLabel(seal.sealTypeCode),
    sealCode: seal.sealCode,
    sealStatus: seal.status,
    holderName: (seal.ownerKind === 'unit' ? unitName : personName) ?? '',
    unitName: seal.ownerKind === 'unit' ? unitName : null,
    socialCreditCode: seal.ownerKind === 'unit' ? socialCreditCode : null,
    certStartTime: seal.certStartTime.toISOString(),
    certEndTime: seal.certEndTime.toISOString(),
    useType: binding.useType,
    boundAt: binding.boundAt.toISOString(),
    usable: seal.status === sealStatusWide.VALID && seal.certStartTime <= now && now <= seal.certEndTime,
  }))
}

/**
 * The binding that lets a platform seal with a seal now, or the reason it may not (open-API codes):
 * another platform's seal or an unknown one is SEAL_NOT_BOUND (the platform learns nothing of seals not
 * bound to it); a binding cancelled is BINDING_NOT_IN_EFFECT; a binding made by an authorised user holds
 * only while that authorisation is active and in its period (AUTHORISATION_ENDED). The seal's own state
 * and certificate are the signer's to check (seals/seal-signer.ts).
 */
export async function bindingForSealing(db: Database, platformId: string, sealId: string, now: Date): Promise<SealBinding> {
  const [latest] = await db
    .select({ binding: sealBindings, auth: sealAuths, sealStatus: seals.status })
    .from(sealBindings)
    .innerJoin(seals, eq(seals.id, sealBindings.sealId))
    .leftJoin(sealAuths, eq(sealAuths.id, sealBindings.authId))
    .where(and(eq(sealBindings.platformId, platformId), eq(sealBindings.sealId, sealId)))
    .orderBy(desc(sealBindings.bindState), desc(sealBindings.boundAt))
    .limit(1)
  if (!latest) throw openApiError('SEAL_NOT_BOUND')
  const { binding, auth, sealStatus } = latest
  if (binding.bindState !== BIND_STATE_IN_EFFECT) {
    // Cancelling a seal ends its bindings (bindings/seal-events.ts): the platform is told the cause, not the consequence.
    if (sealStatus === sealStatusWide.CANCELLED || sealStatus === sealStatusWide.REVOKED) throw openApiError('SEAL_UNUSABLE', trustMessages.sealCancelled)
    throw openApiError('BINDING_NOT_IN_EFFECT')
  }
  if (binding.authId) {
    const active = auth && auth.status === 'active' && auth.startTime <= now && now <= auth.endTime
    if (!active) throw openApiError('AUTHORISATION_ENDED')
  }
  return binding
}

/**
 * In the transaction that records a platform's use (signing/seal-document.ts `stillEntitled`): the binding
 * the sealing started with is still the one in effect. Its row, and its authorisation's, are held FOR SHARE,
 * so a cancellation of the binding (or a revoke of the authorisation) waits for the use to commit, or
 * commits first and the use is refused with the code a later request would get.
 */
export async function bindingStillHolds(tx: Database, binding: SealBinding, now: Date): Promise<void> {
  await tx.select({ id: sealBindings.id }).from(sealBindings).where(eq(sealBindings.id, binding.id)).for('share')
  if (binding.authId) await tx.select({ id: sealAuths.id }).from(sealAuths).where(eq(sealAuths.id, binding.authId)).for('share')
  const current = await bindingForSealing(tx, binding.platformId, binding.sealId, now)
  if (current.id !== binding.id) throw openApiError('BINDING_NOT_IN_EFFECT')
}
