import type { Certificate, CertificateRevocationList } from 'pkijs'
import { checkCms, CmsFormatError, unsignedAttribute, type CmsCheck } from '../pki/cms-verify.ts'
import { oid } from '../pki/oids.ts'
import { PdfFile } from '../sign/pdf-file.ts'
import { PdfSyntaxError } from '../sign/pdf-syntax.ts'
import { buildPath, checkRevocation, parseCertificate, parseCrl } from './chain.ts'
import { verifyProblems, type VerifyProblemCode } from './messages.ts'
import { describeName, type NameSummary } from './names.ts'
import { signatureFields, type SignatureField } from './signature-fields.ts'
import { checkSignatureTimestamp, encodeAsn1, type TimestampReport } from './timestamp.ts'

export type CertificateSummary = {
  subject: NameSummary
  issuer: string
  serialNumber: string
  notBefore: Date
  notAfter: Date
}

/** What a person needs to know about one signature of a document. */
export type SignatureReport = {
  /** 1-based, in signing order. */
  index: number
  fieldName: string
  /** The signer certificate's subject: CN, O, organizationIdentifier and every attribute by OID. */
  signer: NameSummary | null
  signerName: string | null
  reason: string | null
  location: string | null
  /** /M: the time the signer's software wrote (a claim, unless a timestamp backs it). */
  signingTime: Date | null
  /** The RFC 3161 signature timestamp, when there is one. */
  timestamp: TimestampReport | null
  byteRange: number[]
  /** The signed bytes are exactly what was signed: the digest matches. */
  documentUnchanged: boolean
  /** The signature value verifies with the signer certificate's key (and names that certificate). */
  signatureValid: boolean
  /** The signature covers the file up to its end. */
  coversWholeDocument: boolean
  /** Later revisions were appended after this signature (further signatures, or other changes). */
  modifiedAfter: boolean
  /** The signer's certificate first, up to the root when one was found. */
  chain: CertificateSummary[]
  chainTrusted: boolean
  revoked: boolean
  revokedAt: Date | null
  /** At the signing time (the timestamp's when trusted, else /M, else now). */
  expired: boolean
  notYetValid: boolean
  /** No problems: the signature holds. */
  intact: boolean
  /** Chinese sentences, one per failure. */
  problems: string[]
}

export type VerifyPdfOptions = {
  /** Root certificates (DER) a chain must lead to. */
  trustedRoots: Uint8Array[]
  /** CRLs (DER) to look certificates up in; a CRL counts only when its issuer's key verifies it. */
  crls?: Uint8Array[]
  /** The current time, for signatures that state no time. */
  now?: Date
}

export class PdfVerifyError extends Error {
  constructor(detail: string) {
    super(`文件不是有效的PDF文档（${detail}）`)
    this.name = 'PdfVerifyError'
  }
}

/**
 * Verifies every signature of a PDF (a corrupt file is a {@link PdfVerifyError}; one that inflates past
 * pdf-limits.ts a `PdfLimitError`): the digest of its byte ranges, the CMS signature, its certificate
 * chain to the trusted roots, revocation in the given CRLs, validity at signing time, and an RFC 3161
 * timestamp when present. A revocation after a trusted timestamp does not invalidate the signature, since
 * the timestamp proves it was made before. Changes appended after the last signature are reported on
 * every signature.
 *
 * @example
 * const reports = await verifyPdf(pdf, { trustedRoots: [rootDer], crls: [crlDer] })
 * reports.every((r) => r.intact) // true for an untouched, trusted document
 */
export async function verifyPdf(pdf: Uint8Array, options: VerifyPdfOptions): Promise<SignatureReport[]> {
  const roots = options.trustedRoots.map(parseCertificate)
  const crls = (options.crls ?? []).map(parseCrl)
  const now = options.now ?? new Date()
  let fields: SignatureField[]
  try {
    // Objects are read lazily: a corrupt one can surface anywhere while the fields are collected.
    fields = signatureFields(new PdfFile(pdf))
  } catch (error) {
    if (error instanceof PdfSyntaxError) throw new PdfVerifyError(error.message)
    throw error
  }
  const coveredEnd = Math.max(0, ...fields.filter((f) => byteRangeProblem(pdf, f) === undefined).map(coverageEnd))
  const unsignedTail = fields.length > 0 && hasContentAfter(pdf, coveredEnd)
  return fields.map((field, i) => verifySignature({ pdf, field, index: i + 1, roots, crls, now, unsignedTail }))
}

function verifySignature({
  pdf,
  field,
  index,
  roots,
  crls,
  now,
  unsignedTail,
}: {
  pdf: Uint8Array
  field: SignatureField
  index: number
  roots: Certificate[]
  crls: CertificateRevocationList[]
  now: Date
  unsignedTail: boolean
}): SignatureReport {
  const problems = new Set<VerifyProblemCode>()
  const end = coverageEnd(field)
  const report: SignatureReport = {
    index,
    fieldName: field.fieldName,
    signer: null,
    signerName: field.signerName,
    reason: field.reason,
    location: field.location,
    signingTime: field.claimedTime,
    timestamp: null,
    byteRange: field.byteRange,
    documentUnchanged: false,
    signatureValid: false,
    coversWholeDocument: end === pdf.length,
    modifiedAfter: end < pdf.length,
    chain: [],
    chainTrusted: false,
    revoked: false,
    revokedAt: null,
    expired: false,
    notYetValid: false,
    intact: false,
    problems: [],
  }
  const finish = () => {
    if (unsignedTail) problems.add('UNSIGNED_CHANGES')
    report.problems = [...problems].map((code) => verifyProblems[code])
    report.intact = report.problems.length === 0
    return report
  }

  const rangeProblem = byteRangeProblem(pdf, field)
  if (rangeProblem) problems.add(rangeProblem)
  if (field.subFilter === 'adbe.x509.rsa_sha1') {
    problems.add('UNSUPPORTED_ALGORITHM')
    return finish()
  }
  const [a = 0, b = 0, c = 0, d = 0] = field.byteRange
  let check: CmsCheck
  try {
    check = checkCms(field.contents, rangeProblem ? [] : [pdf.subarray(a, a + b), pdf.subarray(c, c + d)])
  } catch (error) {
    if (!(error instanceof CmsFormatError)) throw error
    problems.add('SIGNATURE_UNREADABLE')
    return finish()
  }

  report.documentUnchanged = !rangeProblem && check.digestMatches
  report.signatureValid = check.signatureValid && check.signingCertificateMatches !== false
  if (!rangeProblem && !check.digestMatches) problems.add('DOCUMENT_MODIFIED')
  if (check.unsupportedAlgorithm) problems.add('UNSUPPORTED_ALGORITHM')
  else if (!check.signerCertificate) problems.add('CERTIFICATE_MISSING')
  else if (!check.signatureValid) problems.add('SIGNATURE_INVALID')
  else if (check.signingCertificateMatches === false) problems.add('SIGNING_CERTIFICATE_MISMATCH')

  const token = unsignedAttribute(check.signerInfo, oid.signatureTimeStampToken)[0]
  if (token) {
    report.timestamp = checkSignatureTimestamp(encodeAsn1(token), check.signatureValue, roots) ?? null
    if (!report.timestamp?.valid) problems.add('TIMESTAMP_INVALID')
    else if (!report.timestamp.trusted) problems.add('TIMESTAMP_UNTRUSTED')
  }

  const leaf = check.signerCertificate
  if (!leaf) return finish()
  report.signer = describeName(leaf.subject)
  const { path, trusted } = buildPath(leaf, check.certificates, roots)
  report.chain = path.map(summarise)
  report.chainTrusted = trusted
  if (!trusted) problems.add('CHAIN_UNTRUSTED')

  const trustedTime = report.timestamp?.valid && report.timestamp.trusted ? report.timestamp.genTime : undefined
  const signedAt = trustedTime ?? field.claimedTime ?? now
  report.expired = path.some((certificate) => certificate.notAfter.value < signedAt)
  report.notYetValid = path.some((certificate) => certificate.notBefore.value > signedAt)
  if (report.expired) problems.add('EXPIRED')
  if (report.notYetValid) problems.add('NOT_YET_VALID')

  const revocation = checkRevocation(path, crls)
  if (revocation.revoked && revocation.revokedAt <= now) {
    report.revoked = true
    report.revokedAt = revocation.revokedAt
    // A trusted timestamp earlier than the revocation proves the signature was made while the key was good.
    if (!(trustedTime && trustedTime < revocation.revokedAt)) problems.add('REVOKED')
  }
  return finish()
}

const coverageEnd = (field: SignatureField) => (field.byteRange[2] ?? 0) + (field.byteRange[3] ?? 0)

/**
 * The byte range must start at 0, leave out exactly this signature's /Contents string, and stay inside
 * the file; anything else could hide changes from the digest.
 */
function byteRangeProblem(pdf: Uint8Array, field: SignatureField): VerifyProblemCode | undefined {
  const range = field.byteRange
  if (range.length !== 4 || range.some((n) => !Number.isInteger(n) || n < 0)) return 'BYTE_RANGE_INVALID'
  const [a, b, c, d] = range as [number, number, number, number]
  if (a !== 0 || c <= b || c + d > pdf.length) return 'BYTE_RANGE_INVALID'
  if (pdf[b] !== 0x3c /* < */ || pdf[c - 1] !== 0x3e /* > */) return 'BYTE_RANGE_INVALID'
  if (c - b - 2 !== field.contents.length * 2) return 'BYTE_RANGE_INVALID'
  return undefined
}

function hasContentAfter(pdf: Uint8Array, offset: number): boolean {
  for (let i = offset; i < pdf.length; i++) {
    const c = pdf[i]
    if (c !== 0x0a && c !== 0x0d && c !== 0x20 && c !== 0x09 && c !== 0x00) return true
  }
  return false
}

function summarise(certificate: Certificate): CertificateSummary {
  return {
    subject: describeName(certificate.subject),
    issuer: describeName(certificate.issuer).text,
    serialNumber: Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex'),
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
  }
}
