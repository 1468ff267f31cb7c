/**
 * Seal-type codes of the spec (000 §code tables) that name an organisation's seal, and how each is cut.
 * Sizes follow common practice of the public-security seal rules: the official seal (公章) is 40 mm
 * round (some provinces use 42 mm: pass diameterMm), special-purpose seals are 38 mm round, and the
 * invoice seal (发票专用章) is the 40 × 30 mm oval the tax administration prescribes.
 */
export const organizationSealKinds = {
  /** 单位公章: star and unit name only, nothing across. */
  '01': { shape: 'round', widthMm: 40, heightMm: 40, defaultSealName: '' },
  '02': { shape: 'round', widthMm: 38, heightMm: 38, defaultSealName: '财务专用章' },
  '03': { shape: 'oval', widthMm: 40, heightMm: 30, defaultSealName: '发票专用章' },
  '04': { shape: 'round', widthMm: 38, heightMm: 38, defaultSealName: '合同专用章' },
  /** 其他: the seal name is the applicant's own (e.g. 人事专用章). */
  '99': { shape: 'round', widthMm: 38, heightMm: 38, defaultSealName: '' },
} as const

export type OrganizationSealTypeCode = keyof typeof organizationSealKinds

/**
 * Tells whether a seal-type code is one that {@link organizationSealKinds} can draw.
 *
 * @example
 * isOrganizationSealTypeCode('04') // true
 * isOrganizationSealTypeCode('1000') // false: a personal name seal
 */
export function isOrganizationSealTypeCode(code: string): code is OrganizationSealTypeCode {
  return Object.hasOwn(organizationSealKinds, code)
}
