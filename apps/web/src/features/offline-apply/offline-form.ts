import {
  offlineApplyForm,
  type OfflineApplyDetail,
  type OfflineApplyForm,
  type OfflineSealTypeInfo,
} from '@seal/shared/api/offline-apply'
import type { LoginInfo } from '@seal/shared/api/auth'
import { applicantKind, businessType, type BusinessType } from '@seal/shared/codes/business-type'
import { offlineBusinessType, type OfflineBusinessType } from '@seal/shared/codes/offline-status'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { hasUniqueSealNames } from '@seal/shared/rules/names'
import { isMobilePhone } from '@seal/shared/rules/phone'
import { isSealPassword, stripWhitespace } from '@seal/shared/rules/seal-password'
import { step1Problem, type StepForm } from '@seal/shared/rules/unit-apply'

/**
 * The operator's offline form (spec 001 §3 "Operator application (offline)") outside React: a fresh one
 * for the logged-in operator, one read back from a saved draft, what goes to the server, and its checks.
 */
export type OfflineSealRow = OfflineSealTypeInfo & { _key: string }
export type OfflineForm = Omit<OfflineApplyForm, 'gaSealTypeInfos'> & { gaSealTypeInfos: OfflineSealRow[] }

let rowCounter = 0
/** A row of the seal list with a key of this page (other-type rows are added and removed). */
export const sealRow = (info: Partial<OfflineSealTypeInfo> & { sealType: string }): OfflineSealRow => ({
  sealId: '',
  sealName: '',
  sealCode: '',
  ...info,
  _key: info.id ?? `row-${++rowCounter}`,
})

/** A new form: the logged-in person is the operator; an enterprise login names the unit. */
export function freshOfflineForm(me: LoginInfo | undefined, type: OfflineBusinessType): OfflineForm {
  const form: OfflineForm = { ...offlineApplyForm.parse({ businessType: type }), gaSealTypeInfos: [] }
  if (!me) return form
  form.operatorRealName = me.personName
  form.operatorIdCardNo = me.personCard
  if (isMobilePhone(me.phone)) form.operatorTel = me.phone
  if (me.kind === 'enterprise') {
    form.sealUseCompany = me.companyName ?? ''
    form.socialCode = me.socialCreditCode ?? ''
    form.unitTypeCode = me.unitTypeCode ?? ''
  }
  return form
}

/** The form part of a saved application (passwords never come back). */
export function formOfOfflineDetail(detail: OfflineApplyDetail): OfflineForm {
  const picked: Record<string, unknown> = {}
  for (const name of Object.keys(offlineApplyForm.shape)) {
    const value = detail[name as keyof OfflineApplyDetail]
    if (value !== undefined && value !== null) picked[name] = value
  }
  picked.gaSealTypeInfos = []
  const parsed = offlineApplyForm.safeParse(picked)
  const base = parsed.success ? parsed.data : offlineApplyForm.parse({ businessType: detail.businessType })
  return {
    ...base,
    applyId: detail.applyId,
    gaSealTypeInfos: detail.gaSealTypeInfos.map((seal) =>
      sealRow({
        id: seal.id,
        sealType: seal.sealType,
        sealId: seal.sealId,
        sealName: seal.sealName,
        sealCode: seal.sealCode,
      }),
    ),
  }
}

/**
 * The seal manager of an offline application is the operator or nobody (the legal representative sets
 * his own PIN when he activates the seals): 经办人即管理员 copies the operator's name, number, phone and ID
 * photos to the manager; without a manager, or for a change or renewal, the manager's fields are empty.
 */
export function withOperatorAsManager(form: OfflineForm): OfflineForm {
  if (!offersManager(form) || !form.setSealManager) {
    return {
      ...form,
      setSealManager: false,
      operatorIsManager: false,
      sealManagerName: '',
      sealManagerIdentityNo: '',
      sealManagerTel: '',
      sealManagerIdFrontFileId: '',
      sealManagerIdBackFileId: '',
      sealManagerPassword: undefined,
      sealManagerPasswordConfirm: undefined,
    }
  }
  return {
    ...form,
    operatorIsManager: true,
    sealManagerName: form.operatorRealName,
    sealManagerIdentityType: form.operatorPersonIdentityType,
    sealManagerIdentityNo: form.operatorIdCardNo,
    sealManagerTel: form.operatorTel,
    sealManagerIdFrontFileId: form.operatorIdentityFrontFileId,
    sealManagerIdBackFileId: form.operatorIdentityBackFileId,
  }
}

/** What the server receives: the manager as the operator (or none), seal rows without their page keys, passwords only when typed. */
export function offlineBody(input: OfflineForm): OfflineApplyForm {
  const { gaSealTypeInfos, sealManagerPassword, sealManagerPasswordConfirm, ...rest } =
    withOperatorAsManager(input)
  const typed = stripWhitespace(sealManagerPassword ?? '')
  return {
    ...rest,
    legalPassword: undefined,
    legalConfirmPassword: undefined,
    ...(typed
      ? {
          sealManagerPassword: typed,
          sealManagerPasswordConfirm: stripWhitespace(sealManagerPasswordConfirm ?? ''),
        }
      : {}),
    gaSealTypeInfos: gaSealTypeInfos.map(({ _key: _unused, ...info }) => info),
  }
}

const businessTypeName: Record<OfflineBusinessType, BusinessType> = {
  [offlineBusinessType.APPLY]: businessType.APPLY,
  [offlineBusinessType.CHANGE]: businessType.CHANGE,
  [offlineBusinessType.RENEWAL]: businessType.RENEWAL,
}

/** The offline form read as the wizard's step-1 form, so the one shared rule (rules/unit-apply) checks it. */
export function asStepForm(form: OfflineForm): StepForm {
  return {
    businessType: businessTypeName[form.businessType as OfflineBusinessType] ?? businessType.APPLY,
    applyType: applicantKind.OPERATOR_APPLY,
    operatorRealName: form.operatorRealName,
    operatorIdCardNo: form.operatorIdCardNo,
    operatorTel: form.operatorTel,
    operatorFrontFileId: form.operatorIdentityFrontFileId,
    operatorBackFileId: form.operatorIdentityBackFileId,
    businessLicense: form.licenseFileId,
    unitName: form.sealUseCompany,
    socialCreditCode: form.socialCode,
    addr: form.registrationPlaceCode,
    unitTypeCode: form.unitTypeCode,
    legalPersonName: form.legalPersonName,
    legalPersonIdentityType: form.legalPersonIdentityType,
    legalPersonIdentityNo: form.legalPersonIdentityNo,
    legalTel: form.legalTel,
    legalPersonIdFrontFileId: form.legalPersonIdFrontFileId,
    legalPersonIdBackFileId: form.legalPersonIdBackFileId,
    setSealManager: form.setSealManager,
    sealManagerName: form.sealManagerName,
    sealManagerIdentityType: form.sealManagerIdentityType,
    sealManagerIdentityNo: form.sealManagerIdentityNo,
    sealManagerTel: form.sealManagerTel,
    sealManagerIdFrontFileId: form.sealManagerIdFrontFileId,
    sealManagerIdBackFileId: form.sealManagerIdBackFileId,
    sealInfo: form.gaSealTypeInfos.map((seal) => ({
      _id: seal._key,
      sealId: seal.sealId,
      sealCode: seal.sealCode,
      sealName: seal.sealName,
      sealTypeCode: seal.sealType,
      sealTypeName: '',
      sealPic: '',
      originalFileId: '',
      errorCount: 0,
      manualReview: false,
    })),
  }
}

/** Whether the manager section is offered: a new application only (001 §2: new or recover). */
export const offersManager = (form: Pick<OfflineForm, 'businessType'>) =>
  form.businessType === offlineBusinessType.APPLY

/**
 * Step-1's checks, in the spec's order (001 §5 "Older flow and operator flow"): the wizard's step-1 rule,
 * then the unit seal when it can be applied for (请选择单位公章), other-type names, and the manager's
 * password when the operator is the manager (印章管理员两次密码不一致). `officialAvailable`: the unit may
 * apply for 01 now. `managerPasswordSet`: the server holds one already.
 */
export function offlineStep1Problem(
  input: OfflineForm,
  options: { officialAvailable?: boolean; managerPasswordSet?: boolean } = {},
): string | null {
  const form = withOperatorAsManager(input)
  const wizardRule = step1Problem(asStepForm(form))
  if (wizardRule) return wizardRule
  const types = new Set(form.gaSealTypeInfos.map((seal) => seal.sealType))
  if (
    form.businessType === offlineBusinessType.APPLY &&
    options.officialAvailable &&
    !types.has(sealTypeCode.UNIT_OFFICIAL)
  )
    return messages.officialSealRequired
  const others = form.gaSealTypeInfos.filter((seal) => seal.sealType === sealTypeCode.OTHER)
  if (others.some((seal) => !seal.sealName.trim())) return messages.otherSealNameRequired
  if (!hasUniqueSealNames(others.map((seal) => seal.sealName))) return messages.otherSealNameDuplicate
  if (offersManager(form) && form.setSealManager) {
    const typed = stripWhitespace(form.sealManagerPassword ?? '')
    if (!typed) return options.managerPasswordSet ? null : messages.managerPasswordRequired
    if (!isSealPassword(typed)) return messages.sealPasswordRule
    if (typed !== stripWhitespace(form.sealManagerPasswordConfirm ?? ''))
      return messages.operatorManagerPasswordsDiffer
  }
  return null
}
