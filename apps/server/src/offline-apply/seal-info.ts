import { businessType } from '@seal/shared/codes/business-type'
import { offlineBusinessType } from '@seal/shared/codes/offline-status'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import type { SealsInApplication } from '../seals/in-application.ts'
import { managedSealList, renewableSeals } from '../seals/queries.ts'
import { queryCanApply } from '../unit-apply/seal-choices.ts'

/**
 * The seal lookups of the offline form (001 §7: seal/info, sealInfoBySocial). A unit's seals are its own
 * people's business: the seals the caller holds or manages (roles 1 and 2, seals/queries.ts) are listed;
 * anyone else hears what they would hear of a unit we do not know — no seals.
 */

/**
 * POST seal/info: for a new application (1) the seal types and which the unit has applied for (the new
 * wizard's picker, unit-apply/seal-choices.ts: 已申请 only to the unit's people); for a change (3) the
 * unit's seals the caller holds or manages, for a renewal (4) those the renewal rule allows.
 */
export async function offlineSealInfo(db: Database, caller: Caller, query: { socialCreditCode: string; businessType: number }, sealsInApplication: SealsInApplication) {
  const socialCreditCode = query.socialCreditCode.trim().toUpperCase()
  if (query.businessType === offlineBusinessType.APPLY) {
    const { canApply } = await queryCanApply(db, caller, { socialCreditCode, businessTypeEnum: businessType.APPLY })
    return canApply.map((option) => ({
      sealTypeCode: option.sealTypeCode,
      sealTypeName: option.sealTypeName,
      canMake: !option.applied,
      required: option.required,
      applied: option.applied,
      sealId: '',
      sealName: '',
      sealCode: '',
      status: '',
    }))
  }
  if (!socialCreditCode) return []
  const seals =
    query.businessType === offlineBusinessType.RENEWAL
      ? await renewableSeals({ db, caller, sealsInApplication, picture: null, socialCreditCode })
      : await managedSealList({ db, caller, sealsInApplication, picture: null, socialCreditCode, holderOnly: false })
  return seals.map((seal) => ({
    sealTypeCode: seal.sealTypeCode,
    sealTypeName: sealTypeLabel(seal.sealTypeCode),
    canMake: seal.status === '1',
    required: false,
    applied: false,
    sealId: seal.id,
    sealName: seal.sealName,
    sealCode: seal.sealCode,
    status: seal.status,
  }))
}

/** POST sealInfoBySocial: the unit's seals the caller holds or manages; anyone else an empty list. */
export async function sealsBySocial(db: Database, caller: Caller, socialCreditCode: string, sealsInApplication: SealsInApplication) {
  const code = socialCreditCode.trim().toUpperCase()
  if (!code) return []
  const seals = await managedSealList({ db, caller, sealsInApplication, picture: null, socialCreditCode: code, holderOnly: false })
  return seals.map((seal) => ({ sealId: seal.id, sealTypeCode: seal.sealTypeCode, sealName: seal.sealName, sealCode: seal.sealCode, status: seal.status }))
}
