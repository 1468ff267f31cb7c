import { messages, messageTemplates } from '../messages.ts'
import { beijingDate } from '../text/beijing-time.ts'

/*
 * What a recognised ID card photo must show (spec 001 §5 "Upload and recognition"), one rule for the
 * screen that reads the picture and the server that reads it again before trusting it.
 */

/** What OCR read from the portrait side (人像面). */
export type IdFrontReading = { idCardNum?: string | null | undefined; userName?: string | null | undefined }
/** What OCR read from the emblem side (国徽面): the end of validity, YYYYMMDD or 长期. */
export type IdBackReading = { expiredDateStr?: string | null | undefined }

/** Whose card it must be: a number (a masked one compares its visible characters) and a name. */
export type ExpectedHolder = { who: '法人' | '经办人'; idNo?: string | undefined; name?: string | undefined }

/**
 * Whether a read ID number is the expected one; a masked expectation (`1101**********123X`) compares
 * the characters it shows.
 *
 * @example
 * sameIdNumber('11010519491231002x', '11010519491231002X') // true
 * sameIdNumber('110105194912310021', '1101**********002X') // false
 */
export function sameIdNumber(read: string, expected: string): boolean {
  const a = read.trim().toUpperCase()
  const b = expected.trim().toUpperCase()
  if (!b.includes('*')) return a === b
  return a.length === b.length && [...b].every((c, i) => c === '*' || c === a[i])
}

/**
 * The portrait side needs a number and a name (请上传有效证件！) and, when `expected` is given, must be
 * that person's (上传证件信息与当前法人身份信息不一致，请重新上传！). Null when it is fine.
 *
 * @example
 * idFrontProblem({ idCardNum: '11010519491231002X', userName: '张伟' }, { who: '法人', idNo: '11010519491231002X', name: '张伟' }) // null
 * idFrontProblem({ idCardNum: '11010519491231002X', userName: '' }) // '请上传有效证件！'
 */
export function idFrontProblem(reading: IdFrontReading, expected?: ExpectedHolder): string | null {
  const idNo = reading.idCardNum?.trim() ?? ''
  const name = reading.userName?.trim() ?? ''
  if (!idNo || !name) return messages.invalidCertificate
  if (!expected) return null
  if (expected.idNo && !sameIdNumber(idNo, expected.idNo)) return messageTemplates.identityMismatch(expected.who)
  if (expected.name && name !== expected.name.trim()) return messageTemplates.identityMismatch(expected.who)
  return null
}

/**
 * The emblem side needs an end of validity (请上传有效证件！) not before today in Beijing (证件已过期，请上传有效证件！);
 * 长期 never ends. Null when it is fine.
 *
 * @example
 * idBackProblem({ expiredDateStr: '长期' }, Date.now()) // null
 * idBackProblem({ expiredDateStr: '20200101' }, Date.parse('2026-01-01')) // '证件已过期，请上传有效证件！'
 */
export function idBackProblem(reading: IdBackReading, now: number): string | null {
  const end = reading.expiredDateStr?.trim()
  if (!end) return messages.invalidCertificate
  if (end === '长期') return null
  if (!/^\d{8}$/.test(end)) return messages.invalidCertificate
  const today = beijingDate(now).replaceAll('-', '')
  return end < today ? messages.certificateExpired : null
}
