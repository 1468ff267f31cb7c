import { and, eq } from 'drizzle-orm'
import { offlineMessages, OFFLINE_MAX_OTHER_SEALS } from '@seal/shared/api/offline-apply'
import { businessType } from '@seal/shared/codes/business-type'
import { sealTypeCode, unitSealTypeCodes } from '@seal/shared/codes/seal-type'
import { unitType } from '@seal/shared/codes/unit-type'
import { messages } from '@seal/shared/messages'
import { hasUniqueSealNames } from '@seal/shared/rules/names'
import { isNamedManager, step1Problem, step2Problem, type StepForm } from '@seal/shared/rules/unit-apply'
import { units } from '../auth/tables.ts'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { realNameMessages } from '../identity/real-name/verify.ts'
import { representsUnit } from '../seals/roles.ts'
import {
  applicantProblem,
  changeStepProblem,
  changeTypeOfState,
  renameStepProblem,
  renewalStepProblem,
  sealChoiceProblem,
  sealInApplicationProblem,
  stateOf,
} from '../unit-apply/checks.ts'
import { applyServerMessages } from '../unit-apply/messages.ts'
import type { UnitApplication } from '../unit-apply/tables.ts'

/**
 * What submitTodo checks on the stored offline application, in the spec's order, with the new wizard's
 * rules (@seal/shared/rules/unit-apply, unit-apply/checks.ts): step-1 (operator, legal representative,
 * unit, seals, manager), the applicant is the caller, a change or renewal's own rules, no seal another
 * application under way names (该印章已在其他申请中，不可选择), the seal choice,
 * then the seal patterns (step-2-1) and, for an administrative or public institution's new application,
 * the signed documents (step-2-2). No unit verification runs at this door: the paper form, stamped and
 * signed, is read by a person (review).
 */
export async function submitProblem(db: Database, caller: Caller, row: UnitApplication): Promise<string | null> {
  if (!caller.person.verified) return realNameMessages.notVerified
  const form: StepForm & { id: string } = { ...row.form, id: row.id, businessType: row.businessType, applyType: row.applyType }
  const state = stateOf(row)
  return (
    step1Problem(form) ??
    applicantProblem(caller, form) ??
    managerProblem(form) ??
    changeStepProblem(form, state) ??
    (await renameStepProblem(db, form, state)) ??
    (await renewalStepProblem(db, form)) ??
    (await sealInApplicationProblem(db, form)) ??
    (await offlineSealChoiceProblem(db, caller, form)) ??
    patternProblem(form, row) ??
    documentsProblem(form)
  )
}

/**
 * The seal manager of an offline application is the operator himself (经办人即管理员), who sets his own
 * password; nobody else's password can be set at this door (the legal representative sets his own when he
 * activates the seals). Checked only when a manager is set.
 */
function managerProblem(form: StepForm): string | null {
  if (!form.setSealManager) return null
  return isNamedManager(form, form.operatorIdCardNo ?? '') ? null : offlineMessages.managerMustBeOperator
}

/**
 * The seal choice of a new application. Which types a unit holds or is applying for is told only to its own
 * people (DESIGN.md "A unit's data goes only to its own verified people"): for them, the new wizard's whole
 * rule (unit seal 01 unless held, no type held or applied for); for anyone else, the rule of the form alone
 * (known types, unique, at most 20 other-type seals with unique names); a type the unit already holds then
 * fails alone at making, with its reason, after a person's review.
 */
async function offlineSealChoiceProblem(db: Database, caller: Caller, form: StepForm & { id: string }): Promise<string | null> {
  if (form.businessType !== businessType.APPLY) return null
  const types = (form.sealInfo ?? []).map((seal) => seal.sealTypeCode)
  if (types.some((type) => !(unitSealTypeCodes as readonly string[]).includes(type))) return applyServerMessages.sealTypeUnknown
  const others = (form.sealInfo ?? []).filter((seal) => seal.sealTypeCode === sealTypeCode.OTHER)
  if (others.length > OFFLINE_MAX_OTHER_SEALS) return messages.otherSealsLimit
  if (await isUnitsOwn(db, caller, form.socialCreditCode ?? '')) return sealChoiceProblem(db, form)
  const named = types.filter((type) => type !== sealTypeCode.OTHER)
  if (new Set(named).size !== named.length) return messages.sealTypeAlreadyHeld
  if (!hasUniqueSealNames(others.map((seal) => seal.sealName))) return messages.otherSealNameDuplicate
  return null
}

/** The caller is the unit's own: its enterprise account, or its verified legal representative on record. */
export async function isUnitsOwn(db: Database, caller: Caller, socialCreditCode: string): Promise<boolean> {
  const code = socialCreditCode.trim().toUpperCase()
  if (!code) return false
  if (caller.kind === 'enterprise' && caller.unit?.socialCreditCode === code) return true
  const [unit] = await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.socialCreditCode, code), representsUnit(caller.person)))
    .limit(1)
  return Boolean(unit)
}

/**
 * step-2-1: a pattern for each seal that needs one (a renewal keeps its seals' pictures), or its photo left
 * for manual review after the impression could not be cut out twice; other-type names. The offline flow
 * says 请上传印章图样 for a missing pattern.
 */
function patternProblem(form: StepForm, row: UnitApplication): string | null {
  const problem = step2Problem(form, {
    applicantIdentityNo: form.operatorIdCardNo ?? '',
    legalPasswordSet: true,
    managerPasswordSet: Boolean(row.managerPinHash),
    changeType: changeTypeOfState(form, stateOf(row)),
  })
  return problem === messages.sealImageRequired ? messages.sealPatternRequired : problem
}

/**
 * step-2-2: an administrative or public institution (06) applying for new seals uploads the signed
 * documents before it submits (001 §4); everyone else may upload them or mail the paper after submitting.
 */
function documentsProblem(form: StepForm): string | null {
  const government = form.unitTypeCode === unitType.ADMINISTRATIVE_OR_PUBLIC_INSTITUTION && form.businessType === businessType.APPLY
  return government && (form.applicationFiles ?? []).length === 0 ? messages.applicationFormRequired : null
}
