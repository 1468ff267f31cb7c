import { and, eq } from 'drizzle-orm'
import type { ApplySealItem } from '@seal/shared/api/unit-apply'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import { sealStatusHeld, sealStatusWide } from '@seal/shared/codes/seal-status'
import { units } from '../../auth/tables.ts'
import { businessError } from '../../errors.ts'
import { seals } from '../../seals/tables.ts'
import type { Trust } from '../../trust/context.ts'
import { revokeSeal } from '../../seals/make-seal.ts'
import type { UnitApplication } from '../tables.ts'
import { outcomeBase, recordFailureOnError, recordOutcome } from './outcomes.ts'
import type { BusinessReview } from './plan.ts'
import { creditCodeOf } from './units.ts'

/** 注销 (CANCEL): nothing of the unit changes; each seal the items name is cancelled. */
export const cancelReview: BusinessReview = {
  async sealItems(trust, application, pending) {
    for (const item of pending) await cancelItemSeal(trust, application, item)
  },
}

/** The unit's seal named by the item is cancelled and its certificate revoked (revokeSeal repeats safely). */
async function cancelItemSeal(trust: Trust, application: UnitApplication, item: ApplySealItem) {
  const base = outcomeBase(item, application)
  await recordFailureOnError(trust, { application, base }, async () => {
    const [seal] = item.sealId
      ? await trust.db
          .select({ id: seals.id, sealName: seals.sealName, status: seals.status })
          .from(seals)
          .innerJoin(units, eq(units.id, seals.unitId))
          .where(and(eq(seals.id, item.sealId), eq(units.socialCreditCode, creditCodeOf(application))))
          .limit(1)
      : []
    if (!seal || !(sealStatusHeld as readonly string[]).concat(sealStatusWide.CANCELLED).includes(seal.status))
      throw businessError(reviewMessages.sealNotOfUnit)
    await revokeSeal(trust, { sealId: seal.id, reason: reviewMessages.cancelledReason, revokedByPersonId: application.applicantPersonId })
    await recordOutcome(trust.db, application.id, { ...base, sealName: seal.sealName, sealId: seal.id, failReason: null })
  })
}
