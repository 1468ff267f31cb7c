import type { UnitApplicationForm } from '@seal/shared/api/unit-apply'
import { messages } from '@seal/shared/messages'
import { isCreditCode } from '@seal/shared/rules/credit-code'
import { wizardUnitNameSchema } from '@seal/shared/rules/names'

/**
 * The unit part of the new wizard's step-1 rule (@seal/shared/rules/unit-apply step1Problem), in its order
 * and words: the older change asks the unit on its first page and the legal representative on the next,
 * whose 下一步 checks the whole rule (and the server again).
 */
export function unitPartProblem(form: UnitApplicationForm): string | null {
  if (!form.businessLicense.trim()) return messages.businessLicenseRequired
  const unitName = wizardUnitNameSchema.safeParse(form.unitName)
  if (!unitName.success) return unitName.error.issues[0]!.message
  if (!isCreditCode(form.socialCreditCode.toUpperCase())) return messages.invalidCreditCodeWizard
  if (form.addr.filter(Boolean).length < 3) return messages.unitRegistrationPlaceRequired
  if (!form.unitTypeCode.trim()) return messages.unitTypeEmpty
  if (form.sealInfo.length === 0) return messages.sealRequired
  return null
}
