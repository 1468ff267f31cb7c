import { eq } from 'drizzle-orm'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import type { Database } from '../../db/client.ts'
import { businessError } from '../../errors.ts'
import { crlReason } from '../../trust/x509.ts'
import { unitApplications, type UnitApplication } from '../tables.ts'
import { unitStepOrFailItems } from './outcomes.ts'
import type { BusinessReview } from './plan.ts'
import { reissueItemSeal, type ReissueTermsOf } from './reissue.ts'
import { unitOnRecord, type UnitOwner } from './units.ts'

/** 续期 (RENEWAL): each seal of the unit as it is gets a new certificate for the unit's full validity from now. */
export const renewalReview: BusinessReview = {
  async sealItems(trust, application, pending) {
    const owner = await unitStepOrFailItems(trust, { application, pending }, () => renewingUnit(trust.db, application))
    if (owner) for (const item of pending) await reissueItemSeal(trust, { application, owner, newLegalPinHash: null, item, termsOf: renewed })
  },
}

/** The unit on record, unchanged; the application is linked to it. */
async function renewingUnit(db: Database, application: UnitApplication): Promise<UnitOwner> {
  const found = await unitOnRecord(db, application)
  if (!found) throw businessError(reviewMessages.sealNotOfUnit)
  const { unit } = found
  await db.update(unitApplications).set({ unitId: unit.id }).where(eq(unitApplications.id, application.id))
  return { kind: 'unit', unitId: unit.id, unitName: unit.name, socialCreditCode: unit.socialCreditCode }
}

/** Same name and picture; the old certificate is superseded. */
const renewed: ReissueTermsOf = async (seal, { fullEnd }) => ({
  sealName: seal.sealName,
  certEndTime: fullEnd,
  reasonCode: crlReason.superseded,
  reason: reviewMessages.renewedReason,
})
