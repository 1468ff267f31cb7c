import { createHash } from 'node:crypto'
import * as asn1js from 'asn1js'
import { TSTInfo, type Certificate } from 'pkijs'
import { checkCms, equalBytes } from '../pki/cms-verify.ts'
import { hashName, oid } from '../pki/oids.ts'
import { buildPath } from './chain.ts'
import { describeName, readableName } from './names.ts'

export type TimestampReport = {
  /** The time the time-stamping authority vouches for. */
  genTime: Date
  /** The token is well formed, signed by its TSA, and stamps this very signature value. */
  valid: boolean
  /** The TSA's certificate leads to a trusted root and is meant for time-stamping. */
  trusted: boolean
  /** Who the TSA is, as a person reads it: its certificate's common name and organisation. */
  authority: string | null
}

/**
 * Checks an RFC 3161 signature timestamp token against the signature value it claims to stamp.
 * Undefined when the token cannot be read at all.
 *
 * @example
 * const stamp = checkSignatureTimestamp(tokenDer, signatureValue, roots) // { genTime, valid: true, trusted: true, … }
 */
export function checkSignatureTimestamp(
  token: Uint8Array,
  signatureValue: Uint8Array,
  trustedRoots: Certificate[],
): TimestampReport | undefined {
  let check: ReturnType<typeof checkCms>
  let tstInfo: TSTInfo
  try {
    check = checkCms(token)
    if (check.signedData.encapContentInfo.eContentType !== oid.tstInfo || !check.encapsulatedContent) return undefined
    tstInfo = TSTInfo.fromBER(check.encapsulatedContent)
  } catch {
    return undefined
  }
  const imprintHash = hashName(tstInfo.messageImprint.hashAlgorithm.algorithmId)
  const imprintMatches =
    imprintHash !== undefined &&
    equalBytes(
      tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView,
      new Uint8Array(createHash(imprintHash).update(signatureValue).digest()),
    )
  const tsa = check.signerCertificate
  const path = tsa ? buildPath(tsa, check.certificates, trustedRoots) : undefined
  return {
    genTime: tstInfo.genTime,
    valid: imprintMatches && check.digestMatches && check.signatureValid && check.signingCertificateMatches !== false,
    trusted: Boolean(path?.trusted && tsa && isTimeStampingCertificate(tsa) && withinValidity(tsa, tstInfo.genTime)),
    authority: tsa ? readableName(describeName(tsa.subject)) : null,
  }
}

function isTimeStampingCertificate(certificate: Certificate): boolean {
  const extension = certificate.extensions?.find((e) => e.extnID === oid.extKeyUsage)
  const usages = (extension?.parsedValue as { keyPurposes?: string[] } | undefined)?.keyPurposes ?? []
  return usages.includes(oid.timeStamping)
}

function withinValidity(certificate: Certificate, at: Date): boolean {
  return certificate.notBefore.value <= at && at <= certificate.notAfter.value
}

/** The bytes of a parsed attribute value as they were in the signature (re-encoded only if unavailable). */
export function encodeAsn1(value: asn1js.AsnType): Uint8Array {
  const block = value as asn1js.BaseBlock
  const original = block.valueBeforeDecodeView
  return original && original.length > 0 ? original : new Uint8Array(block.toBER())
}
