/** Upload and document codes (spec 001 §3, 002 §7). */

/** imgType of an OCR upload. */
export const imgType = {
  ID_FRONT: 10,
  ID_BACK: 11,
  BUSINESS_LICENSE: 20,
} as const
export type ImgType = (typeof imgType)[keyof typeof imgType]

/** Signature sources. */
export const signatureSource = {
  OWN_HAND: 'IS',
  PUBLIC_SECURITY: 'GA',
} as const

/** documentType of an uploaded application document. */
export const APPLICATION_DOCUMENT_TYPE = 2

/** Size limits in MB (001 §9, 002 §9). */
export const uploadLimitMb = {
  image: 5,
  licence: 4,
  sealPattern: 4,
  sealPatternOffline: 10,
  applicationForm: 10,
  /** A PDF to seal on the 用章 screen or to check on 验章: the server's upload limit. */
  document: 10,
} as const

/** Application form files at most (001 §5). */
export const MAX_APPLICATION_FORM_FILES = 5

/** 1 MB in bytes (002 §9). */
export const BYTES_PER_MB = 1_048_576
