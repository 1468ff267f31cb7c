import { randomUUID } from 'node:crypto'
import type { OfflineApplyForm, OfflineSealTypeInfo } from '@seal/shared/api/offline-apply'
import type { ApplySealItem, UnitApplicationForm } from '@seal/shared/api/unit-apply'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { applicantKind, businessType, type BusinessType } from '@seal/shared/codes/business-type'
import { offlineBusinessType, offlineStatus, type OfflineBusinessType, type OfflineStatus } from '@seal/shared/codes/offline-status'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { normaliseForm, storedFormOf } from '../unit-apply/checks.ts'
import { AUTO_REVIEWER } from '../unit-apply/review/run.ts'
import type { StoredForm, UnitApplication } from '../unit-apply/tables.ts'

/**
 * The offline door's form (001 §3 "Operator application (offline)", the spec's field names) onto the one
 * application model (`unit_applications`, the new wizard's form shape), and back; and the offline status
 * code computed from an application's state (docs/decisions.md "Offline materials door (issue #21)").
 */

export const OFFLINE_DOOR = 'OFFLINE' as const

const businessOfNumber: Record<OfflineBusinessType, BusinessType> = {
  [offlineBusinessType.APPLY]: businessType.APPLY,
  [offlineBusinessType.CHANGE]: businessType.CHANGE,
  [offlineBusinessType.RENEWAL]: businessType.RENEWAL,
}

export const businessTypeOfOffline = (code: OfflineBusinessType): BusinessType => businessOfNumber[code]

/** The offline form's number of a business type (1 for anything but a change or renewal). */
export function offlineNumberOf(type: string): OfflineBusinessType {
  if (type === businessType.CHANGE) return offlineBusinessType.CHANGE
  if (type === businessType.RENEWAL) return offlineBusinessType.RENEWAL
  return offlineBusinessType.APPLY
}

/**
 * The seal items of the form: an item the body names by `id` keeps what the server holds for it (its
 * picture, photo, failure count, manual review); a new one gets its id here.
 */
export function sealItemsOf(infos: OfflineSealTypeInfo[], held: ApplySealItem[]): ApplySealItem[] {
  const byId = new Map(held.map((item) => [item._id, item]))
  return infos.map((info) => {
    const kept = info.id ? byId.get(info.id) : undefined
    return {
      _id: kept?._id ?? randomUUID(),
      sealId: info.sealId,
      sealCode: info.sealCode,
      sealName: info.sealName,
      sealTypeCode: info.sealType,
      sealTypeName: sealTypeLabel(info.sealType),
      sealPic: kept?.sealPic ?? '',
      originalFileId: kept?.originalFileId ?? '',
      errorCount: kept?.errorCount ?? 0,
      manualReview: kept?.manualReview ?? false,
    }
  })
}

/**
 * The new wizard's form of an offline body: the stored form of the one model, with the door and what only
 * the offline door keeps. The documents and what the server set stay as held (`held`).
 */
export function wizardFormOf(body: OfflineApplyForm, held?: UnitApplication): UnitApplicationForm {
  const form: UnitApplicationForm = {
    businessType: held?.businessType ?? businessTypeOfOffline(body.businessType),
    applyType: applicantKind.OPERATOR_APPLY,
    step: (held?.step as UnitApplicationForm['step'] | undefined) ?? '1',
    sealId: held?.sealId ?? body.gaSealTypeInfos.find((info) => info.sealId)?.sealId ?? '',
    operatorRealName: body.operatorRealName,
    operatorIdCardNo: body.operatorIdCardNo,
    operatorTel: body.operatorTel,
    operatorFrontFileId: body.operatorIdentityFrontFileId,
    operatorBackFileId: body.operatorIdentityBackFileId,
    businessLicense: body.licenseFileId,
    unitName: body.sealUseCompany,
    socialCreditCode: body.socialCode,
    addr: body.registrationPlaceCode,
    unitTypeCode: body.unitTypeCode,
    autoUnitTypeCode: '',
    legalPersonName: body.legalPersonName,
    legalPersonIdentityType: body.legalPersonIdentityType || '111',
    legalPersonIdentityNo: body.legalPersonIdentityNo,
    legalTel: body.legalTel,
    legalPersonIdFrontFileId: body.legalPersonIdFrontFileId,
    legalPersonIdBackFileId: body.legalPersonIdBackFileId,
    setSealManager: body.setSealManager,
    sealManagerName: body.sealManagerName,
    sealManagerTel: body.sealManagerTel,
    sealManagerIdentityType: body.sealManagerIdentityType || '111',
    sealManagerIdentityNo: body.sealManagerIdentityNo,
    sealManagerIdFrontFileId: body.sealManagerIdFrontFileId,
    sealManagerIdBackFileId: body.sealManagerIdBackFileId,
    operatorIsManager: body.operatorIsManager,
    reservedAuth: body.reservedAuth,
    sealInfo: sealItemsOf(body.gaSealTypeInfos, held?.form.sealInfo ?? []),
    authPersons: held?.form.authPersons ?? [],
    applicationFiles: held?.form.applicationFiles ?? [],
    truthful: held?.form.truthful ?? false,
    ...(body.sealManagerPassword ? { sealManagerPassword: body.sealManagerPassword, sealManagerPasswordConfirm: body.sealManagerPasswordConfirm ?? '' } : {}),
  }
  return normaliseForm(form)
}

/** What the `form` column keeps of an offline body: the wizard's form, the door, the offline extras. */
export function storedOfflineForm(form: UnitApplicationForm, body: OfflineApplyForm, held?: UnitApplication): StoredForm {
  return {
    ...storedFormOf(form),
    ...(held?.form.changeOriginal !== undefined ? { changeOriginal: held.form.changeOriginal } : {}),
    door: OFFLINE_DOOR,
    offline: { ...held?.form.offline, registrationPlace: body.registrationPlace },
  }
}

export const isOffline = (row: Pick<UnitApplication, 'form'>) => row.form.door === OFFLINE_DOOR

/**
 * The offline status code of an application (001 §4), from its state. Every door's application has one,
 * so the offline screens can show any record; only the offline door makes 0, 1 and 9.
 */
export function offlineStatusOf(row: Pick<UnitApplication, 'applyStatus' | 'form' | 'submittedAt' | 'reviewedBy' | 'failSealItems'>): OfflineStatus {
  switch (row.applyStatus) {
    case applyStatus.TEMPORARY_SAVE:
      return offlineStatus.DRAFT
    case applyStatus.PENDING_SIGN:
      return offlineStatus.PENDING_LEGAL_SIGN
    case applyStatus.LEGAL_REFUSED:
      return offlineStatus.LEGAL_REFUSED
    case applyStatus.SEALING:
      return offlineStatus.SEALING
    case applyStatus.APPLY_FAIL:
      return offlineStatus.FAILURE
    case applyStatus.CANCELED:
      return row.submittedAt ? offlineStatus.WITHDRAWN : offlineStatus.CANCELLED
    case applyStatus.APPLY_SUCCESS:
      if (row.reviewedBy === AUTO_REVIEWER) return offlineStatus.SUCCESS_AFTER_SYSTEM_REVIEW
      return row.failSealItems.length > 0 ? offlineStatus.PARTLY_SUCCESS : offlineStatus.SUCCESS
    default: {
      // PENDING_REVIEW
      if (!isOffline(row)) return offlineStatus.PENDING_REVIEW
      if (row.form.offline?.delivery) return offlineStatus.MAILED
      return row.form.applicationFiles.length > 0 ? offlineStatus.DOCUMENTS_UPLOADED : offlineStatus.SUBMITTED
    }
  }
}
