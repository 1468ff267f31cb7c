import { and, eq } from 'drizzle-orm'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { renameSealsProblem, renamesUnit } from '@seal/shared/rules/unit-apply'
import { recordAudit } from '../../audit/record.ts'
import { forgetCallers } from '../../auth/sessions.ts'
import { units } from '../../auth/tables.ts'
import type { Database } from '../../db/client.ts'
import { businessError } from '../../errors.ts'
import { seals } from '../../seals/tables.ts'
import { crlReason } from '../../trust/x509.ts'
import { sealNameFor } from '../seal-names.ts'
import { unitApplications, type UnitApplication } from '../tables.ts'
import { unitStepOrFailItems } from './outcomes.ts'
import { assertPicturesUsable, sealPicture } from './pictures.ts'
import type { BusinessReview, ReviewPlan } from './plan.ts'
import { reissueItemSeal, type ReissueTermsOf } from './reissue.ts'
import { creditCodeOf, endFormerLegalSessions, legalPersonOf, legalPinSetByHolder, madePendingActivation, sameLegalPerson, unitOnRecord, type UnitOwner } from './units.ts'

/**
 * 变更 (CHANGE): the unit's name, credit code and legal representative become the application's, then each
 * seal an item names gets a new certificate naming the unit as it now is, with the item's new picture if one came.
 */
export const changeReview: BusinessReview = {
  async checkApproved(db, application, plan) {
    // A change may bring a new picture (a renamed unit's seal); a photo left for review needs a cut-out.
    await assertPicturesUsable(db, application, plan.withoutCutOut.filter((item) => item.sealPic || item.manualReview))
    const unit = await unitOnRecord(db, application)
    if (unit && !sameLegalPerson(unit.legal, application) && !legalPinSetByHolder(application) && !madePendingActivation(application))
      throw businessError(reviewMessages.legalPinMissing)
    if (unit) await assertRenamesEverySeal(db, application, unit.unit, plan)
  },
  async sealItems(trust, application, pending) {
    const change = await unitStepOrFailItems(trust, { application, pending }, () => changeUnit(trust.db, application))
    if (!change) return
    for (const item of pending) {
      const termsOf: ReissueTermsOf = async (seal, { start, fullEnd }) => ({
        sealName: sealNameFor(item, application.form, change.owner.unitName),
        image: item.sealPic ? await sealPicture(trust, item.sealPic) : undefined,
        // The seal keeps its end date; a lapsed one starts afresh.
        certEndTime: seal.certEndTime <= start ? fullEnd : seal.certEndTime,
        reasonCode: crlReason.affiliationChanged,
        reason: reviewMessages.changedReason,
      })
      await reissueItemSeal(trust, { application, owner: change.owner, newLegalPinHash: change.newLegalPinHash, pendingActivation: change.pendingActivation, item, termsOf })
    }
  },
}

/**
 * A change renaming the unit reissues every seal it holds in effect, or none: the name is in each seal's
 * image and certificate. Checked again here, as the unit is now: a seal made since the submission, or a
 * reviewer rejecting some items, would leave a seal naming the old unit.
 */
async function assertRenamesEverySeal(db: Database, application: UnitApplication, unit: { id: string; name: string }, plan: ReviewPlan) {
  const form = { businessType: application.businessType, unitName: application.unitName || application.form.unitName, sealInfo: application.form.sealInfo }
  if (!renamesUnit(form, unit.name)) return
  if (plan.rejected.length > 0) throw businessError(reviewMessages.renameAllOrNone)
  const inEffect = await db.select({ id: seals.id }).from(seals).where(and(eq(seals.unitId, unit.id), eq(seals.status, sealStatusWide.VALID)))
  const problem = renameSealsProblem(form, unit.name, inEffect)
  if (problem) throw businessError(problem)
}

type UnitChange = {
  owner: UnitOwner
  /** Set when the legal representative changed: their PIN (hashed at step 2) goes on every changed seal. */
  newLegalPinHash: string | null
  /**
   * The legal representative changed and did not sign online (the offline door, a 06 operator's change):
   * the former one's PIN leaves every changed seal, which waits for the new one to activate it.
   */
  pendingActivation: boolean
}

/**
 * The unit's name, credit code and legal representative become the application's (the person found by ID
 * or registered, as for a new unit). Written once before the seals, and the same again when a crash makes
 * it run twice.
 */
async function changeUnit(db: Database, application: UnitApplication): Promise<UnitChange> {
  const found = await unitOnRecord(db, application)
  if (!found) throw businessError(reviewMessages.sealNotOfUnit)
  const { unit } = found
  await db.update(unitApplications).set({ unitId: unit.id }).where(eq(unitApplications.id, application.id))
  const form = application.form
  const name = (application.unitName || form.unitName).trim()
  const socialCreditCode = creditCodeOf(application)
  const legalChanged = !sameLegalPerson(found.legal, application)
  const pendingActivation = legalChanged && !legalPinSetByHolder(application) && madePendingActivation(application)
  if (legalChanged && !legalPinSetByHolder(application) && !pendingActivation) throw businessError(reviewMessages.legalPinMissing)
  await db.transaction(async (tx) => {
    const legalPersonId = legalChanged ? await legalPersonOf(tx as unknown as Database, form) : found.legal.id
    if (name !== unit.name || socialCreditCode !== unit.socialCreditCode || legalPersonId !== unit.legalPersonId) {
      await tx.update(units).set({ name, socialCreditCode, legalPersonId }).where(eq(units.id, unit.id))
      await recordAudit(tx as unknown as Database, {
        action: 'unit.changed',
        target: unit.id,
        detail: { applicationId: application.id, renamed: name !== unit.name, creditCodeChanged: socialCreditCode !== unit.socialCreditCode, legalPersonChanged: legalChanged },
      })
    }
    if (legalChanged) await endFormerLegalSessions(tx as unknown as Database, unit.id, legalPersonId)
  })
  if (legalChanged) forgetCallers(db, { unitId: unit.id })
  return {
    owner: { kind: 'unit', unitId: unit.id, unitName: name, socialCreditCode },
    newLegalPinHash: legalChanged && !pendingActivation ? application.legalPinHash : null,
    pendingActivation,
  }
}
