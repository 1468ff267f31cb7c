/** Identity document types (spec 000 §3, 001 §3). '111' is quoted in 002 and is the default. */
export const identityType = {
  RESIDENT_ID_CARD: '111',
  PASSPORT: '414',
  FOREIGNER_PERMANENT_RESIDENCE: '553',
  TAIWAN_PASS: '511',
  HONG_KONG_MACAU_PASS: '516',
  TAIWAN_SETTLEMENT: '552',
  HONG_KONG_ID: '281',
  MACAU_ID: '282',
  OFFICER: '283',
  ENTERPRISE_CREDIT_CODE: '284',
  FOREIGNER_RESIDENCE: '285',
  FOREIGN_PASSPORT: '286',
  RETURN_PERMIT: '287',
  TEMPORARY_RESIDENCE: '288',
  TAIWAN_COMPATRIOT: '289',
  BUSINESS_MANAGER: '290',
  OTHER: '990',
} as const
export type IdentityType = (typeof identityType)[keyof typeof identityType]

/** Chinese names (our wording of the spec's English list). */
export const identityTypeLabels: Record<IdentityType, string> = {
  '111': '居民身份证',
  '414': '护照',
  '553': '外国人永久居留身份证',
  '511': '台湾居民来往大陆通行证',
  '516': '港澳居民来往内地通行证',
  '552': '台湾居民定居证',
  '281': '香港身份证',
  '282': '澳门身份证',
  '283': '军官证',
  '284': '统一社会信用代码',
  '285': '外国人居留证',
  '286': '外国护照',
  '287': '回乡证',
  '288': '临时身份证',
  '289': '台胞证',
  '290': '经营者证件',
  '990': '其他',
}

/** Input limits of an ID number (001 §5, 002 §9): 18 for the resident ID card, 100 for other types. */
export const ID_CARD_MAX_LENGTH = 18
export const OTHER_IDENTITY_NUMBER_MAX_LENGTH = 100

/**
 * The input limit of an identity number for its document type.
 *
 * @example
 * identityNumberMaxLength('111') // 18
 * identityNumberMaxLength('414') // 100
 */
export function identityNumberMaxLength(type: string): number {
  return type === identityType.RESIDENT_ID_CARD ? ID_CARD_MAX_LENGTH : OTHER_IDENTITY_NUMBER_MAX_LENGTH
}
