import { unitApplicationForm, type UnitApplicationDetail, type UnitApplicationForm, type WizardStepKey } from '@seal/shared/api/unit-apply'
import type { LoginInfo } from '@seal/shared/api/auth'
import { applicantKind, type ApplicantKind, type BusinessType } from '@seal/shared/codes/business-type'
import { isMobilePhone } from '@seal/shared/rules/phone'

/**
 * The wizard's form outside React: a fresh one for the applicant, one read back from a stored application,
 * and the copy kept in sessionStorage so that a reload loses nothing typed since the last save.
 */
export type WizardKey = { businessType: BusinessType; applyType: ApplicantKind; sealId: string }

const formKeys = Object.keys(unitApplicationForm.shape) as (keyof UnitApplicationForm)[]
const passwordKeys = ['legalPassword', 'legalPasswordConfirm', 'sealManagerPassword', 'sealManagerPasswordConfirm'] as const

/** A new form: the logged-in person is the operator or the legal representative; an enterprise login names the unit. */
export function freshForm(key: WizardKey, me: LoginInfo | undefined): UnitApplicationForm {
  const form = unitApplicationForm.parse({ businessType: key.businessType, applyType: key.applyType, sealId: key.sealId })
  if (!me) return form
  if (key.applyType === applicantKind.OPERATOR_APPLY) {
    form.operatorRealName = me.personName
    form.operatorIdCardNo = me.personCard
    if (isMobilePhone(me.phone)) form.operatorTel = me.phone
  } else {
    form.legalPersonName = me.personName
    form.legalPersonIdentityNo = me.personCard
    if (isMobilePhone(me.phone)) form.legalTel = me.phone
  }
  if (me.kind === 'enterprise') {
    form.unitName = me.companyName ?? ''
    form.socialCreditCode = me.socialCreditCode ?? ''
  }
  return form
}

/** The form part of a stored application (the server never sends passwords back). */
export function formOfDetail(detail: UnitApplicationDetail): UnitApplicationForm {
  const picked: Record<string, unknown> = {}
  for (const name of formKeys) if (detail[name as keyof UnitApplicationDetail] !== undefined) picked[name] = detail[name as keyof UnitApplicationDetail]
  const parsed = unitApplicationForm.safeParse(picked)
  return parsed.success ? parsed.data : { ...unitApplicationForm.parse({ businessType: detail.businessType, applyType: detail.applyType }), ...picked }
}

/** The previous whole step (spec 001 §2 "Back goes to the previous whole step"). */
export function previousStep(step: WizardStepKey): WizardStepKey | null {
  if (step === '2') return '1'
  if (step === '3-1') return '2'
  if (step === '2-1') return '1'
  return null
}

/** Result steps: the wizard hands over to /new/seal-result. */
export const isResultStep = (step: string) => step === '3-2' || step === '2-2'

// ---- the copy kept across a reload ---------------------------------------------------------------

const MIRROR_KEY = 'seal.unitApply.form'

type Mirror = WizardKey & { id: string | null; form: UnitApplicationForm; dirty: boolean }

/**
 * Keeps the form (never its passwords) in sessionStorage. `dirty` says something was typed after the last
 * successful save: only then does the copy win over what the server has.
 */
export function writeMirror(key: WizardKey, form: UnitApplicationForm, dirty: boolean) {
  const kept: Partial<UnitApplicationForm> = { ...form }
  for (const name of passwordKeys) delete kept[name]
  const mirror = { ...key, id: form.id ?? null, form: kept, dirty }
  try {
    sessionStorage.setItem(MIRROR_KEY, JSON.stringify(mirror))
  } catch {
    // A full or blocked storage only costs the reload copy; the server draft is still there.
  }
}

/** The kept copy for this wizard and application (id null: never saved), if any. */
export function readMirror(key: WizardKey, id: string | null): Mirror | null {
  let value: unknown
  try {
    value = JSON.parse(sessionStorage.getItem(MIRROR_KEY) ?? 'null')
  } catch {
    return null
  }
  if (!value || typeof value !== 'object') return null
  const mirror = value as Mirror
  if (mirror.businessType !== key.businessType || mirror.applyType !== key.applyType || (mirror.sealId ?? '') !== key.sealId) return null
  if ((mirror.id ?? null) !== id) return null
  const parsed = unitApplicationForm.safeParse(mirror.form)
  return parsed.success ? { ...mirror, form: parsed.data } : null
}

export function clearMirror() {
  sessionStorage.removeItem(MIRROR_KEY)
}
