import { isCreditCode } from '@seal/shared/rules/credit-code'
import { birthDateOfIdCard, isIdCard } from '@seal/shared/rules/id-card'

/**
 * Reading the fields out of recognised text. Every rule here accepts only what can be checked: an ID
 * number passes its check character and agrees with the printed birth date, a credit code passes its
 * check character, a validity period is one the card rules allow. Anything else is "not found", never
 * a best guess.
 */

/** Characters the recogniser confuses with digits in a number that can only hold digits. */
const digitLookalikes: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  〇: '0',
  I: '1',
  l: '1',
  '|': '1',
  i: '1',
  '!': '1',
  ']': '1',
  Z: '2',
  z: '2',
  S: '5',
  s: '5',
  G: '6',
  b: '6',
  B: '8',
  g: '9',
  q: '9',
  T: '7',
}

const squeeze = (text: string) => text.replace(/[\s\u3000]+/g, '')

/**
 * The ID numbers in recognised text that pass the checksum (ISO 7064 MOD 11-2) and carry a real birth
 * date: look-alike letters are read as digits and a trailing x or 乂 as X.
 *
 * @example
 * idNumbersIn('公民身份号码 1101051949l231002X') // ['11010519491231002X']
 */
export function idNumbersIn(text: string): string[] {
  const found = new Set<string>()
  const runs = squeeze(text)
    .replace(/[乂×xｘＸ]/g, 'X')
    .split(/[^0-9A-Za-z〇|!\]]+/)
  for (const run of runs) {
    for (let start = 0; start + 18 <= run.length; start++) {
      const window = run.slice(start, start + 18)
      const body = [...window.slice(0, 17)].map((c) => digitLookalikes[c] ?? c).join('')
      const last = window[17] === 'X' ? 'X' : (digitLookalikes[window[17]!] ?? window[17]!)
      const candidate = body + last
      if (/^\d{17}[\dX]$/.test(candidate) && isIdCard(candidate)) found.add(candidate)
    }
  }
  return [...found]
}

/** The birth date printed on the front (出生 1990 年 3 月 7 日), when it can be read. */
export function printedBirthDate(text: string): { year: number; month: number; day: number } | undefined {
  const match = /(\d{4})年(\d{1,2})月(\d{1,2})日/.exec(squeeze(text))
  if (!match) return undefined
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
}

/** Whether an ID number agrees with the birth date printed beside it (when one was read). */
export function agreesWithPrintedBirth(idNumber: string, text: string): boolean {
  const printed = printedBirthDate(text)
  const birth = birthDateOfIdCard(idNumber)
  if (!printed || !birth) return true
  // A misread year or day on the birth line is no reason to doubt a number that passed its checksum,
  // unless the whole date differs.
  const same = [printed.year === birth.year, printed.month === birth.month, printed.day === birth.day].filter(
    Boolean,
  ).length
  return same >= 2
}

const hanName = /^[\p{Script=Han}·•．.]{2,15}$/u

/**
 * The name on the 姓名 line. The label may be read with a wrong character (址名, 娃名); the value is the
 * Chinese characters after it. Minority names keep their middle dot.
 *
 * @example
 * nameAfterLabel(['姓名 欧阳娜娜', '性别 女 民族 汉']) // '欧阳娜娜'
 */
export function nameAfterLabel(lines: string[]): string | undefined {
  for (const raw of lines) {
    const line = squeeze(raw).replace(/^[^\p{Script=Han}]+/u, '')
    const label = /^(姓名|[\p{Script=Han}]名|姓[\p{Script=Han}])/u.exec(line)
    if (!label) continue
    const value = line
      .slice(label[0].length)
      .replace(/^[^\p{Script=Han}]+/u, '')
      .replace(/[•．.]/g, '·')
      .replace(/[^\p{Script=Han}·].*$/u, '')
      // A dash or rule after the name is read as 一: what follows it is not part of the name.
      .replace(/(?<=^[\p{Script=Han}·]{2,})一.*$/u, '')
    if (hanName.test(value) && !/性别|民族|出生/.test(value)) return value
  }
  return undefined
}

/** The value after a label on the same line (签发机关 北京市公安局 → 北京市公安局), Chinese characters only. */
export function valueAfterLabel(lines: string[], label: RegExp): string | undefined {
  for (const raw of lines) {
    const line = squeeze(raw)
    const match = label.exec(line)
    if (!match) continue
    const value = line
      .slice(match.index + match[0].length)
      .replace(/^[^\p{Script=Han}]+/u, '')
      .replace(/[^\p{Script=Han}（）()·、]+$/u, '')
    if (value.length >= 2) return value
  }
  return undefined
}

export type ValidityPeriod = {
  /** YYYYMMDD */
  validFrom: string
  /** YYYYMMDD, or 长期 */
  validTo: string
}

/**
 * The validity period of an ID card (有效期限 2015.03.01-2035.03.01, or …-长期). Accepted only when the
 * dates are real and the period is one the card rules give: 5, 10 or 20 years to the day, or long-term.
 *
 * @example
 * validityPeriodIn('有效期限 2015.03.01-2035.03.01') // { validFrom: '20150301', validTo: '20350301' }
 */
export function validityPeriodIn(text: string): ValidityPeriod | undefined {
  const flat = squeeze(text)
    .replace(/[,，·．。:：_]/g, '.')
    .replace(/[—–~一－]/g, '-')
  const date = String.raw`(\d{4})\.?(\d{2})\.?(\d{2})`
  const pattern = new RegExp(`${date}-+(?:${date}|(长期|长))`, 'g')
  for (const match of flat.matchAll(pattern)) {
    const from = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
    if (!isRealDate(from)) continue
    const validFrom = `${match[1]}${match[2]}${match[3]}`
    if (match[7]) return { validFrom, validTo: '长期' }
    const to = { year: Number(match[4]), month: Number(match[5]), day: Number(match[6]) }
    const years = to.year - from.year
    if (isRealDate(to) && [5, 10, 20].includes(years) && to.month === from.month && to.day === from.day) {
      return { validFrom, validTo: `${match[4]}${match[5]}${match[6]}` }
    }
  }
  return undefined
}

function isRealDate({ year, month, day }: { year: number; month: number; day: number }): boolean {
  if (year < 1984 || year > 2100 || month < 1 || month > 12 || day < 1) return false
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** Letters a credit code never holds (GB 32100: no I, O, S, V, Z) and what they were most likely printed as. */
const creditLookalikes: Record<string, string> = { O: '0', I: '1', S: '5', Z: '2', 〇: '0' }

/**
 * The unified social credit codes in recognised text that pass the GB 32100 check character; letters the
 * code cannot hold are read as their look-alike digits, and positions 3-8 (the region code) as digits.
 *
 * @example
 * creditCodesIn('统一社会信用代码 91110108MA0O1ABCDEN') // []  (one O too many: 19 characters)
 * creditCodesIn('91110108MAO1ABCDEN') // ['91110108MA01ABCDEN']
 */
export function creditCodesIn(text: string): string[] {
  const found = new Set<string>()
  const runs = squeeze(text)
    .toUpperCase()
    .split(/[^0-9A-Z〇]+/)
  for (const run of runs) {
    for (let start = 0; start + 18 <= run.length; start++) {
      const candidate = [...run.slice(start, start + 18)]
        .map((c, i) => {
          const mapped = creditLookalikes[c] ?? c
          return i >= 2 && i < 8 ? (digitLookalikes[mapped] ?? mapped) : mapped
        })
        .join('')
      if (isCreditCode(candidate)) found.add(candidate)
    }
  }
  return [...found]
}

/** Marks of a front side; used to say "wrong side" rather than "unreadable". */
export function looksLikeIdFront(text: string): boolean {
  const flat = squeeze(text)
  return /公民身份|身份号码|姓名|民族|住址/.test(flat) || idNumbersIn(flat).length > 0
}

/** Marks of a back side. */
export function looksLikeIdBack(text: string): boolean {
  return /签发机关|有效期限|居民身份证|中华人民共和国|签发|期限/.test(squeeze(text))
}

/**
 * Unit names as licences print them: brackets are full-width (001 §5); a bracket read as 《 or 〈 is one too.
 *
 * @example
 * normaliseUnitName('成都天府软件园《集团)有限公司') // '成都天府软件园（集团）有限公司'
 */
export function normaliseUnitName(name: string): string {
  return name.replace(/[(《〈<]/g, '（').replace(/[)》〉>]/g, '）')
}

/** The 56 ethnic groups as the card prints them (民族 汉), longest names first so 土家 wins over 土. */
const ethnicGroups = [
  '柯尔克孜',
  '乌孜别克',
  '维吾尔',
  '哈萨克',
  '达斡尔',
  '塔吉克',
  '俄罗斯',
  '鄂温克',
  '塔塔尔',
  '鄂伦春',
  '蒙古',
  '布依',
  '朝鲜',
  '土家',
  '哈尼',
  '傈僳',
  '高山',
  '拉祜',
  '东乡',
  '纳西',
  '景颇',
  '仫佬',
  '布朗',
  '撒拉',
  '毛南',
  '仡佬',
  '锡伯',
  '阿昌',
  '普米',
  '德昂',
  '保安',
  '裕固',
  '独龙',
  '赫哲',
  '门巴',
  '珞巴',
  '基诺',
  '汉',
  '回',
  '藏',
  '苗',
  '彝',
  '壮',
  '满',
  '侗',
  '瑶',
  '白',
  '傣',
  '黎',
  '佤',
  '畲',
  '水',
  '土',
  '羌',
  '怒',
  '京',
]

/**
 * The ethnic group after the 民族 label, only when it is one of the 56.
 *
 * @example
 * ethnicGroupIn('性别 女 民族 汉') // '汉'
 */
export function ethnicGroupIn(text: string): string | undefined {
  // 一 is how tesseract reads the gap between label and value more often than not.
  const after = /民族[^\p{Script=Han}]*([\p{Script=Han}]{1,5})/u.exec(squeeze(text))?.[1]?.replace(/^一+/, '')
  return after ? ethnicGroups.find((group) => after.startsWith(group)) : undefined
}
