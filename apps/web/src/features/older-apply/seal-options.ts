import type { ApplySealType, SealRecord } from '@seal/shared/api/older-apply'
import { sealOptionBusinessType, type SealOptionBusinessType } from '@seal/shared/codes/business-type'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { sealTypeCode } from '@seal/shared/codes/seal-type'

/**
 * Step 1's seal-type options (spec 001 §3 "Seal type option", §4 "Seal status from the existing-record query",
 * "Seal-type choice"), from the three answers about the unit: the types offered (applySealTypeCode), its records
 * (queryMake) and the types it applies for (queryCannotMakeBySocialCreditCode).
 */
export type SealOption = {
  sealTypeCode: string
  sealTypeName: string
  /** A new application of the type can be made. */
  canMake: boolean
  /** Chosen when the page opens. */
  chooseStatus: boolean
  /** 1 apply, 2 activate (001 §3 _businessType); null when the type cannot be chosen here. */
  _businessType: SealOptionBusinessType | null
  /** The status of the unit's seal of this type still in hand (the wide reading), '' without one. */
  status: string
  _applyIng: boolean
  _isRecord: boolean
  _recordsNumber: number
  _sealCode: string
  /** What choosing it does: chosen for a new application, locked, or sent elsewhere (with the reason). */
  kind: 'apply' | 'official' | 'activate' | 'pendingActivation' | 'inEffect' | 'changing' | 'applying'
}

/** Statuses of a seal still in hand whose type cannot be applied for again: the "one per type" rule's set. */
const inApplication = new Set<string>([
  sealStatusWide.PENDING_REVIEW,
  sealStatusWide.RENEWING,
  sealStatusWide.UNDER_REVIEW,
])
const held = new Set<string>([
  sealStatusWide.VALID,
  sealStatusWide.PENDING_ACTIVATION,
  sealStatusWide.AWAITING_MAKING,
  sealStatusWide.UPDATING,
  ...inApplication,
])

function kindOf(status: string, applying: boolean, type: string): SealOption['kind'] {
  if (status === sealStatusWide.UPDATING) return 'changing'
  if (applying || inApplication.has(status)) return 'applying'
  if (status === sealStatusWide.AWAITING_MAKING) return 'activate'
  if (status === sealStatusWide.PENDING_ACTIVATION) return 'pendingActivation'
  if (status === sealStatusWide.VALID) return 'inEffect'
  return type === sealTypeCode.UNIT_OFFICIAL ? 'official' : 'apply'
}

export function sealOptionsOf(facts: {
  types: ApplySealType[]
  records: SealRecord[]
  cannot: { sealTypeCode: string; applying: boolean }[]
}): SealOption[] {
  return facts.types.map((type) => {
    const records = facts.records.filter((record) => record.sealTypeCode === type.sealTypeCode)
    // Other-type seals are many: one in hand or in application does not stop another.
    const many = type.sealTypeCode === sealTypeCode.OTHER
    const inHand = many ? undefined : records.find((record) => held.has(record.status))
    const applying = !many && facts.cannot.some((item) => item.sealTypeCode === type.sealTypeCode && item.applying)
    const kind = kindOf(inHand?.status ?? '', applying, type.sealTypeCode)
    const forApply = kind === 'apply' || kind === 'official'
    return {
      sealTypeCode: type.sealTypeCode,
      sealTypeName: type.sealTypeName,
      canMake: forApply && type.canMake,
      // With no records the unit seal is chosen for a new application; a seal awaiting activation is chosen to activate.
      chooseStatus: kind === 'activate' || (kind === 'official' && type.canMake),
      _businessType: forApply
        ? sealOptionBusinessType.APPLY
        : kind === 'activate'
          ? sealOptionBusinessType.ACTIVATE
          : null,
      status: inHand?.status ?? '',
      _applyIng: kind === 'applying',
      _isRecord: records.length > 0,
      _recordsNumber: records.length,
      _sealCode: records.length === 1 ? records[0]!.sealCode : '',
      kind,
    }
  })
}
