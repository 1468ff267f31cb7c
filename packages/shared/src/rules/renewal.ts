import { unitType } from '../codes/unit-type.ts'
import { messages } from '../messages.ts'

/**
 * Whether a unit of this type may renew its seals: an administrative or public institution (06) cannot
 * choose renewal (001 §1, §6).
 *
 * @example
 * unitMayRenew('02') // true
 * unitMayRenew('06') // false
 */
export const unitMayRenew = (unitTypeCode: string) => unitTypeCode !== unitType.ADMINISTRATIVE_OR_PUBLIC_INSTITUTION

/** Why a unit of this type cannot renew, or null. */
export const renewalUnitProblem = (unitTypeCode: string) => (unitMayRenew(unitTypeCode) ? null : messages.institutionCannotRenew)
