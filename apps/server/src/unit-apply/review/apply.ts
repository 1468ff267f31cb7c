import { eq } from 'drizzle-orm'
import type { ApplySealItem } from '@seal/shared/api/unit-apply'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { persons, units } from '../../auth/tables.ts'
import type { Database } from '../../db/client.ts'
import { businessError } from '../../errors.ts'
import { grantManagerOfApplication } from '../../seal-auth/service.ts'
import type { Trust } from '../../trust/context.ts'
import { makeSeal } from '../../seals/make-seal.ts'
import { sealNameFor } from '../seal-names.ts'
import { unitApplications, type UnitApplication } from '../tables.ts'
import { recordFailureOnError, recordOutcome, unitStepOrFailItems } from './outcomes.ts'
import { assertPicturesUsable, sealPicture } from './pictures.ts'
import type { BusinessReview } from './plan.ts'
import { creditCodeOf, legalPersonOf, legalPinSetByHolder, madePendingActivation, sameLegalPerson, unitSealValidUntil, type UnitOwner } from './units.ts'

/**
 * 新申请 (APPLY): the unit is found or registered, then each approved seal is made with the holder's PIN, or
 * pending activation when the legal representative did not sign online (units.ts madePendingActivation).
 */
export const applyReview: BusinessReview = {
  async checkApproved(db, application, plan) {
    // Without the holder's PIN only as seals pending activation, which he activates himself (units.ts).
    if (!legalPinSetByHolder(application) && !madePendingActivation(application)) throw businessError(reviewMessages.legalPinMissing)
    await assertSameLegalPerson(db, application)
    await assertPicturesUsable(db, application, plan.withoutCutOut)
  },
  async sealItems(trust, application, pending) {
    const owner = await unitStepOrFailItems(trust, { application, pending }, () => ensureUnit(trust.db, application))
    if (owner) for (const item of pending) await makeItemSeal(trust, application, owner, item)
  },
}

/** A new application for a unit on record must name its recorded legal representative: the seals go to them. */
async function assertSameLegalPerson(db: Database, application: UnitApplication) {
  const [row] = await db
    .select({ identityType: persons.identityType, identityNo: persons.identityNo })
    .from(units)
    .innerJoin(persons, eq(persons.id, units.legalPersonId))
    .where(eq(units.socialCreditCode, creditCodeOf(application)))
    .limit(1)
  if (row && !sameLegalPerson(row, application)) throw businessError(reviewMessages.legalPersonDiffers)
}

/**
 * The applying unit, found by its credit code or registered now with its legal representative (a person
 * found by ID, or registered with the application's name and phone); the application is linked to it.
 */
async function ensureUnit(db: Database, application: UnitApplication): Promise<UnitOwner> {
  const form = application.form
  const socialCreditCode = creditCodeOf(application)
  return db.transaction(async (tx) => {
    let [unit] = await tx.select().from(units).where(eq(units.socialCreditCode, socialCreditCode)).limit(1)
    if (!unit) {
      const legalPersonId = await legalPersonOf(tx as unknown as Database, form)
      await tx
        .insert(units)
        .values({
          name: (application.unitName || form.unitName).trim(),
          socialCreditCode,
          unitTypeCode: form.unitTypeCode || '02',
          legalPersonId,
          regionCode: form.addr[2] ?? null,
        })
        .onConflictDoNothing()
      ;[unit] = await tx.select().from(units).where(eq(units.socialCreditCode, socialCreditCode)).limit(1)
    }
    await tx.update(unitApplications).set({ unitId: unit!.id }).where(eq(unitApplications.id, application.id))
    return { kind: 'unit' as const, unitId: unit!.id, unitName: unit!.name, socialCreditCode: unit!.socialCreditCode }
  })
}

/** One approved item: its seal made for the unit, with the manager the application names, in the transaction of its outcome. */
async function makeItemSeal(trust: Trust, application: UnitApplication, owner: UnitOwner, item: ApplySealItem) {
  const base = { itemId: item._id, sealTypeCode: item.sealTypeCode, sealName: sealNameFor(item, application.form, owner.unitName) }
  await recordFailureOnError(trust, { application, base }, async () => {
    const image = await sealPicture(trust, item.sealPic)
    const start = trust.now()
    const end = await unitSealValidUntil(trust.db, { socialCreditCode: owner.socialCreditCode, channel: application.channel }, start)
    await makeSeal(trust, {
      owner,
      sealName: base.sealName,
      sealTypeCode: item.sealTypeCode,
      sealCode: item.sealCode || undefined,
      image,
      certStartTime: start,
      certEndTime: end,
      ...(madePendingActivation(application)
        ? { status: sealStatusWide.PENDING_ACTIVATION }
        : { pinHash: application.legalPinHash ?? undefined, status: sealStatusWide.VALID }),
      inSameTransaction: async (tx, seal) => {
        await recordOutcome(tx, application.id, { ...base, sealId: seal.id, failReason: null })
        const form = application.form
        if (form.setSealManager && application.managerPinHash)
          await grantManagerOfApplication(tx, {
            sealId: seal.id,
            unitId: owner.unitId,
            manager: { name: form.sealManagerName, identityNo: form.sealManagerIdentityNo, phone: form.sealManagerTel },
            pinHash: application.managerPinHash,
            start,
            end,
          })
      },
    })
  })
}
