import { and, eq } from 'drizzle-orm'
import type { ApplySealItem } from '@seal/shared/api/unit-apply'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import { sealStatusHeld, sealStatusWide } from '@seal/shared/codes/seal-status'
import { businessError } from '../../errors.ts'
import { carryAuthorisations } from '../../seal-auth/service.ts'
import { seals } from '../../seals/tables.ts'
import type { Trust } from '../../trust/context.ts'
import { reissueSealCredential, type ReissueSealInput } from '../../seals/make-seal.ts'
import { storePinHash } from '../../trust/pin.ts'
import { sealPins } from '../../trust/tables.ts'
import type { UnitApplication } from '../tables.ts'
import { outcomeBase, recordFailureOnError, recordOutcome } from './outcomes.ts'
import { unitSealValidUntil, type UnitOwner } from './units.ts'

/** What a renewal or a change writes in the new certificate. */
type ReissueTerms = Required<Pick<ReissueSealInput, 'sealName' | 'certEndTime' | 'reasonCode' | 'reason'>> & Pick<ReissueSealInput, 'image'>

/** The terms, decided from the seal as it is, the start of the new certificate and the unit's full validity from then. */
export type ReissueTermsOf = (seal: { sealName: string; certEndTime: Date }, period: { start: Date; fullEnd: Date }) => Promise<ReissueTerms>

/**
 * 续期 / 变更: the unit's seal named by the item gets a new certificate (same seal, PIN and authorisations),
 * the old one revoked, with the item's outcome in the same transaction. What the certificate says is the
 * business type's (`termsOf`); a new legal representative's PIN, when a change names one, goes on the seal.
 */
export async function reissueItemSeal(
  trust: Trust,
  options: {
    application: UnitApplication
    owner: UnitOwner
    newLegalPinHash: string | null
    /** The seal leaves its PIN and waits for activation by the new legal representative (change.ts). */
    pendingActivation?: boolean
    item: ApplySealItem
    termsOf: ReissueTermsOf
  },
) {
  const { application, owner, item } = options
  const base = outcomeBase(item, application)
  await recordFailureOnError(trust, { application, base }, async () => {
    const [seal] = item.sealId
      ? await trust.db
          .select({ id: seals.id, sealName: seals.sealName, status: seals.status, certEndTime: seals.certEndTime })
          .from(seals)
          .where(and(eq(seals.id, item.sealId), eq(seals.unitId, owner.unitId)))
          .limit(1)
      : []
    if (!seal || !(sealStatusHeld as readonly string[]).includes(seal.status)) throw businessError(reviewMessages.sealNotOfUnit)
    const start = trust.now()
    const fullEnd = await unitSealValidUntil(trust.db, { socialCreditCode: owner.socialCreditCode, channel: application.channel }, start)
    const terms = await options.termsOf(seal, { start, fullEnd })
    await reissueSealCredential(trust, {
      sealId: seal.id,
      owner,
      ...terms,
      certStartTime: start,
      inSameTransaction: async (tx, made) => {
        if (options.newLegalPinHash) await storePinHash(tx, made.id, options.newLegalPinHash, start)
        if (options.pendingActivation) {
          await tx.delete(sealPins).where(eq(sealPins.sealId, made.id))
          await tx.update(seals).set({ status: sealStatusWide.PENDING_ACTIVATION, updatedAt: start }).where(eq(seals.id, made.id))
        }
        await carryAuthorisations(tx, { sealId: made.id, reserved: application.form.reservedAuth !== false, periods: application.form.authPersons, certEndTime: terms.certEndTime, now: start })
        await recordOutcome(tx, application.id, { ...base, sealName: terms.sealName, sealId: made.id, failReason: null })
      },
    })
  })
}
