import { CREDIT_CODE_CHARSET } from '@seal/shared/rules/credit-code'
import {
  agreesWithPrintedBirth,
  creditCodesIn,
  ethnicGroupIn,
  idNumbersIn,
  looksLikeIdBack,
  looksLikeIdFront,
  nameAfterLabel,
  normaliseUnitName,
  validityPeriodIn,
  valueAfterLabel,
} from './ocr-parse.ts'
import {
  agreedReading,
  findLine,
  labelledValue,
  pageText,
  readersOf,
  readTurned,
  textOf,
  wordsOf,
  type Page,
  type Strip,
} from './ocr-reading.ts'
import {
  OcrFailure,
  printedPeriod,
  type BusinessLicenceResult,
  type IdCardBackResult,
  type IdCardFrontResult,
} from './ocr-types.ts'

/**
 * The fields of ID cards and licences, read with tesseract (ocr-reading.ts says how). Each field has its
 * own check on top of two agreeing readings: ID numbers their check character and the printed birth date,
 * credit codes theirs, validity periods the card rule; Chinese values must follow their label.
 */

const chineseStrips: Strip[] = [
  { language: 'chi_sim', psm: 7 },
  { language: 'chi_sim', psm: 7, scale: 0.7 },
]

export function recogniseIdCardFront(image: Buffer): Promise<IdCardFrontResult> {
  return readTurned(image, { width: 1400 }, readIdCardFront)
}

async function readIdCardFront(page: Page): Promise<IdCardFrontResult> {
  const idCardNum = await agreedReading(
    readersOf(page, {
      // A number is also checked against the birth date printed above it, when that line was read.
      read: (lines) => idNumbersIn(textOf(lines)).find((n) => agreesWithPrintedBirth(n, textOf(lines))),
      line: (r) => findLine(r, /身份|号码|\d{8}/),
      strips: [
        { language: 'eng', psm: 7, whitelist: '0123456789X', toRightEdge: true },
        { language: 'eng', psm: 7, whitelist: '0123456789X', toRightEdge: true, scale: 0.7 },
      ],
    }),
  )
  if (!idCardNum) {
    const all = await pageText(page)
    throw new OcrFailure(looksLikeIdBack(all) && !looksLikeIdFront(all) ? 'wrongSide' : 'unreadable')
  }
  const userName = await agreedReading(
    readersOf(page, {
      read: (lines) => labelledValue(lines, nameAfterLabel),
      line: (r) => r.lines.find((l) => nameAfterLabel([l.text]) !== undefined),
      strips: chineseStrips,
      pagesFirst: true,
    }),
  )
  const first = await page.renderings[0]!()
  return {
    idCardNum,
    userName: userName ?? '',
    // The number is checked, a printed word is not: the number's 17th digit says the sex.
    sex: Number(idCardNum.charAt(16)) % 2 === 1 ? '男' : '女',
    nation: ethnicGroupIn(first.text) ?? '',
    birthDate: idCardNum.slice(6, 14),
  }
}

export function recogniseIdCardBack(image: Buffer): Promise<IdCardBackResult> {
  return readTurned(image, { width: 1400 }, readIdCardBack)
}

async function readIdCardBack(page: Page): Promise<IdCardBackResult> {
  const periodText = await agreedReading(
    readersOf(page, {
      read: (lines) => periodKey(textOf(lines)),
      line: (r) => findLine(r, /有效|期限|\d{4}\.\d{2}/),
      strips: [{ language: 'eng', psm: 7, whitelist: '0123456789.-', toRightEdge: true }],
    }),
  )
  if (!periodText) {
    const all = await pageText(page)
    throw new OcrFailure(looksLikeIdFront(all) && !looksLikeIdBack(all) ? 'wrongSide' : 'unreadable')
  }
  const [validFrom = '', validTo = ''] = periodText.split('-')
  const authorityLabel = /签发机关|.发机关|签.机关|签发.关/u
  const issuingAuthority = await agreedReading(
    readersOf(page, {
      read: (lines) => labelledValue(lines, (texts) => authorityIn(texts, authorityLabel)),
      line: (r) => findLine(r, authorityLabel),
      strips: chineseStrips,
      pagesFirst: true,
    }),
  )
  return {
    issuingAuthority: issuingAuthority ?? '',
    validFrom,
    expiredDateStr: validTo,
    authorDateStr: printedPeriod(validFrom, validTo),
  }
}

/** A checked validity period as one comparable string, 20150301-20350301. */
function periodKey(text: string): string | undefined {
  const period = validityPeriodIn(text)
  return period && `${period.validFrom}-${period.validTo}`
}

/** 签发机关 is a public security bureau: the value is kept up to its last 局, or not at all. */
function authorityIn(lines: string[], label: RegExp): string | undefined {
  const value = valueAfterLabel(lines, label)
  const end = value?.lastIndexOf('局') ?? -1
  return value && end >= 3 ? value.slice(0, end + 1) : undefined
}

export function recogniseBusinessLicence(image: Buffer): Promise<BusinessLicenceResult> {
  return readTurned(image, { width: 2000, portraitDocument: true }, readBusinessLicence)
}

async function readBusinessLicence(page: Page): Promise<BusinessLicenceResult> {
  const socialCreditCode = await agreedReading(
    readersOf(page, {
      read: (lines) => creditCodesIn(textOf(lines))[0],
      line: (r) => wordsOf(findLine(r, /[0-9A-Z]{12,}/), /[0-9A-Z]{6,}/),
      strips: [
        { language: 'eng', psm: 7, whitelist: CREDIT_CODE_CHARSET },
        { language: 'eng', psm: 7, whitelist: CREDIT_CODE_CHARSET, scale: 0.7 },
      ],
    }),
  )
  if (!socialCreditCode) throw new OcrFailure('unreadable')
  const chineseField = (label: RegExp) =>
    agreedReading(
      readersOf(page, {
        read: (lines) => labelledValue(lines, (texts) => valueAfterLabel(texts, label)),
        line: (r) => findLine(r, label),
        strips: chineseStrips,
        pagesFirst: true,
      }),
    )
  const unitName = await chineseField(/名称|^.称/u)
  const legalName = await chineseField(/法定代表人|负责人|经营者|投资人/)
  return {
    unitName: unitName ? normaliseUnitName(unitName) : '',
    socialCreditCode,
    legalName: legalName?.replace(/[^\p{Script=Han}·]/gu, '') ?? '',
  }
}
