import { applicantKind, applyRecordTab, type ApplicantKind } from '@seal/shared/codes/business-type'

/**
 * The record list's tab (spec 001 §9: 0 本人申请 / legal person, 1 经办人申请 / operator), kept in
 * localStorage so the list opens where the person left it, and so a result page can choose it.
 */
const RECORD_TAB_KEY = 'seal.applyRecordTab'

export type RecordTab = (typeof applyRecordTab)[keyof typeof applyRecordTab]

/** The applicant kind each tab lists, by tab index. */
export const recordTabApplyType: Record<RecordTab, ApplicantKind> = {
  [applyRecordTab.LEGAL_PERSON]: applicantKind.LEGAL_APPLY,
  [applyRecordTab.OPERATOR]: applicantKind.OPERATOR_APPLY,
}

export function readRecordTab(): RecordTab {
  return localStorage.getItem(RECORD_TAB_KEY) === String(applyRecordTab.OPERATOR) ? applyRecordTab.OPERATOR : applyRecordTab.LEGAL_PERSON
}

export function storeRecordTab(tab: RecordTab) {
  localStorage.setItem(RECORD_TAB_KEY, String(tab))
}

/** The tab that lists applications of this applicant kind. */
export function recordTabOf(applyType: string): RecordTab {
  return applyType === applicantKind.OPERATOR_APPLY ? applyRecordTab.OPERATOR : applyRecordTab.LEGAL_PERSON
}
