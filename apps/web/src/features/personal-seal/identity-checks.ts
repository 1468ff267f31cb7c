import { messages, messageTemplates } from '@seal/shared/messages'
import { DEFAULT_MIN_APPLICANT_AGE, isOldEnough } from '@seal/shared/rules/id-card'
import type { IdCardOcrResult } from './api/query-id-card-ocr.ts'

/**
 * The identity step's checks on what OCR read (spec 002 §5 "Personal name seal identity step"). The
 * server checks the same again on POST /personSeal/apply/identity; the screen says it at once, beside
 * the picture that is wrong.
 */
export type IdSide = 'front' | 'back'

/** OCR image types of POST /paas-ai/ocr/uploadImgBase64. */
export const ocrImgType: Record<IdSide, '10' | '11'> = { front: '10', back: '11' }

/** The message for a recognised side that cannot be used, or null when it is fine. */
export function idSideProblem(side: IdSide, result: IdCardOcrResult, loginIdNumber: string): string | null {
  if (side === 'front') {
    if (!result.idCardNum) return messages.imageRecognitionFailed
    return result.idCardNum.trim().toUpperCase() === loginIdNumber.trim().toUpperCase() ? null : messages.idNumberNotLoginNumber
  }
  // The back's validity period is what tells it from a front or another document.
  return result.authorDateStr ? null : messages.idBackInvalid
}

/**
 * 未满{n}周岁人员不支持申请个人名章 when the holder of the number is younger than the configured age
 * (full years from the birth date in the number); null when old enough.
 */
export function ageProblem(idNumber: string, minAge: number | undefined, today: Date): string | null {
  const min = minAge ?? DEFAULT_MIN_APPLICANT_AGE
  return isOldEnough({ idCard: idNumber, minAge: min, on: today }) ? null : messageTemplates.underMinimumAge(min)
}
