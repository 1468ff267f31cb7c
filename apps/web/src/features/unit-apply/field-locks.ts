import { applicantKind, businessType, type ApplicantKind, type BusinessType } from '@seal/shared/codes/business-type'

/**
 * Which step-1 fields the applicant may not edit (spec 001 §6 "Field locks"):
 * - the unit name is fixed for cancellation and renewal (the seal names the unit);
 * - the legal representative's name is fixed for a change (a change of legal person goes through a new
 *   ID photo, whose recognised name fills it), and all legal-person identity fields for renewal and
 *   cancellation (they are the seal's);
 * - the operator's name and ID number come from the login for renewal, cancellation, change, and a new
 *   application by an operator (the operator must be the logged-in person).
 * Photos and phone numbers stay editable: they are the applicant's evidence, not the record's.
 */
export type FieldLocks = {
  unitName: boolean
  legalPersonName: boolean
  /** ID type and number of the legal representative. */
  legalPersonIdentity: boolean
  /** Name and ID number of the operator. */
  operatorIdentity: boolean
}

export function fieldLocks(type: BusinessType, kind: ApplicantKind): FieldLocks {
  const fixedUnit = type === businessType.CANCEL || type === businessType.RENEWAL
  return {
    unitName: fixedUnit,
    legalPersonName: fixedUnit || type === businessType.CHANGE,
    legalPersonIdentity: fixedUnit,
    operatorIdentity:
      fixedUnit || type === businessType.CHANGE || (type === businessType.APPLY && kind === applicantKind.OPERATOR_APPLY),
  }
}
