import { and, eq, inArray, isNull, ne } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { UnitApplicationForm, WizardStepKey } from '@seal/shared/api/unit-apply'
import { openApplyStatuses } from '@seal/shared/codes/apply-status'
import { applicantKind, businessType } from '@seal/shared/codes/business-type'
import { sealStatusHeld, sealStatusWide } from '@seal/shared/codes/seal-status'
import { MAX_OTHER_TYPE_SEALS, sealTypeCode, unitSealTypeCodes } from '@seal/shared/codes/seal-type'
import { messageTemplates, messages } from '@seal/shared/messages'
import { stripWhitespace } from '@seal/shared/rules/seal-password'
import {
  applicantSetsLegalPassword,
  applicantSetsManagerPassword,
  changeProblem,
  changeTypeOf,
  formerUnitSealsProblem,
  legalPersonChangedFrom,
  legalPinAtSigning,
  managerPinAtSigning,
  renameSealsProblem,
  renamesUnit,
  step1Problem,
  step2Problem,
  step3Problem,
  type ChangeOriginal,
  type StepForm,
} from '@seal/shared/rules/unit-apply'
import { fullWidthBrackets } from '@seal/shared/text/normalize'
import type { Caller } from '../plugins/caller.ts'
import { accounts, persons, units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { files } from '../files/tables.ts'
import { seals } from '../seals/tables.ts'
import { unitNamedBy } from '../seals/make-seal.ts'
import { renewalProblem } from '../seals/renewal.ts'
import { sealCredentials } from '../trust/tables.ts'
import { hashSealPin } from '../trust/pin.ts'
import { applyServerMessages } from './messages.ts'
import { sealsInOpenApplications } from './seals-in-application.ts'
import { unitApplications, type StoredForm, type UnitApplication } from './tables.ts'


const upper = (value: string) => value.trim().toUpperCase()

/**
 * The form as it is kept: ID numbers and the credit code upper-cased, the unit name's half-width
 * brackets made full-width as licences print them (001 §5).
 */
export function normaliseForm(form: UnitApplicationForm): UnitApplicationForm {
  return {
    ...form,
    operatorIdCardNo: upper(form.operatorIdCardNo),
    legalPersonIdentityNo: upper(form.legalPersonIdentityNo),
    sealManagerIdentityNo: upper(form.sealManagerIdentityNo),
    socialCreditCode: upper(form.socialCreditCode),
    unitName: fullWidthBrackets(form.unitName.trim()),
  }
}

/** The form without its id and passwords: what the `form` column holds. */
export function storedFormOf(form: UnitApplicationForm): StoredForm {
  const { id: _id, legalPassword: _a, legalPasswordConfirm: _b, sealManagerPassword: _c, sealManagerPasswordConfirm: _d, ...stored } = form
  return stored
}

/** The list and lookup columns copied out of the form. */
export function formColumns(caller: Caller, form: StoredForm) {
  const types = [...new Set(form.sealInfo.map((seal) => seal.sealTypeCode))]
  const ownUnit = caller.kind === 'enterprise' && caller.unit && caller.unit.socialCreditCode === form.socialCreditCode
  return {
    step: form.step,
    socialCreditCode: form.socialCreditCode,
    unitName: form.unitName,
    legalPersonIdentityNo: form.legalPersonIdentityNo,
    sealTypes: types.join(','),
    sealId: form.sealId,
    unitId: ownUnit ? caller.unit!.id : null,
    // Saved by the applicant, so the channel they work through (its materials list, docs/operating.md).
    channel: caller.channel,
  }
}

/**
 * What the signed documents print (documents.ts): when a draft changes any of it, the legal
 * representative's signatures no longer cover what is on record and must be made again.
 */
export function documentFingerprint(form: StoredForm): string {
  const { unitName, socialCreditCode, unitTypeCode, addr, businessType: type, applyType } = form
  const people = [form.legalPersonName, form.legalPersonIdentityNo, form.legalTel, form.operatorRealName, form.operatorIdCardNo, form.operatorTel]
  const manager = form.setSealManager ? [form.sealManagerName, form.sealManagerIdentityNo, form.sealManagerTel] : []
  const sealList = form.sealInfo.map((seal) => [seal.sealTypeCode, seal.sealName, seal.sealCode])
  return JSON.stringify([type, applyType, unitName, socialCreditCode, unitTypeCode, addr, people, manager, sealList])
}

/** Every file the form points at. */
function formFileIds(form: StoredForm): string[] {
  const ids = [
    form.operatorFrontFileId,
    form.operatorBackFileId,
    form.businessLicense,
    form.legalPersonIdFrontFileId,
    form.legalPersonIdBackFileId,
    form.sealManagerIdFrontFileId,
    form.sealManagerIdBackFileId,
    ...form.sealInfo.flatMap((seal) => [seal.sealPic, seal.originalFileId]),
    ...form.applicationFiles,
  ]
  return [...new Set(ids.filter(Boolean))]
}

/**
 * Every file in the form was uploaded by the caller (from any of their accounts): an application cannot
 * carry, and so expose to its readers, someone else's ID photo. One query.
 */
export async function assertOwnFiles(db: Database, caller: Caller, form: StoredForm): Promise<void> {
  const ids = formFileIds(form)
  if (ids.length === 0) return
  const own = await db
    .select({ id: files.id })
    .from(files)
    .innerJoin(accounts, eq(accounts.id, files.ownerAccountId))
    .where(and(inArray(files.id, ids), eq(accounts.personId, caller.person.id)))
  if (own.length !== ids.length) throw businessError(applyServerMessages.notOwnFile)
}

/**
 * The passwords the applicant may set, typed in this request, checked with the shared rule and hashed
 * (argon2id); they go no further. An absent password keeps the stored hash. Whoever holds a seal sets its
 * PIN himself: an operator's application holds no legal representative's PIN (he sets it when he signs),
 * whatever the body carries, and a manager's password only when the operator (`applicantIdentityNo`, the
 * caller) is that manager; a password nobody here may set is dropped.
 */
export async function passwordHashes(form: UnitApplicationForm, applicantIdentityNo: string): Promise<{ legalPinHash?: string | null; managerPinHash?: string | null }> {
  // The shared step-2 rule on the passwords alone: with the hashes counted as set, an empty field is fine.
  const problem = step2Problem({ ...form, sealInfo: [] }, { legalPasswordSet: true, managerPasswordSet: true, applicantIdentityNo })
  if (problem) throw businessError(problem)
  const legal = stripWhitespace(form.legalPassword ?? '')
  const manager = stripWhitespace(form.sealManagerPassword ?? '')
  const setsLegal = applicantSetsLegalPassword(form)
  const setsManager = applicantSetsManagerPassword(form, applicantIdentityNo)
  return {
    ...(form.applyType === applicantKind.OPERATOR_APPLY ? { legalPinHash: null } : setsLegal && legal ? { legalPinHash: await hashSealPin(legal) } : {}),
    ...(!setsManager ? { managerPinHash: null } : manager ? { managerPinHash: await hashSealPin(manager) } : {}),
  }
}

/**
 * What the legal representative sets or confirms when he signs this application (shared rules
 * legalPinAtSigning, managerPinAtSigning): a change asks for a new PIN only when it names another legal
 * representative than the one on record.
 */
export function pinsAtSigning(row: UnitApplication): { legal: 'set' | 'confirm' | null; manager: boolean } {
  const form = { ...row.form, businessType: row.businessType, applyType: row.applyType }
  const original = row.form.changeOriginal
  return { legal: legalPinAtSigning(form, Boolean(original && legalPersonChangedFrom(form, original))), manager: managerPinAtSigning(form) }
}

/** The detail's `legalPinAtSigning` and `managerPinAtSigning`: what the signing page asks the legal representative. */
export function pinFieldsOf(row: UnitApplication) {
  const needs = pinsAtSigning(row)
  return { legalPinAtSigning: needs.legal, managerPinAtSigning: needs.manager }
}

/**
 * The unit's seal types in use: held (a seal in a held status) and applied for (in an open application
 * other than `exceptId`). Other-type seals (99) may repeat, so they are in `held` but never block.
 */
export async function sealTypesInUse(db: Database, socialCreditCode: string, exceptId?: string): Promise<{ held: Set<string>; applied: Set<string> }> {
  if (!socialCreditCode) return { held: new Set(), applied: new Set() }
  const [heldRows, openRows] = await Promise.all([
    db
      .selectDistinct({ sealTypeCode: seals.sealTypeCode })
      .from(seals)
      .innerJoin(units, eq(units.id, seals.unitId))
      .where(and(eq(units.socialCreditCode, socialCreditCode), inArray(seals.status, [...sealStatusHeld]))),
    db
      .select({ sealTypes: unitApplications.sealTypes })
      .from(unitApplications)
      .where(
        and(
          eq(unitApplications.socialCreditCode, socialCreditCode),
          inArray(unitApplications.applyStatus, [...openApplyStatuses]),
          isNull(unitApplications.deletedAt),
          exceptId ? ne(unitApplications.id, exceptId) : undefined,
        ),
      ),
  ])
  const held = new Set(heldRows.map((row) => row.sealTypeCode))
  const applied = new Set([...held, ...openRows.flatMap((row) => row.sealTypes.split(',').filter(Boolean))])
  applied.delete(sealTypeCode.OTHER)
  return { held, applied }
}

/**
 * The seal picker's rules for a new application: known unit seal types, at most 20 other-type seals, the
 * unit seal 01 unless the unit has it already, and no type the unit holds or is applying for.
 */
export async function sealChoiceProblem(db: Database, form: StepForm & { id?: string }): Promise<string | null> {
  if (form.businessType !== businessType.APPLY) return null
  const types = (form.sealInfo ?? []).map((seal) => seal.sealTypeCode)
  if (types.some((type) => !(unitSealTypeCodes as readonly string[]).includes(type))) return applyServerMessages.sealTypeUnknown
  if (types.filter((type) => type === sealTypeCode.OTHER).length > MAX_OTHER_TYPE_SEALS) return messages.otherSealsLimit
  const { applied } = await sealTypesInUse(db, form.socialCreditCode ?? '', form.id)
  if (!types.includes(sealTypeCode.UNIT_OFFICIAL) && !applied.has(sealTypeCode.UNIT_OFFICIAL)) return messages.officialSealRequired
  const named = types.filter((type) => type !== sealTypeCode.OTHER)
  if (new Set(named).size !== named.length || named.some((type) => applied.has(type))) return messages.sealTypeAlreadyHeld
  return null
}

/**
 * The applicant is who the form says: the legal representative applying is the caller, as is the
 * operator; an enterprise account applies only for its own unit.
 */
export function applicantProblem(caller: Caller, form: StepForm): string | null {
  const me = { identityNo: caller.person.identityNo.toUpperCase(), name: caller.person.name }
  if (form.applyType === applicantKind.LEGAL_APPLY) {
    if (upper(form.legalPersonIdentityNo ?? '') !== me.identityNo || (form.legalPersonName ?? '').trim() !== me.name) return messageTemplates.identityMismatch('法人')
  } else if (upper(form.operatorIdCardNo ?? '') !== me.identityNo || (form.operatorRealName ?? '').trim() !== me.name) {
    return messageTemplates.identityMismatch('经办人')
  }
  if (caller.kind === 'enterprise' && caller.unit && caller.unit.socialCreditCode !== upper(form.socialCreditCode ?? '')) return messages.enterpriseMismatch
  return null
}

/**
 * What the server already holds for the application: the verification outcome, the password hashes and,
 * for a change, the unit on record it starts from.
 */
export type ChainState = { companyVerifyPass: boolean | null; legalPasswordSet: boolean; managerPasswordSet: boolean; changeOriginal?: ChangeOriginal | null }

/**
 * The unit and legal representative on record for the seal a change is opened for (001 §3 orgUnitName,
 * orgLegalName, orgLegalNo), with the unit's region: what the change type is decided against. Null when
 * the seal is no unit's seal in effect.
 */
export async function changeOriginalOf(db: Database, sealId: string): Promise<ChangeOriginal | null> {
  if (!sealId) return null
  const [row] = await db
    .select({
      unitId: units.id,
      socialCreditCode: units.socialCreditCode,
      orgUnitName: units.name,
      orgUnitAdminNum: units.regionCode,
      orgLegalName: persons.name,
      orgLegalNo: persons.identityNo,
    })
    .from(seals)
    .innerJoin(units, eq(units.id, seals.unitId))
    .innerJoin(persons, eq(persons.id, units.legalPersonId))
    .where(and(eq(seals.id, sealId), inArray(seals.status, [...sealStatusHeld])))
    .limit(1)
  if (!row) return null
  const { unitId, socialCreditCode, ...original } = row
  const behind = await sealsNamingFormerUnit(db, { id: unitId, name: original.orgUnitName, socialCreditCode })
  return behind.length > 0 ? { ...original, sealsNamingFormerUnit: behind } : original
}

/**
 * The unit's seals in effect whose current certificate names the unit otherwise than its record (name or
 * credit code): a change of the unit whose reissue of them failed after the unit record had changed
 * (review/change.ts changeUnit, then each seal). The certificate is what the seal says to a verifier, so it
 * decides; the seal's name changes with it (reissueSealCredential). A unit has a few seals: read them all.
 */
export async function sealsNamingFormerUnit(db: Database, unit: { id: string; name: string; socialCreditCode: string }): Promise<string[]> {
  const rows = await db
    .select({ id: seals.id, certificateDer: sealCredentials.certificateDer })
    .from(seals)
    .innerJoin(sealCredentials, and(eq(sealCredentials.sealId, seals.id), eq(sealCredentials.status, 'active')))
    .where(and(eq(seals.unitId, unit.id), eq(seals.status, sealStatusWide.VALID)))
    .orderBy(seals.id)
  const behind = rows.filter((row) => {
    const named = unitNamedBy(row.certificateDer)
    return named.unitName !== unit.name || named.socialCreditCode !== unit.socialCreditCode.toUpperCase()
  })
  return [...new Set(behind.map((row) => row.id))]
}

/** A change's problem at step 1 (001 §5 "Change"): no seal of a unit to change, or nothing changed. */
export function changeStepProblem(form: StepForm, state: Pick<ChainState, 'changeOriginal'>): string | null {
  if (form.businessType !== businessType.CHANGE) return null
  if (!state.changeOriginal) return messages.noChangeableSeals
  return changeProblem(form, state.changeOriginal)
}

const openedSeal = alias(seals, 'opened_seal')

/**
 * The seals in effect (status 1) of the unit holding `sealId`: what a renaming change must name. A seal
 * applied for and not made yet, or cancelled, is not among them.
 */
export async function unitSealsInEffect(db: Database, sealId: string): Promise<{ id: string }[]> {
  if (!sealId) return []
  return db
    .select({ id: seals.id })
    .from(seals)
    .innerJoin(openedSeal, eq(openedSeal.unitId, seals.unitId))
    .where(and(eq(openedSeal.id, sealId), eq(seals.status, sealStatusWide.VALID)))
    .orderBy(seals.id)
}

/**
 * A change renaming the unit names every seal the unit holds in effect (decisions.md "A change of the unit
 * name changes every seal"): 单位名称变更需同时变更本单位全部有效印章. Asked of the database only when the name changed.
 */
export async function renameStepProblem(db: Database, form: StepForm, state: Pick<ChainState, 'changeOriginal'>): Promise<string | null> {
  const original = state.changeOriginal?.orgUnitName
  // Not renaming: the seals still naming the unit as it was must be named (a rename names them all anyway).
  if (!renamesUnit(form, original)) return formerUnitSealsProblem(form, state.changeOriginal)
  return renameSealsProblem(form, original, await unitSealsInEffect(db, form.sealId ?? ''))
}

/**
 * A renewal's problem at step 1: the seals it names (the one it was opened for and those chosen) must be
 * renewable by the rule POST /seal/canRenewal answers with (seals/renewal.ts), and no administrative or
 * public institution (06) renews.
 */
export async function renewalStepProblem(db: Database, form: StepForm): Promise<string | null> {
  if (form.businessType !== businessType.RENEWAL) return null
  const sealIds = [form.sealId ?? '', ...(form.sealInfo ?? []).map((seal) => seal.sealId ?? '')]
  return renewalProblem(db, { socialCreditCode: upper(form.socialCreditCode ?? ''), unitTypeCode: form.unitTypeCode ?? '', sealIds })
}

/**
 * A change, renewal, cancellation or recovery may not name a seal another application under way names
 * (001 §8 'seal in application cannot be selected'): two decisions on one seal at once would contradict.
 */
export async function sealInApplicationProblem(db: Database, form: StepForm & { id?: string }): Promise<string | null> {
  if (form.businessType === businessType.APPLY) return null
  const named = [form.sealId ?? '', ...(form.sealInfo ?? []).map((seal) => seal.sealId ?? '')]
  const underWay = await sealsInOpenApplications(db, named)
  return [...underWay.values()].some((application) => application.id !== form.id) ? messages.sealInApplication : null
}

/** The change type of a change application (001 §4), null for the other business types or without an original. */
export const changeTypeOfState = (form: StepForm, state: ChainState) =>
  form.businessType === businessType.CHANGE && state.changeOriginal ? changeTypeOf(form, state.changeOriginal) : null

/** The steps of the wizard in order (001 §2: cancellation 1, 2-1, 2-2; the others 1, 2, 3-1, 3-2). */
export const stepsOf = (type: string): WizardStepKey[] => (type === businessType.CANCEL ? ['1', '2-1', '2-2'] : ['1', '2', '3-1', '3-2'])

/**
 * Whether the signed application form must be uploaded (step 3-1): when the unit verification failed or
 * a seal photo goes to a reviewer, a person has to read the materials.
 */
export const materialsNeeded = (form: StepForm, state: ChainState) => state.companyVerifyPass === false || (form.sealInfo ?? []).some((seal) => seal.manualReview)

/** The first problem of the step being left, in the spec's order; null when it may be left. */
async function leavingProblem(options: { db: Database; caller: Caller; step: WizardStepKey; form: StepForm & { id?: string }; state: ChainState }): Promise<string | null> {
  const { db, caller, step, form, state } = options
  switch (step) {
    case '1':
      return (
        step1Problem(form) ??
        applicantProblem(caller, form) ??
        changeStepProblem(form, state) ??
        (await renameStepProblem(db, form, state)) ??
        // Verification first: which seal types a unit holds is told only to those who verified it.
        (state.companyVerifyPass === null ? applyServerMessages.verificationRequired : null) ??
        (await renewalStepProblem(db, form)) ??
        (await sealInApplicationProblem(db, form)) ??
        (await sealChoiceProblem(db, form))
      )
    case '2':
      return step2Problem(form, {
        applicantIdentityNo: caller.person.identityNo,
        legalPasswordSet: state.legalPasswordSet,
        managerPasswordSet: state.managerPasswordSet,
        changeType: changeTypeOfState(form, state),
      })
    case '3-1':
    case '2-1':
      return materialsNeeded(form, state) ? step3Problem(form) : null
    default:
      return null
  }
}

/** The first problem of every step before `target`, in order (moving back needs no check). */
export async function stepsBeforeProblem(options: {
  db: Database
  caller: Caller
  target: WizardStepKey
  form: StepForm & { id?: string }
  state: ChainState
}): Promise<string | null> {
  const steps = stepsOf(options.form.businessType)
  const index = steps.indexOf(options.target)
  if (index < 0) return applyServerMessages.stepsMissing
  for (const step of steps.slice(0, index)) {
    const problem = await leavingProblem({ ...options, step })
    if (problem) return problem
  }
  return null
}

/**
 * What a unit verification vouched for: the unit and the people the vendor checked (verification.ts keeps a
 * result only while the draft still names these). A draft saved with any of them changed asks for it again.
 */
export function sameVerifiedElements(before: StoredForm, after: StoredForm): boolean {
  const elements = (form: StoredForm) => [form.socialCreditCode, form.unitName, form.legalPersonName, form.legalPersonIdentityNo, form.operatorIdCardNo].map((value) => value ?? '')
  const [a, b] = [elements(before), elements(after)]
  return a.every((value, i) => value === b[i])
}

/** The state of a stored application. */
export const stateOf = (row: UnitApplication): ChainState => ({
  companyVerifyPass: row.companyVerifyPass,
  legalPasswordSet: Boolean(row.legalPinHash),
  managerPasswordSet: Boolean(row.managerPinHash),
  changeOriginal: row.form.changeOriginal ?? null,
})
