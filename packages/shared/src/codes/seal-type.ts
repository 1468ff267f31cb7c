/**
 * Seal-type codes (spec 000 §3, 001 §3, 002 §3). Codes are strings: the spec writes them with
 * leading zeros ('01') and quotes the personal one ('1000').
 */
export const sealTypeCode = {
  /** 单位公章: the main company seal; a new application must include it. */
  UNIT_OFFICIAL: '01',
  FINANCE: '02',
  INVOICE: '03',
  CONTRACT: '04',
  /** 法定代表人名章: the only image a legal-person change needs (change type '1'). */
  LEGAL_REPRESENTATIVE_NAME: '05',
  /** Other: the applicant names the seal (at most 20 per application). */
  OTHER: '99',
  PERSONAL_NAME: '1000',
} as const
export type SealTypeCode = (typeof sealTypeCode)[keyof typeof sealTypeCode]

export const sealTypeLabels: Record<SealTypeCode, string> = {
  '01': '单位公章',
  '02': '财务专用章',
  '03': '发票专用章',
  '04': '合同专用章',
  '05': '法定代表人名章',
  '99': '其他类型印章',
  '1000': '个人名章',
}

/** The seal types a unit can apply for, in the order the seal picker lists them. */
export const unitSealTypeCodes = [
  '01',
  '02',
  '03',
  '04',
  '05',
  '99',
] as const satisfies readonly SealTypeCode[]

/** At most this many other-type (99) seals in one application (限制20枚). */
export const MAX_OTHER_TYPE_SEALS = 20

/**
 * Whether a value is one of the spec's seal-type codes.
 *
 * @example
 * isSealTypeCode('05') // true
 * isSealTypeCode('06') // false
 */
export function isSealTypeCode(value: unknown): value is SealTypeCode {
  return typeof value === 'string' && Object.hasOwn(sealTypeLabels, value)
}

/**
 * The Chinese name of a seal type, or the code itself when it is not in the table.
 *
 * @example
 * sealTypeLabel('1000') // '个人名章'
 */
export function sealTypeLabel(code: string): string {
  return isSealTypeCode(code) ? sealTypeLabels[code] : code
}
