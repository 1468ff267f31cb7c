import type { z } from 'zod'
import type { fourElementsAnswer, fourElementsBody, UnitApplicationForm } from '@seal/shared/api/unit-apply'
import { post } from '../../../lib/request/request.ts'

export type VerificationOutcome = z.infer<typeof fourElementsAnswer>

/**
 * POST /apply/fourElementsOfEnterpriseVerification: the unit verification of step 1 (60 s, set in the
 * request module). The envelope is '00' whenever the check ran; its verdict is inside: '00' passed,
 * '40075' offers manual review, anything else failed.
 */
export function verifyEnterprise(body: z.input<typeof fourElementsBody>) {
  return post<VerificationOutcome>('/apply/fourElementsOfEnterpriseVerification', body)
}

/** The unit verification of a wizard draft as typed (both wizards' step 1: the new one and the older pages). */
export function verifyDraftUnit(
  form: UnitApplicationForm,
  check: { faceSerialNo: string | undefined; continueToManualReview?: boolean },
) {
  return verifyEnterprise({
    applyId: form.id!,
    legal: form.legalPersonName.trim(),
    legalIdentity: form.legalPersonIdentityNo.trim().toUpperCase(),
    name: form.unitName.trim(),
    socialCode: form.socialCreditCode.trim().toUpperCase(),
    unitTypeCode: form.unitTypeCode || undefined,
    unitAdminNum: form.addr[2] || undefined,
    limitDuplicateApplication: form.sealInfo.map((seal) => seal.sealTypeCode).slice(0, 10),
    ...check,
  })
}
