import { and, eq, inArray } from 'drizzle-orm'
import type { ApplySealItem } from '@seal/shared/api/unit-apply'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import { sealStatusHeld } from '@seal/shared/codes/seal-status'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { recordAudit } from '../../audit/record.ts'
import { forgetCallers } from '../../auth/sessions.ts'
import { units } from '../../auth/tables.ts'
import type { Database } from '../../db/client.ts'
import { businessError } from '../../errors.ts'
import { seals } from '../../seals/tables.ts'
import type { Trust } from '../../trust/context.ts'
import { storePinHash } from '../../trust/pin.ts'
import { sealNameFor } from '../seal-names.ts'
import { unitApplications, type UnitApplication } from '../tables.ts'
import { outcomeBase, recordFailureOnError, recordOutcome, unitStepOrFailItems } from './outcomes.ts'
import type { BusinessReview } from './plan.ts'
import { creditCodeOf, endFormerLegalSessions, legalPersonOf, legalPinSetByHolder, type UnitOwner } from './units.ts'

/** 找回印章 (RETRIEVE): the application's legal representative becomes the unit's, and its seals take his PIN. */
export const retrieveReview: BusinessReview = {
  async checkApproved(_db, application) {
    // A recovered seal takes the new holder's PIN: the old one was someone else's secret.
    if (!legalPinSetByHolder(application)) throw businessError(reviewMessages.legalPinMissing)
  },
  async sealItems(trust, application, pending) {
    const owner = await unitStepOrFailItems(trust, { application, pending }, () => recoverUnit(trust.db, application))
    if (owner) for (const item of pending) await recoverItemSeal(trust, application, owner, item)
  },
}

/**
 * The unit on record with this credit code and name gets the application's legal representative as its
 * legal representative, so they hold its seals (the holder of a unit seal is the unit's legal
 * representative, seals/roles.ts). The four-element check and face check of step 1, or a reviewer
 * reading the materials, are the proof. A unit renamed since is a change, not a recovery. Written once
 * before the seals, and the same again when a crash makes it run twice.
 */
async function recoverUnit(db: Database, application: UnitApplication): Promise<UnitOwner> {
  const form = application.form
  const [found] = await db.select().from(units).where(eq(units.socialCreditCode, creditCodeOf(application))).limit(1)
  if (!found) throw businessError(reviewMessages.sealNotOfUnit)
  if (found.name !== (application.unitName || form.unitName).trim()) throw businessError(reviewMessages.retrieveUnitRenamed)
  const legalPersonId = await db.transaction(async (tx) => {
    const legal = await legalPersonOf(tx as unknown as Database, form)
    await tx.update(unitApplications).set({ unitId: found.id }).where(eq(unitApplications.id, application.id))
    if (legal === found.legalPersonId) return legal
    await tx.update(units).set({ legalPersonId: legal }).where(eq(units.id, found.id))
    await recordAudit(tx as unknown as Database, {
      action: 'unit.legal-person-recovered',
      target: found.id,
      detail: { applicationId: application.id, formerLegalPersonId: found.legalPersonId },
    })
    await endFormerLegalSessions(tx as unknown as Database, found.id, legal)
    return legal
  })
  if (legalPersonId !== found.legalPersonId) forgetCallers(db, { unitId: found.id })
  return { kind: 'unit', unitId: found.id, unitName: found.name, socialCreditCode: found.socialCreditCode }
}

/**
 * One item of a recovery: the unit's seal in effect of the item's type (the one it names, or for an
 * other-type seal the one of its name) keeps its key, certificate, image and authorisations and takes
 * the new holder's PIN (hashed at step 2), in one transaction with the item's outcome. A legal
 * representative's name seal bearing another person's name is not recovered (a change makes a new one).
 */
async function recoverItemSeal(trust: Trust, application: UnitApplication, owner: UnitOwner, item: ApplySealItem) {
  const base = outcomeBase(item, application)
  await recordFailureOnError(trust, { application, base }, async () => {
    const byItem = item.sealId
      ? eq(seals.id, item.sealId)
      : item.sealTypeCode === sealTypeCode.OTHER
        ? eq(seals.sealName, item.sealName.trim())
        : undefined
    const found = await trust.db
      .select({ id: seals.id, sealName: seals.sealName })
      .from(seals)
      .where(and(eq(seals.unitId, owner.unitId), eq(seals.sealTypeCode, item.sealTypeCode), inArray(seals.status, [...sealStatusHeld]), byItem))
      .limit(2)
    if (found.length !== 1) throw businessError(reviewMessages.sealNotOfUnit)
    const seal = found[0]!
    if (item.sealTypeCode === sealTypeCode.LEGAL_REPRESENTATIVE_NAME && seal.sealName !== sealNameFor(item, application.form, owner.unitName)) {
      throw businessError(reviewMessages.retrieveLegalSealOfAnother)
    }
    const now = trust.now()
    await trust.db.transaction(async (tx) => {
      await storePinHash(tx as unknown as Database, seal.id, application.legalPinHash!, now)
      await recordOutcome(tx as unknown as Database, application.id, { ...base, sealName: seal.sealName, sealId: seal.id, failReason: null })
      await recordAudit(tx as unknown as Database, { action: 'seal.retrieved', target: seal.id, detail: { applicationId: application.id } })
    })
  })
}
