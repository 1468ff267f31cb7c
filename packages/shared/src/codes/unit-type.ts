/** Unit types (spec 000 §3; 001 §1 and 002 §3 use 02 and 06). Codes are strings with leading zeros. */
export const unitType = {
  PARTY_ORGAN: '00',
  STATE_ORGAN: '01',
  ORDINARY_ENTERPRISE: '02',
  PUBLIC_INSTITUTION: '03',
  SOCIAL_GROUP: '04',
  PRIVATE_NON_ENTERPRISE: '05',
  /** Administrative or public institution: skips the legal person's online signature, cannot renew (001 §1). */
  ADMINISTRATIVE_OR_PUBLIC_INSTITUTION: '06',
  OTHER: '99',
} as const
export type UnitType = (typeof unitType)[keyof typeof unitType]

export const unitTypeLabels: Record<UnitType, string> = {
  '00': '党政机关',
  '01': '国家机关',
  '02': '普通企业',
  '03': '事业单位',
  '04': '社会团体',
  '05': '民办非企业单位',
  '06': '行政事业单位',
  '99': '其他',
}

/**
 * Whether a value is one of the unit-type codes.
 *
 * @example
 * isUnitType('06') // true
 */
export function isUnitType(value: unknown): value is UnitType {
  return typeof value === 'string' && Object.hasOwn(unitTypeLabels, value)
}
