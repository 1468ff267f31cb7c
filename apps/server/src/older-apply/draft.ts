import { unitApplicationForm, type UnitApplicationForm } from '@seal/shared/api/unit-apply'
import type { olderSaveBody } from '@seal/shared/api/older-apply'
import { applicantKind, businessType } from '@seal/shared/codes/business-type'
import { sealTypeCode, sealTypeLabel } from '@seal/shared/codes/seal-type'
import { messageTemplates, messages } from '@seal/shared/messages'
import { olderApplyMessages, olderLegalProblem, olderUnitProblem } from '@seal/shared/rules/older-apply'
import { unitTypeOfCreditCode } from '@seal/shared/rules/credit-code'
import type { z } from 'zod'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { realNameMessages } from '../identity/real-name/verify.ts'
import { ownApplication } from '../unit-apply/access.ts'
import { applyServerMessages } from '../unit-apply/messages.ts'
import { storeApplication } from '../unit-apply/service.ts'
import { sealTypesOffered } from './records.ts'

/** The door this folder opens (unit-apply/tables.ts `door`). */
export const OLDER_DOOR = 'OLDER'

type OlderSave = z.infer<typeof olderSaveBody>

/**
 * POST /apply/older/save †: steps 1 and 2 of the older wizard stored as the application they are — a legal
 * representative's new application (LEGAL_APPLY, APPLY) through the older door — so the unit verification can
 * verify it (POST /apply/fourElementsOfEnterpriseVerification verifies a stored draft; its ranId then names
 * it). The older wizard is the legal representative's own: only a verified person applying in his own name.
 * The older rules are checked first (001 §5 "Older flow and operator flow"), in the spec's words; the draft
 * itself goes through the new wizard's store (unit-apply/service.ts), so the rules on files, ownership and
 * what a draft may hold are the same.
 */
export async function saveOlderDraft(db: Database, caller: Caller, body: OlderSave): Promise<{ id: string }> {
  if (body.id) {
    const existing = await ownApplication(db, caller, body.id)
    if (existing.form.door !== OLDER_DOOR) throw businessError(olderApplyMessages.notOlderDraft)
  }
  const offered = await sealTypesOffered(db, caller, body.socialCreditCode)
  const choice = {
    chosen: body.seals.map((seal) => seal.sealTypeCode),
    available: offered.filter((type) => type.canMake).map((type) => type.sealTypeCode),
  }
  const known = new Set(offered.map((type) => type.sealTypeCode))
  const problem =
    (choice.chosen.some((type) => !known.has(type)) ? applyServerMessages.sealTypeUnknown : null) ??
    olderUnitProblem(body, choice) ??
    (choice.chosen.some((type) => !choice.available.includes(type)) ? messages.sealTypeAlreadyHeld : null) ??
    olderLegalProblem(body)
  if (problem) throw businessError(problem)
  if (!caller.person.verified) throw businessError(realNameMessages.notVerified)
  const me = { name: caller.person.name, identityNo: caller.person.identityNo.toUpperCase() }
  if (body.identityNum.trim().toUpperCase() !== me.identityNo || body.personName.trim() !== me.name) throw businessError(messageTemplates.identityMismatch('法人'))
  return storeApplication({ db, caller, body: formOf(body), door: OLDER_DOOR })
}

/** The older draft in the new wizard's form: the legal representative applies for his unit's new seals. */
function formOf(body: OlderSave): UnitApplicationForm {
  const code = body.socialCreditCode.trim().toUpperCase()
  return unitApplicationForm.parse({
    ...(body.id ? { id: body.id } : {}),
    businessType: businessType.APPLY,
    applyType: applicantKind.LEGAL_APPLY,
    businessLicense: body.license,
    unitName: body.unitName.trim(),
    socialCreditCode: code,
    addr: body.addressState,
    unitTypeCode: body.unitTypeCode,
    autoUnitTypeCode: unitTypeOfCreditCode(code),
    legalPersonName: body.personName.trim(),
    legalPersonIdentityNo: body.identityNum.trim().toUpperCase(),
    legalTel: body.tel.trim(),
    legalPersonIdFrontFileId: body.identityFront,
    legalPersonIdBackFileId: body.identityBack,
    sealInfo: body.seals.map((seal, i) => ({
      _id: `older-${seal.sealTypeCode}-${i}`,
      sealTypeCode: seal.sealTypeCode,
      sealTypeName: sealTypeLabel(seal.sealTypeCode),
      sealName: seal.sealTypeCode === sealTypeCode.OTHER ? seal.sealName : sealTypeLabel(seal.sealTypeCode),
    })),
  })
}
