/**
 * The names documents print for the spec's codes (000 §3, 001 §3). Generators take codes, as the calls
 * carry them, and print these names; an unknown code is printed as given rather than guessed.
 */

/** Seal-type codes: 01 unit official seal … 1000 personal name seal. */
export const sealTypeNames: Readonly<Record<string, string>> = {
  '01': '单位公章',
  '02': '财务专用章',
  '03': '发票专用章',
  '04': '合同专用章',
  '05': '法定代表人名章',
  '99': '其他类型印章',
  '1000': '个人电子名章',
}

/** The personal name seal type code. */
export const personalSealTypeCode = '1000'

/** Unit-type codes. */
export const unitTypeNames: Readonly<Record<string, string>> = {
  '00': '党政机关',
  '01': '国家机关',
  '02': '普通企业',
  '03': '事业单位',
  '04': '社会团体',
  '05': '民办非企业单位',
  '06': '行政事业单位',
  '99': '其他',
}

/** Use methods in the authorization flow's reading (000 §3): 0 or 1 signature recognition … 4 binding code. */
export const useTypeNames: Readonly<Record<string, string>> = {
  '0': '签名识别',
  '1': '签名识别',
  '2': '印章密码',
  '3': '签名识别＋印章密码',
  '4': '绑定码',
}

/** authUseType: 1 authorise use, 2 authorise management. */
export const authUseTypeNames: Readonly<Record<string, string>> = {
  '1': '授权使用',
  '2': '授权管理',
}

/** Business types of an application (001 §1), by name. */
export const businessTypeNames = {
  APPLY: '新申请',
  CHANGE: '变更',
  RENEWAL: '续期',
  CANCEL: '注销',
  RETRIEVE: '找回印章',
} as const

export type BusinessType = keyof typeof businessTypeNames

/** Identity document types (000 §3) that documents name. */
export const identityTypeNames: Readonly<Record<string, string>> = {
  '111': '居民身份证',
  '414': '护照',
  '511': '台湾居民来往大陆通行证',
  '516': '港澳居民来往内地通行证',
  '553': '外国人永久居留身份证',
  '990': '其他证件',
}

/**
 * The printed name of a code, or the code itself when the table does not know it.
 *
 * @example
 * nameOf(sealTypeNames, '04') // '合同专用章'
 */
export function nameOf(table: Readonly<Record<string, string>>, code: string | number): string {
  return table[String(code)] ?? String(code)
}
