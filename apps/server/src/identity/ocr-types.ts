/**
 * The portrait side of a resident ID card. The number is always there (checked); the name is '' when no two
 * readings agreed on it; sex and birth date come from the number. The address is not read: nothing can
 * check it, and no screen uses it.
 */
export type IdCardFrontResult = {
  /** 18 characters, checksum verified. */
  idCardNum: string
  userName: string
  sex: string
  nation: string
  /** YYYYMMDD, from the number. */
  birthDate: string
}

/** The emblem side: the validity period (always) and the issuing authority (when read). */
export type IdCardBackResult = {
  issuingAuthority: string
  /** YYYYMMDD */
  validFrom: string
  /** YYYYMMDD, or 长期 for a long-term card. */
  expiredDateStr: string
  /** The period as printed: 2015.03.01-2035.03.01 or 2015.03.01-长期. */
  authorDateStr: string
}

export type BusinessLicenceResult = {
  unitName: string
  /** 18 characters, checksum verified. */
  socialCreditCode: string
  legalName: string
}

export type OcrFailureReason = 'unreadable' | 'wrongSide' | 'unavailable'

/**
 * Recognition did not give a checked result: nothing readable, the other side of the card, or the
 * recogniser itself failed (missing, timed out, vendor down). Never a partial guess.
 */
export class OcrFailure extends Error {
  readonly reason: OcrFailureReason
  constructor(reason: OcrFailureReason, detail?: string) {
    super(detail ?? reason)
    this.reason = reason
  }
}

/** '20150301', '20350301' → '2015.03.01-2035.03.01' (长期 stays as it is). */
export function printedPeriod(validFrom: string, validTo: string): string {
  const dotted = (d: string) => (d === '长期' ? d : `${d.slice(0, 4)}.${d.slice(4, 6)}.${d.slice(6, 8)}`)
  return `${dotted(validFrom)}-${dotted(validTo)}`
}
