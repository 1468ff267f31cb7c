import { createHash, createPublicKey, verify as cryptoVerify, type KeyObject } from 'node:crypto'
import * as asn1js from 'asn1js'
import { Certificate, ContentInfo, IssuerAndSerialNumber, SignedData, type SignerInfo } from 'pkijs'
import { hashName, oid, signatureHashName } from './oids.ts'

/** What checking one CMS SignedData found; nothing here decides trust, which needs the certificate chain. */
export type CmsCheck = {
  signedData: SignedData
  signerInfo: SignerInfo
  /** Every certificate the CMS carries. */
  certificates: Certificate[]
  /** The certificate named by the signer info, if the CMS carries it. */
  signerCertificate?: Certificate
  /** The messageDigest attribute equals the digest of the content. */
  digestMatches: boolean
  /** The signature over the signed attributes verifies with the signer certificate's key. */
  signatureValid: boolean
  /** signing-certificate(-v2) names the signer certificate; undefined when the attribute is absent. */
  signingCertificateMatches?: boolean
  /** A digest or signature algorithm we do not verify. */
  unsupportedAlgorithm: boolean
  signatureValue: Uint8Array
  /** The encapsulated content (a timestamp token's TSTInfo), when attached. */
  encapsulatedContent?: Uint8Array
}

export class CmsFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CmsFormatError'
  }
}

/**
 * Checks a CMS SignedData (its first signer) against its content: the detached content's pieces (for
 * a PDF, the two byte ranges), or the encapsulated content when no pieces are given. Throws
 * CmsFormatError when the bytes are not a SignedData at all.
 *
 * @example
 * const check = checkCms(cms, [pdf.subarray(0, b), pdf.subarray(c, c + d)])
 * check.digestMatches && check.signatureValid
 */
export function checkCms(cms: Uint8Array, detachedContent?: Uint8Array[]): CmsCheck {
  let signedData: SignedData
  try {
    const contentInfo = ContentInfo.fromBER(cms)
    if (contentInfo.contentType !== oid.signedData) throw new CmsFormatError('not a SignedData')
    signedData = new SignedData({ schema: contentInfo.content })
  } catch (error) {
    throw error instanceof CmsFormatError ? error : new CmsFormatError((error as Error).message)
  }
  const signerInfo = signedData.signerInfos[0]
  if (!signerInfo) throw new CmsFormatError('no signer')
  const certificates = (signedData.certificates ?? []).filter((c): c is Certificate => c instanceof Certificate)
  const signerCertificate = certificates.find((c) => identifies(signerInfo, c))
  const signatureValue = signerInfo.signature.valueBlock.valueHexView
  const encapsulatedContent = octets(signedData.encapContentInfo.eContent)
  const content = detachedContent ?? (encapsulatedContent ? [encapsulatedContent] : [])

  const digestName = hashName(signerInfo.digestAlgorithm.algorithmId)
  const base: CmsCheck = {
    signedData,
    signerInfo,
    certificates,
    signerCertificate,
    digestMatches: false,
    signatureValid: false,
    unsupportedAlgorithm: false,
    signatureValue,
    encapsulatedContent,
  }
  if (!digestName) return { ...base, unsupportedAlgorithm: true }
  const hash = createHash(digestName)
  for (const piece of content) hash.update(piece)
  const contentDigest = new Uint8Array(hash.digest())

  const signedAttributes = signerInfo.signedAttrs
  if (!signedAttributes) {
    // No signed attributes: the signature is over the content itself (allowed by CMS, rare in PDFs).
    const valid = signerCertificate ? verifySignature({ certificate: signerCertificate, signerInfo, digestName, data: Buffer.concat(content) }) : false
    return { ...base, digestMatches: valid === true, signatureValid: valid === true, unsupportedAlgorithm: valid === undefined }
  }
  const attribute = (type: string) => signedAttributes.attributes.find((a) => a.type === type)?.values[0]
  const messageDigest = attribute(oid.messageDigest)
  const digestMatches = messageDigest instanceof asn1js.OctetString && equalBytes(messageDigest.valueBlock.valueHexView, contentDigest)
  const data = new Uint8Array(signedAttributes.encodedValue)
  const valid = signerCertificate ? verifySignature({ certificate: signerCertificate, signerInfo, digestName, data }) : false
  const essV2 = attribute(oid.signingCertificateV2)
  const essV1 = attribute(oid.signingCertificate)
  let signingCertificateMatches: boolean | undefined
  if (signerCertificate && (essV2 || essV1)) {
    signingCertificateMatches = essNamesCertificate(essV2 ?? essV1, signerCertificate, essV2 ? 'sha256' : 'sha1')
  }
  return {
    ...base,
    digestMatches,
    signatureValid: valid === true,
    unsupportedAlgorithm: valid === undefined,
    signingCertificateMatches,
  }
}

/** The values of an unsigned attribute of the signer (e.g. its signature timestamp token). */
export function unsignedAttribute(signerInfo: SignerInfo, type: string): asn1js.AsnType[] {
  return signerInfo.unsignedAttrs?.attributes.find((a) => a.type === type)?.values ?? []
}

/** Verifies a signature made by a certificate's key; undefined when the algorithm is not one we handle. */
function verifySignature({
  certificate,
  signerInfo,
  digestName,
  data,
}: {
  certificate: Certificate
  signerInfo: SignerInfo
  digestName: string
  data: Uint8Array
}): boolean | undefined {
  const algorithm = signerInfo.signatureAlgorithm.algorithmId
  const bareKeyAlgorithm = algorithm === oid.rsaEncryption || algorithm === oid.ecPublicKey
  const hash = bareKeyAlgorithm ? digestName : signatureHashName(algorithm)
  if (!hash) return undefined
  try {
    return cryptoVerify(hash, data, publicKeyOf(certificate), signerInfo.signature.valueBlock.valueHexView)
  } catch {
    return false
  }
}

/**
 * Whether `issuer`'s key signed `certificate` (an X.509 certificate or a CRL: anything with tbsView,
 * signatureAlgorithm and signatureValue). Undefined for an algorithm we do not handle.
 */
export function verifiesSignedObject(
  signed: { tbsView: Uint8Array; signatureAlgorithm: { algorithmId: string }; signatureValue: asn1js.BitString },
  issuer: Certificate,
): boolean | undefined {
  const hash = signatureHashName(signed.signatureAlgorithm.algorithmId)
  if (!hash) return undefined
  try {
    return cryptoVerify(hash, signed.tbsView, publicKeyOf(issuer), signed.signatureValue.valueBlock.valueHexView)
  } catch {
    return false
  }
}

const publicKeys = new WeakMap<Certificate, KeyObject>()

function publicKeyOf(certificate: Certificate): KeyObject {
  let key = publicKeys.get(certificate)
  if (!key) {
    const spki = Buffer.from(certificate.subjectPublicKeyInfo.toSchema().toBER())
    key = createPublicKey({ key: spki, format: 'der', type: 'spki' })
    publicKeys.set(certificate, key)
  }
  return key
}

function identifies(signerInfo: SignerInfo, certificate: Certificate): boolean {
  const sid = signerInfo.sid
  if (sid instanceof IssuerAndSerialNumber) {
    return sid.issuer.isEqual(certificate.issuer) && sid.serialNumber.isEqual(certificate.serialNumber)
  }
  // [0] SubjectKeyIdentifier
  const ski = certificate.extensions?.find((e) => e.extnID === oid.subjectKeyIdentifier)?.parsedValue as asn1js.OctetString | undefined
  const wanted = (sid as asn1js.Primitive).valueBlock?.valueHexView
  return Boolean(ski && wanted && equalBytes(ski.valueBlock.valueHexView, wanted))
}

/** ESSCertID(v2): its first certHash must be the hash of the signer certificate's DER. */
function essNamesCertificate(value: asn1js.AsnType, certificate: Certificate, defaultHash: 'sha256' | 'sha1'): boolean {
  try {
    const certs = (value as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence
    const first = certs.valueBlock.value[0] as asn1js.Sequence
    const items = first.valueBlock.value
    let hash: string = defaultHash
    let certHashItem = items[0]
    if (items[0] instanceof asn1js.Sequence) {
      // hashAlgorithm present (not SHA-256)
      const algorithm = (items[0].valueBlock.value[0] as asn1js.ObjectIdentifier).valueBlock.toString()
      hash = hashName(algorithm) ?? ''
      certHashItem = items[1]
    }
    if (!hash || !(certHashItem instanceof asn1js.OctetString)) return false
    const der = new Uint8Array(certificate.toSchema().toBER())
    return equalBytes(certHashItem.valueBlock.valueHexView, new Uint8Array(createHash(hash).update(der).digest()))
  } catch {
    return false
  }
}

/** The bytes of an OCTET STRING, primitive or (BER) constructed. */
function octets(value: asn1js.OctetString | undefined): Uint8Array | undefined {
  if (!value) return undefined
  if (!value.idBlock.isConstructed) return value.valueBlock.valueHexView
  const parts = (value.valueBlock.value as asn1js.OctetString[]).map((part) => octets(part) ?? new Uint8Array(0))
  return new Uint8Array(Buffer.concat(parts))
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length))
}
