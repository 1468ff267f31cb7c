import type { ApplySealItem } from '@seal/shared/api/unit-apply'
import { sealTypeCode, sealTypeLabels, type SealTypeCode } from '@seal/shared/codes/seal-type'

let counter = 0

/** A row key of the client's own (`_id`): unique within the page, no secure-context API needed. */
export function newItemId(): string {
  counter += 1
  return `s${Date.now().toString(36)}${counter}`
}

/** A new seal item of a type (other-type items start without a name: the applicant gives one). */
export function sealItemOf(input: { sealTypeCode: string; sealTypeName?: string; sealId?: string; sealName?: string; sealCode?: string }): ApplySealItem {
  const typeName = input.sealTypeName || sealTypeLabels[input.sealTypeCode as SealTypeCode] || ''
  return {
    _id: newItemId(),
    sealId: input.sealId ?? '',
    sealCode: input.sealCode ?? '',
    sealName: input.sealName ?? (input.sealTypeCode === sealTypeCode.OTHER ? '' : typeName),
    sealTypeCode: input.sealTypeCode,
    sealTypeName: typeName,
    sealPic: '',
    originalFileId: '',
    errorCount: 0,
    manualReview: false,
  }
}
