/** Request pre-processing (000 §5, 001 §5, 002 §5). */

// "Looks like": the shape only, not the check character, so a mistyped lower-case x is still fixed.
const citizenId = /^(?:\d{15}|\d{17}[\dXx])$/
const creditCode = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/i

/**
 * Whether a string has the shape of a 15/18-digit citizen ID or an 18-character credit code.
 *
 * @example
 * looksLikeIdentifier('11010519491231002x') // true
 * looksLikeIdentifier('hello') // false
 */
export function looksLikeIdentifier(value: string): boolean {
  return citizenId.test(value) || creditCode.test(value)
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * A deep copy of a payload in which every string that looks like a citizen ID or a credit code is
 * upper-cased. Plain objects and arrays are copied; anything else (FormData, Blob, File, Date, class
 * instances) is passed through as the same object.
 *
 * @example
 * upperCaseIdentifiers({ list: [{ idCard: '11010519491231002x' }] }) // { list: [{ idCard: '11010519491231002X' }] }
 */
export function upperCaseIdentifiers<T>(payload: T): T {
  return convert(payload) as T
}

function convert(value: unknown): unknown {
  if (typeof value === 'string') return looksLikeIdentifier(value) ? value.toUpperCase() : value
  if (Array.isArray(value)) return value.map(convert)
  if (value === null || typeof value !== 'object' || !isPlainObject(value)) return value
  // fromEntries defines own properties, so a '__proto__' key stays a key and never sets a prototype.
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, convert(inner)]))
}

/**
 * A company name with half-width brackets replaced by full-width ones, as licences print them.
 *
 * @example
 * fullWidthBrackets('某某(北京)科技有限公司') // '某某（北京）科技有限公司'
 */
export function fullWidthBrackets(companyName: string): string {
  return companyName.replaceAll('(', '（').replaceAll(')', '）')
}
