import type { UnitApplicationForm } from '../api/unit-apply.ts'
import { applicantKind, businessType, changeSealImagesNeeded, changeType, type ChangeType } from '../codes/business-type.ts'
import { identityType } from '../codes/identity-type.ts'
import { sealTypeCode } from '../codes/seal-type.ts'
import { messages } from '../messages.ts'
import { beijingDayStart } from '../text/beijing-time.ts'
import { fullWidthBrackets } from '../text/normalize.ts'
import { isCreditCode } from './credit-code.ts'
import { isIdCard } from './id-card.ts'
import { isPersonName, hasUniqueSealNames, wizardUnitNameSchema } from './names.ts'
import { renewalUnitProblem } from './renewal.ts'
import { isMobilePhone } from './phone.ts'
import { isSealPassword, stripWhitespace } from './seal-password.ts'

/**
 * The new wizard's checks (spec 001 §5 "New wizard, step 1, in order", "step 2", "Step 3-1"), shared by
 * the screen and the server: each answers the first problem as the spec words it, or null. The order is
 * the spec's, so the person always hears about the first field in the list that is wrong.
 */
export type StepForm = Pick<UnitApplicationForm, 'businessType' | 'applyType'> & Partial<UnitApplicationForm>

/** A certificate number: an ID card number for type 111, otherwise 1-100 characters. */
function isIdentityNo(type: string | undefined, value: string | undefined): boolean {
  const v = (value ?? '').trim()
  if ((type ?? identityType.RESIDENT_ID_CARD) === identityType.RESIDENT_ID_CARD) return isIdCard(v.toUpperCase())
  return v.length > 0 && v.length <= 100
}

const filled = (value: string | undefined) => Boolean(value && value.trim())

/** Whether the operator section is shown (operator applications only). */
export const hasOperatorSection = (form: StepForm) => form.applyType === applicantKind.OPERATOR_APPLY
/** Whether the seal manager section is shown (new application or recover only, 001 §2). */
export const hasManagerSection = (form: StepForm) =>
  form.businessType === businessType.APPLY || form.businessType === businessType.RETRIEVE
/** Whether the business info (seal-type picker) is shown: not for cancellation. */
export const hasBusinessSection = (form: StepForm) => form.businessType !== businessType.CANCEL

/** Step 1: operator, legal person, unit, seals, manager, then the change rules. */
export function step1Problem(form: StepForm): string | null {
  if (hasOperatorSection(form)) {
    if (!isPersonName(form.operatorRealName ?? '')) return messages.invalidOperatorName
    if (!isIdentityNo(identityType.RESIDENT_ID_CARD, form.operatorIdCardNo)) return messages.invalidOperatorIdNumber
    if (!filled(form.operatorFrontFileId)) return messages.operatorIdFrontRequired
    if (!filled(form.operatorBackFileId)) return messages.operatorIdBackRequired
    if (!isMobilePhone(form.operatorTel ?? '')) return messages.invalidOperatorPhone
  }

  if (!filled(form.legalPersonIdFrontFileId)) return messages.legalIdFrontRequired
  if (!filled(form.legalPersonIdBackFileId)) return messages.legalIdBackRequired
  if (!isPersonName(form.legalPersonName ?? '')) return messages.invalidLegalName
  if ((form.legalPersonIdentityType ?? identityType.RESIDENT_ID_CARD) === identityType.RESIDENT_ID_CARD && !isIdentityNo(identityType.RESIDENT_ID_CARD, form.legalPersonIdentityNo))
    return messages.invalidLegalIdNumber
  if (!isMobilePhone(form.legalTel ?? '')) return messages.invalidLegalPhone

  if (!filled(form.businessLicense)) return messages.businessLicenseRequired
  const unitName = wizardUnitNameSchema.safeParse(form.unitName ?? '')
  if (!unitName.success) return unitName.error.issues[0]!.message
  if (!isCreditCode((form.socialCreditCode ?? '').toUpperCase())) return messages.invalidCreditCodeWizard
  if ((form.addr ?? []).filter(Boolean).length < 3) return messages.unitRegistrationPlaceRequired
  if (!filled(form.unitTypeCode)) return messages.unitTypeEmpty
  if (form.businessType === businessType.RENEWAL) {
    const institution = renewalUnitProblem(form.unitTypeCode!)
    if (institution) return institution
  }

  // The seal-type picker (or, for cancellation, the seals to cancel).
  if ((form.sealInfo ?? []).length === 0) return messages.sealRequired

  if (hasManagerSection(form) && form.setSealManager) {
    if (!filled(form.sealManagerIdFrontFileId)) return messages.managerIdFrontRequired
    if (!filled(form.sealManagerIdBackFileId)) return messages.managerIdBackRequired
    if (!isPersonName(form.sealManagerName ?? '')) return messages.invalidManagerName
    if (!isIdentityNo(form.sealManagerIdentityType, form.sealManagerIdentityNo)) return messages.invalidManagerIdNumber
    if (!isMobilePhone(form.sealManagerTel ?? '')) return messages.invalidManagerPhone
  }
  return null
}

/**
 * What a change starts from (001 §3 orgUnitName, orgLegalName, orgLegalNo): the unit and legal
 * representative on record for the seal the change was opened for, read by the server, never typed.
 * `orgUnitAdminNum` is the unit's registration region (last level) when on record.
 */
export type ChangeOriginal = {
  orgUnitName: string
  orgLegalName: string
  orgLegalNo: string
  orgUnitAdminNum?: string | null
  /**
   * The unit's seals in effect whose certificate still names the unit as it was (name or credit code): a
   * change of the unit whose reissue of them failed (decisions.md "A seal left behind by a rename"). Absent
   * when there is none.
   */
  sealsNamingFormerUnit?: string[]
}

/** Whether some of the unit's seals in effect still name the unit as it was: a change has something to do. */
const sealsBehind = (original: ChangeOriginal) => (original.sealsNamingFormerUnit ?? []).length > 0

const sameText = (a: string | undefined, b: string) => (a ?? '').trim() === b.trim()
const sameNo = (a: string | undefined, b: string) => (a ?? '').trim().toUpperCase() === b.trim().toUpperCase()

/**
 * A change must change something (001 §5): the legal representative applying with the same unit name and
 * legal person name, or an operator with the same name, legal name and legal ID, is told no change is needed.
 * A seal still naming the unit as it was does not bear that name yet: bringing it in line is a change.
 */
export function changeProblem(form: StepForm, original: ChangeOriginal): string | null {
  if (form.businessType !== businessType.CHANGE) return null
  const sameName = sameText(form.unitName, original.orgUnitName) && !sealsBehind(original)
  const sameLegal = sameText(form.legalPersonName, original.orgLegalName)
  if (form.applyType === applicantKind.LEGAL_APPLY && sameName && sameLegal) return messages.legalApplicantNothingChanged
  if (form.applyType === applicantKind.OPERATOR_APPLY && sameName && sameLegal && sameNo(form.legalPersonIdentityNo, original.orgLegalNo)) return messages.operatorNothingChanged
  if (changeTypeOf(form, original) === changeType.NOTHING_CHANGED) return messages.nothingChanged
  return null
}

/**
 * The change type code (001 §4): '3' the unit name or registration region changed (or a seal still names
 * the unit as it was: its name changes, and its picture); else '1' the legal person changed (name or ID
 * number) and the change includes the legal representative's name seal 05; '2' the legal person changed;
 * '0' nothing changed (the change is blocked).
 */
export function changeTypeOf(form: StepForm, original: ChangeOriginal): ChangeType {
  const region = (form.addr ?? [])[2] ?? ''
  const regionChanged = Boolean(original.orgUnitAdminNum) && Boolean(region) && region !== original.orgUnitAdminNum
  if (!sameText(form.unitName, original.orgUnitName) || regionChanged || sealsBehind(original)) return changeType.NAME_OR_REGION
  if (!legalPersonChangedFrom(form, original)) return changeType.NOTHING_CHANGED
  const withNameSeal = (form.sealInfo ?? []).some((seal) => seal.sealTypeCode === sealTypeCode.LEGAL_REPRESENTATIVE_NAME)
  return withNameSeal ? changeType.LEGAL_PERSON_WITH_NAME_SEAL : changeType.LEGAL_PERSON
}

/**
 * Whether a change renames the unit: its name differs from the name on record (`orgUnitName`), compared as
 * the server keeps names (trimmed, brackets full-width). A change of the region alone does not: the region
 * is in neither the seal image nor the certificate.
 */
export function renamesUnit(form: Pick<StepForm, 'businessType' | 'unitName'>, orgUnitName: string | null | undefined): boolean {
  if (form.businessType !== businessType.CHANGE || !orgUnitName) return false
  const named = fullWidthBrackets((form.unitName ?? '').trim())
  return named !== '' && named !== fullWidthBrackets(orgUnitName.trim())
}

/** The ids of the unit's seals in effect that the change does not name. */
export function sealsLeftOut(form: Pick<StepForm, 'sealInfo'>, inEffect: readonly { id: string }[]): string[] {
  const named = new Set((form.sealInfo ?? []).map((seal) => seal.sealId).filter(Boolean))
  return inEffect.filter((seal) => !named.has(seal.id)).map((seal) => seal.id)
}

/**
 * A renaming change names every seal the unit holds in effect (status 1): the unit name is in every seal's
 * image and certificate subject, so a seal left out would go on naming the old unit. `inEffect` is the
 * unit's seals in effect (a seal applied for but not made yet, or cancelled, is not among them). A change
 * of the legal representative alone keeps the free choice.
 */
export function renameSealsProblem(
  form: Pick<StepForm, 'businessType' | 'unitName' | 'sealInfo'>,
  orgUnitName: string | null | undefined,
  inEffect: readonly { id: string }[],
): string | null {
  if (!renamesUnit(form, orgUnitName)) return null
  return sealsLeftOut(form, inEffect).length > 0 ? unitApplyMessages.renameNeedsAllSeals : null
}

/**
 * A change of a unit some of whose seals in effect still name it as it was (a rename whose reissue of them
 * failed) names those seals, so that it brings them in line; the unit's other seals stay a free choice.
 */
export function formerUnitSealsProblem(form: Pick<StepForm, 'businessType' | 'sealInfo'>, original: ChangeOriginal | null | undefined): string | null {
  if (form.businessType !== businessType.CHANGE || !original || !sealsBehind(original)) return null
  const behind = original.sealsNamingFormerUnit!.map((id) => ({ id }))
  return sealsLeftOut(form, behind).length > 0 ? unitApplyMessages.formerUnitSealsNeeded : null
}

/**
 * Whether a seal of a change needs a new picture (001 §4 "Seal images needed: '1' only type 05; '2' none;
 * '3' all"). Other business types: every seal but a recovered one (which keeps its picture).
 */
export function needsNewPicture(form: StepForm, sealType: string, type: ChangeType | null | undefined): boolean {
  // A recovered or renewed seal keeps its picture (001 §4; a renewal reissues only the certificate).
  if (form.businessType === businessType.RETRIEVE || form.businessType === businessType.RENEWAL) return false
  if (form.businessType !== businessType.CHANGE || !type) return true
  const needed = changeSealImagesNeeded[type as Exclude<ChangeType, '0'>]
  return needed === 'all' || (needed === 'legalRepresentativeNameSealOnly' && sealType === sealTypeCode.LEGAL_REPRESENTATIVE_NAME)
}

/** Other-type seals (99): named, names unique. */
function otherSealsProblem(form: StepForm): string | null {
  const others = (form.sealInfo ?? []).filter((s) => s.sealTypeCode === sealTypeCode.OTHER)
  if (others.some((s) => !filled(s.sealName))) return messages.otherSealNameRequired
  if (!hasUniqueSealNames(others.map((s) => s.sealName))) return messages.otherSealNameDuplicate
  return null
}

/**
 * Step 2: an image per seal (or its photo sent to manual review), filing numbers where the channel needs
 * them, other-type names, then the passwords. `passwordsSet` says the server already holds them (a
 * returning applicant need not type them again unless they change them).
 */
export function step2Problem(
  form: StepForm,
  options: {
    filingNumberRequired?: boolean
    legalPasswordSet?: boolean
    managerPasswordSet?: boolean
    changeType?: ChangeType | null
    now?: number
    /** Whose step 2 this is (their ID number): an operator types a manager's password only as that manager. */
    applicantIdentityNo?: string
  } = {},
): string | null {
  // A recovered seal keeps the picture it has (001 §4: for recover the pictures are cleared, not asked for);
  // a change asks only for the pictures its change type needs.
  for (const seal of form.sealInfo ?? []) {
    if (!needsNewPicture(form, seal.sealTypeCode, options.changeType)) continue
    if (!filled(seal.sealPic) && !(seal.manualReview && filled(seal.originalFileId))) return messages.sealImageRequired
  }
  if (options.filingNumberRequired && (form.sealInfo ?? []).some((s) => s.sealCode === undefined)) return messages.filingNumberRequired
  const others = otherSealsProblem(form)
  if (others) return others
  const periods = authPeriodsProblem(form, options.now ?? Date.now())
  if (periods) return periods

  // A renewal keeps the seal's PIN and its manager's password: none is set here.
  if (!setsPasswords(form)) return null
  if (applicantSetsLegalPassword(form)) {
    const legal = passwordProblem(form.legalPassword, form.legalPasswordConfirm, options.legalPasswordSet, {
      required: messages.legalPasswordRequired,
      rule: messages.legalPasswordRule,
      differ: messages.legalPasswordsDiffer,
    })
    if (legal) return legal
  }
  if (applicantSetsManagerPassword(form, options.applicantIdentityNo ?? form.operatorIdCardNo ?? '')) {
    return passwordProblem(form.sealManagerPassword, form.sealManagerPasswordConfirm, options.managerPasswordSet, {
      required: messages.managerPasswordRequired,
      rule: messages.legalPasswordRule.replace('法人', '管理员'),
      differ: messages.managerPasswordsDiffer,
    })
  }
  return null
}

/** Whether step 2 sets the seal passwords: every business but a renewal, which keeps them. */
export const setsPasswords = (form: Pick<StepForm, 'businessType'>) => form.businessType !== businessType.RENEWAL

/*
 * Whoever holds a seal sets its PIN himself. The legal representative holds the unit's seals: applying
 * himself, he sets their PIN at step 2; in an operator's application he sets it (or confirms the one the
 * seals keep) when he signs the application (agency centre), never the operator, who cannot know it.
 */

/** Whether step 2 asks the applicant for the legal representative's PIN: only when he is the applicant. */
export const applicantSetsLegalPassword = (form: Pick<StepForm, 'businessType' | 'applyType'>) =>
  form.applyType === applicantKind.LEGAL_APPLY && setsPasswords(form)

/** Whether the seal manager the form names is the person with this ID number (经办人即管理员). */
export const isNamedManager = (form: Pick<StepForm, 'sealManagerIdentityNo'>, identityNo: string) =>
  Boolean(identityNo.trim()) && sameNo(form.sealManagerIdentityNo, identityNo)

/**
 * Whether step 2 asks the applicant for the manager's password: the legal representative names and sets
 * it; an operator only when he is that manager (`applicantIdentityNo`, the caller's ID number).
 */
export function applicantSetsManagerPassword(form: StepForm, applicantIdentityNo: string): boolean {
  if (!hasManagerSection(form) || !form.setSealManager || !setsPasswords(form)) return false
  return form.applyType === applicantKind.LEGAL_APPLY || isNamedManager(form, applicantIdentityNo)
}

/**
 * What the legal representative does with his PIN when he signs an operator's application: 'set' a new
 * one for the seals it makes or recovers, or for a change that makes him the new legal representative;
 * 'confirm' the PIN the seals keep (a renewal, a change under the same legal representative); nothing
 * for a cancellation or for his own application (he set it at step 2).
 */
export function legalPinAtSigning(form: Pick<StepForm, 'businessType' | 'applyType'>, legalPersonChanged: boolean): 'set' | 'confirm' | null {
  if (form.applyType !== applicantKind.OPERATOR_APPLY) return null
  switch (form.businessType) {
    case businessType.APPLY:
    case businessType.RETRIEVE:
      return 'set'
    case businessType.CHANGE:
      return legalPersonChanged ? 'set' : 'confirm'
    case businessType.RENEWAL:
      return 'confirm'
    default:
      return null
  }
}

/** Whether the legal representative sets the manager's password when he signs (a manager other than the operator). */
export const managerPinAtSigning = (form: StepForm) =>
  form.applyType === applicantKind.OPERATOR_APPLY &&
  hasManagerSection(form) &&
  Boolean(form.setSealManager) &&
  !isNamedManager(form, form.operatorIdCardNo ?? '')

/** Whether a change names another legal representative than the one on record (name or ID number). */
export const legalPersonChangedFrom = (form: Pick<StepForm, 'legalPersonName' | 'legalPersonIdentityNo'>, original: ChangeOriginal) =>
  !sameText(form.legalPersonName, original.orgLegalName) || !sameNo(form.legalPersonIdentityNo, original.orgLegalNo)

/**
 * The PINs typed when signing an operator's application, checked with the seal-password rule (screen and
 * server alike): the legal representative's to set (or to confirm, only present), the manager's to set.
 */
export function signPinProblem(
  pins: { legalPassword?: string | undefined; legalPasswordConfirm?: string | undefined; sealManagerPassword?: string | undefined; sealManagerPasswordConfirm?: string | undefined },
  needs: { legal: 'set' | 'confirm' | null; manager: boolean },
): string | null {
  if (needs.legal === 'confirm' && !stripWhitespace(pins.legalPassword ?? '')) return messages.legalPasswordRequired
  if (needs.legal === 'set') {
    const legal = passwordProblem(pins.legalPassword, pins.legalPasswordConfirm, false, {
      required: messages.legalPasswordRequired,
      rule: messages.legalPasswordRule,
      differ: messages.legalPasswordsDiffer,
    })
    if (legal) return legal
  }
  if (!needs.manager) return null
  return passwordProblem(pins.sealManagerPassword, pins.sealManagerPasswordConfirm, false, {
    required: messages.managerPasswordRequired,
    rule: messages.legalPasswordRule.replace('法人', '管理员'),
    differ: messages.managerPasswordsDiffer,
  })
}

/**
 * Where an application goes on when its unit verification failed and the applicant continues to manual
 * review (001 §4 "Verification failure … goes to the upload-materials step"): a cancellation uploads the
 * signed form next ('2-1'); the other types set up their seals first ('2'), then upload it ('3-1').
 */
export const manualReviewStep = (form: Pick<StepForm, 'businessType'>): '2' | '2-1' => (form.businessType === businessType.CANCEL ? '2-1' : '2')

/**
 * The authorisations a change or renewal keeps (001 §5 "Authorisation period"): each period from today
 * (开始时间不能小于当前时间!) and ending no earlier than it starts (结束时间不能小于开始时间!). Nothing to check
 * when they are not kept.
 */
export function authPeriodsProblem(form: Pick<StepForm, 'reservedAuth' | 'authPersons'>, now: number): string | null {
  if (form.reservedAuth === false) return null
  for (const person of form.authPersons ?? []) {
    if (person.authStartTime !== null && person.authStartTime !== undefined && person.authStartTime < beijingDayStart(now)) return messages.startBeforeNowWizard
    if (person.authStartTime && person.authEndTime && person.authEndTime < person.authStartTime) return messages.endBeforeStartWizard
  }
  return null
}

function passwordProblem(
  password: string | undefined,
  confirm: string | undefined,
  alreadySet: boolean | undefined,
  text: { required: string; rule: string; differ: string },
): string | null {
  const typed = stripWhitespace(password ?? '')
  if (!typed) return alreadySet ? null : text.required
  if (!isSealPassword(typed)) return text.rule
  if (typed !== stripWhitespace(confirm ?? '')) return text.differ
  return null
}

/** Step 3-1: at least one file of the signed application form, and the truthfulness declaration. */
export function step3Problem(form: StepForm): string | null {
  if ((form.applicationFiles ?? []).length === 0) return messages.applicationFormRequired
  if (!form.truthful) return unitApplyMessages.truthfulRequired
  return null
}

/** Messages of the wizard the spec describes without quoting (our wording). */
export const unitApplyMessages = {
  truthfulRequired: '请勾选并确认所提交材料真实有效',
  confirmTruthful: '本人承诺所提交的申请材料真实、有效，如有虚假，愿承担相应法律责任。',
  verificationPassed: '单位核验通过',
  manualReviewGuide: '单位信息核验未通过，您可以返回检查填写的信息，或继续申请并上传申请表转人工审核（约2个工作日）。',
  /** After a failed verification other than 40075: the way on is the materials a reviewer reads. */
  uploadMaterialsGuide: '您可以返回检查填写的信息后重新核验，或继续申请：完成印章设置后上传营业执照和签字盖章的申请表，转人工审核（1-2个工作日）。',
  uploadMaterials: '上传材料转人工审核',
  materialsForReview: '单位核验未通过，本申请转人工审核：审核人员将核对第一步上传的营业执照和此处上传的签字盖章申请表（1-2个工作日）。',
  legalSetsOwnPin: '法人用章密码由法定代表人本人在签署申请时设置（待办中心），经办人无需填写；印章管理员为他人时，其密码也由法定代表人签署时设置。',
  signSetPin: '请设置法人用章密码，制作的印章凭此密码使用',
  signConfirmPin: '请输入印章现有的法人用章密码以确认本次申请',
  verificationTimeout: '单位核验超时，请稍后重试',
  notApplicant: '只能修改本人的申请',
  notEditable: '该申请已提交，不能修改',
  stepsMissing: '申请信息不完整，请按步骤完成申请',
  applicationNotFound: '未查询到申请记录',
  officialSealRequired: messages.officialSealRequired,
  renameNeedsAllSeals: '单位名称变更需同时变更本单位全部有效印章',
  formerUnitSealsNeeded: '本单位有印章仍为变更前的单位信息，请同时变更这些印章',
} as const
