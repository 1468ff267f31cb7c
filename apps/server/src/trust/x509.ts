import { createHash, type webcrypto } from 'node:crypto'
import * as asn1js from 'asn1js'
import {
  AccessDescription,
  AlgorithmIdentifier,
  AuthorityKeyIdentifier,
  BasicConstraints,
  Certificate,
  CertificateRevocationList,
  CRLDistributionPoints,
  DistributionPoint,
  Extension,
  Extensions,
  GeneralName,
  InfoAccess,
  RelativeDistinguishedNames,
  RevokedCertificate,
  Time,
} from 'pkijs'
import { randomPositiveInteger } from '@seal/pdf/pki/positive-integer'

/**
 * X.509 building blocks over pkijs + asn1js and Node's WebCrypto (`globalThis.crypto`, which pkijs picks up
 * by itself): key pairs, names, certificates, CRLs. Domain rules (what a seal certificate says) live in
 * ca.ts and seals/make-seal.ts.
 */

export type KeyAlgorithm = 'ECDSA_P256' | 'RSA_2048'

/** A WebCrypto key (Node's; the project builds without the DOM library). */
export type CryptoKey = webcrypto.CryptoKey

/**
 * Object identifiers. The seal arc is private: 1.3.6.1.4.1.62025 is a placeholder Private Enterprise
 * Number, kept in this one constant; an operator with its own IANA PEN (free of charge) replaces it before
 * issuing production certificates, and `readSealInfo` should then accept both. We did not use a 2.25 UUID
 * arc: its 128-bit component breaks X.509 parsers that read arcs as machine integers (Go's crypto/x509).
 */
export const SEAL_OID_ARC = '1.3.6.1.4.1.62025.1'

export const oids = {
  country: '2.5.4.6',
  organization: '2.5.4.10',
  commonName: '2.5.4.3',
  serialNumber: '2.5.4.5',
  organizationIdentifier: '2.5.4.97',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
  crlNumber: '2.5.29.20',
  crlReason: '2.5.29.21',
  crlDistributionPoints: '2.5.29.31',
  authorityKeyIdentifier: '2.5.29.35',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  caIssuers: '1.3.6.1.5.5.7.48.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  /**
   * Seal information extension (non-critical), binding the certificate to the seal:
   *   SealInfo ::= SEQUENCE {
   *     version        INTEGER (1),
   *     sealTypeCode   UTF8String,   -- 01 … 99, 1000 (spec 000 §3)
   *     sealCode       UTF8String,   -- filing number or our assigned code
   *     imageDigest    SEQUENCE { digestAlgorithm AlgorithmIdentifier, digest OCTET STRING } }  -- SHA-256 of the seal image (PNG bytes)
   */
  sealInfo: `${SEAL_OID_ARC}.1`,
} as const

/** RFC 5280 CRLReason codes we use. */
export const crlReason = {
  unspecified: 0,
  keyCompromise: 1,
  affiliationChanged: 3,
  superseded: 4,
  cessationOfOperation: 5,
} as const
export type CrlReasonCode = (typeof crlReason)[keyof typeof crlReason]

const ecdsa = { name: 'ECDSA', namedCurve: 'P-256' } as const
const rsa = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const

export type GeneratedKeyPair = {
  privateKey: CryptoKey
  publicKey: CryptoKey
  pkcs8: Uint8Array
  spki: Uint8Array
}

/** A fresh key pair; the PKCS#8 bytes are returned so the caller can wrap them and forget them. */
export async function generateKeyPair(algorithm: KeyAlgorithm): Promise<GeneratedKeyPair> {
  const pair =
    algorithm === 'ECDSA_P256'
      ? await crypto.subtle.generateKey(ecdsa, true, ['sign', 'verify'])
      : await crypto.subtle.generateKey(
          { ...rsa, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
          true,
          ['sign', 'verify'],
        )
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey))
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey))
  return { privateKey: pair.privateKey, publicKey: pair.publicKey, pkcs8, spki }
}

/** Imports an unwrapped PKCS#8 key for signing only; not extractable, so it cannot leave WebCrypto again. */
export async function importSigningKey(pkcs8: Uint8Array, algorithm: KeyAlgorithm): Promise<CryptoKey> {
  return crypto.subtle.importKey('pkcs8', pkcs8, algorithm === 'ECDSA_P256' ? ecdsa : rsa, false, ['sign'])
}

export type NameAttribute = { type: string; value: string; kind?: 'utf8' | 'printable' }

/**
 * A distinguished name with one attribute per RDN, in the order given. pkijs would put every attribute
 * into one multi-valued RDN, which verifiers display and compare wrongly; so the DER is built here and
 * handed to pkijs as already-encoded. Chinese text is UTF8String; country codes and identifiers PrintableString.
 */
export function buildName(attributes: NameAttribute[]): RelativeDistinguishedNames {
  const rdns = attributes.map(
    ({ type, value, kind }) =>
      new asn1js.Set({
        value: [
          new asn1js.Sequence({
            value: [
              new asn1js.ObjectIdentifier({ value: type }),
              kind === 'printable' ? new asn1js.PrintableString({ value }) : new asn1js.Utf8String({ value }),
            ],
          }),
        ],
      }),
  )
  return RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: rdns }).toBER(false))
}

/** A positive 128-bit serial number, as lower-case hex (RFC 5280 allows up to 20 octets). */
export function randomSerial(): string {
  return randomPositiveInteger(16).toString('hex')
}

/** The subject key identifier: SHA-1 of the subjectPublicKey bit string (RFC 5280 §4.2.1.2 method 1). */
export function keyIdentifier(spki: Uint8Array): Uint8Array {
  const info = asn1js.fromBER(spki).result as asn1js.Sequence
  const bitString = info.valueBlock.value[1] as asn1js.BitString
  return new Uint8Array(createHash('sha1').update(bitString.valueBlock.valueHexView).digest())
}

export type KeyUsageName = 'digitalSignature' | 'nonRepudiation' | 'keyCertSign' | 'cRLSign'
const keyUsageBits: Record<KeyUsageName, number> = {
  digitalSignature: 0x80,
  nonRepudiation: 0x40,
  keyCertSign: 0x04,
  cRLSign: 0x02,
}

export type CertificateExtensionsInput = {
  ca: { pathLength?: number } | false
  keyUsage: KeyUsageName[]
  subjectKeyId: Uint8Array
  authorityKeyId?: Uint8Array
  crlUrl?: string
  caIssuersUrl?: string
  extra?: Extension[]
}

export type IssueCertificateInput = {
  serialNumber: string
  subject: RelativeDistinguishedNames
  subjectPublicKey: CryptoKey
  issuer: RelativeDistinguishedNames
  issuerPrivateKey: CryptoKey
  notBefore: Date
  notAfter: Date
  extensions: CertificateExtensionsInput
}

/** Issues (signs) an X.509 v3 certificate with SHA-256; returns its DER. */
export async function issueCertificate(input: IssueCertificateInput): Promise<Uint8Array> {
  const certificate = new Certificate()
  certificate.version = 2
  certificate.serialNumber = new asn1js.Integer({ valueHex: Buffer.from(input.serialNumber, 'hex') })
  certificate.issuer = input.issuer
  certificate.subject = input.subject
  certificate.notBefore = x509Time(input.notBefore)
  certificate.notAfter = x509Time(input.notAfter)
  certificate.extensions = certificateExtensions(input.extensions)
  await certificate.subjectPublicKeyInfo.importKey(input.subjectPublicKey)
  await certificate.sign(input.issuerPrivateKey, 'SHA-256')
  return new Uint8Array(certificate.toSchema(true).toBER(false))
}

function certificateExtensions(input: CertificateExtensionsInput): Extension[] {
  const extensions: Extension[] = []
  // pkijs encodes pathLenConstraint whenever the key is present, even undefined (as 0): only pass it when set.
  const basic = !input.ca
    ? new BasicConstraints({ cA: false })
    : input.ca.pathLength === undefined
      ? new BasicConstraints({ cA: true })
      : new BasicConstraints({ cA: true, pathLenConstraint: input.ca.pathLength })
  extensions.push(extension(oids.basicConstraints, true, basic.toSchema()))
  extensions.push(extension(oids.keyUsage, true, keyUsageBitString(input.keyUsage)))
  extensions.push(
    extension(oids.subjectKeyIdentifier, false, new asn1js.OctetString({ valueHex: input.subjectKeyId })),
  )
  if (input.authorityKeyId) {
    const aki = new AuthorityKeyIdentifier({
      keyIdentifier: new asn1js.OctetString({ valueHex: input.authorityKeyId }),
    })
    extensions.push(extension(oids.authorityKeyIdentifier, false, aki.toSchema()))
  }
  if (input.crlUrl) {
    const point = new DistributionPoint({
      distributionPoint: [new GeneralName({ type: 6, value: input.crlUrl })],
    })
    extensions.push(
      extension(
        oids.crlDistributionPoints,
        false,
        new CRLDistributionPoints({ distributionPoints: [point] }).toSchema(),
      ),
    )
  }
  if (input.caIssuersUrl) {
    const access = new AccessDescription({
      accessMethod: oids.caIssuers,
      accessLocation: new GeneralName({ type: 6, value: input.caIssuersUrl }),
    })
    extensions.push(
      extension(oids.authorityInfoAccess, false, new InfoAccess({ accessDescriptions: [access] }).toSchema()),
    )
  }
  return [...extensions, ...(input.extra ?? [])]
}

/** An extension whose value is the DER of `value`. */
export function extension(extnID: string, critical: boolean, value: asn1js.BaseBlock): Extension {
  return new Extension({ extnID, critical, extnValue: value.toBER(false) })
}

function keyUsageBitString(usages: KeyUsageName[]): asn1js.BitString {
  const byte = usages.reduce((bits, usage) => bits | keyUsageBits[usage], 0)
  // DER: the unused bits are the trailing zero bits of the last octet.
  let unusedBits = 0
  while (unusedBits < 7 && (byte & (1 << unusedBits)) === 0) unusedBits++
  return new asn1js.BitString({ valueHex: new Uint8Array([byte]), unusedBits })
}

/** UTCTime through 2049, GeneralizedTime from 2050 (RFC 5280 §4.1.2.5); whole seconds only, as DER wants. */
export function x509Time(date: Date): Time {
  const value = wholeSeconds(date)
  return new Time({ type: value.getUTCFullYear() < 2050 ? 0 : 1, value })
}

export const wholeSeconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000)

export type RevokedEntry = { serialNumber: string; revokedAt: Date; reasonCode: number }

/** Builds and signs a v2 CRL with its CRL number and the issuer's key identifier; returns its DER. */
export async function issueCrl(input: {
  issuer: RelativeDistinguishedNames
  issuerPrivateKey: CryptoKey
  issuerKeyId: Uint8Array
  crlNumber: number
  thisUpdate: Date
  nextUpdate: Date
  revoked: RevokedEntry[]
}): Promise<Uint8Array> {
  const crl = new CertificateRevocationList()
  crl.version = 1
  crl.issuer = input.issuer
  crl.thisUpdate = x509Time(input.thisUpdate)
  crl.nextUpdate = x509Time(input.nextUpdate)
  // RFC 5280: no revokedCertificates field at all when the list is empty.
  if (input.revoked.length > 0) {
    crl.revokedCertificates = input.revoked.map(
      (entry) =>
        new RevokedCertificate({
          userCertificate: new asn1js.Integer({ valueHex: Buffer.from(entry.serialNumber, 'hex') }),
          revocationDate: x509Time(entry.revokedAt),
          crlEntryExtensions: new Extensions({
            extensions: [
              extension(oids.crlReason, false, new asn1js.Enumerated({ value: entry.reasonCode })),
            ],
          }),
        }),
    )
  }
  const aki = new AuthorityKeyIdentifier({
    keyIdentifier: new asn1js.OctetString({ valueHex: input.issuerKeyId }),
  })
  crl.crlExtensions = new Extensions({
    extensions: [
      extension(oids.authorityKeyIdentifier, false, aki.toSchema()),
      extension(oids.crlNumber, false, new asn1js.Integer({ value: input.crlNumber })),
    ],
  })
  await crl.sign(input.issuerPrivateKey, 'SHA-256')
  return new Uint8Array(crl.toSchema(true).toBER(false))
}

export type SealInfo = { sealTypeCode: string; sealCode: string; imageSha256: string }

/** The seal information extension (see `oids.sealInfo`). */
export function sealInfoExtension(info: SealInfo): Extension {
  const value = new asn1js.Sequence({
    value: [
      new asn1js.Integer({ value: 1 }),
      new asn1js.Utf8String({ value: info.sealTypeCode }),
      new asn1js.Utf8String({ value: info.sealCode }),
      new asn1js.Sequence({
        value: [
          new AlgorithmIdentifier({ algorithmId: oids.sha256 }).toSchema(),
          new asn1js.OctetString({ valueHex: Buffer.from(info.imageSha256, 'hex') }),
        ],
      }),
    ],
  })
  return extension(oids.sealInfo, false, value)
}

/** Reads the seal information back from a certificate, or undefined when it has none. */
export function readSealInfo(certificateDer: Uint8Array): SealInfo | undefined {
  const certificate = Certificate.fromBER(certificateDer)
  const found = certificate.extensions?.find((e) => e.extnID === oids.sealInfo)
  if (!found) return undefined
  const sequence = asn1js.fromBER(found.extnValue.valueBlock.valueHexView).result as asn1js.Sequence
  const [, typeCode, code, digest] = sequence.valueBlock.value as [
    asn1js.Integer,
    asn1js.Utf8String,
    asn1js.Utf8String,
    asn1js.Sequence,
  ]
  const digestValue = digest.valueBlock.value[1] as asn1js.OctetString
  return {
    sealTypeCode: typeCode.valueBlock.value,
    sealCode: code.valueBlock.value,
    imageSha256: Buffer.from(digestValue.valueBlock.valueHexView).toString('hex'),
  }
}

/** A certificate's subject attributes by OID (the first of each), values as text. */
export function readSubject(certificateDer: Uint8Array): Map<string, string> {
  const certificate = Certificate.fromBER(certificateDer)
  const attributes = new Map<string, string>()
  for (const tv of certificate.subject.typesAndValues) if (!attributes.has(tv.type)) attributes.set(tv.type, String(tv.value.valueBlock.value))
  return attributes
}

/** PEM armour for a DER object ('CERTIFICATE', 'X509 CRL'). */
export function toPem(der: Uint8Array, label: string): string {
  const base64 = Buffer.from(der).toString('base64')
  return `-----BEGIN ${label}-----\n${base64.replace(/.{1,64}/g, '$&\n')}-----END ${label}-----\n`
}

/** The subject of a certificate as text (for logs and the CA table), e.g. `C=CN, O=…, CN=…`. */
export function describeName(name: RelativeDistinguishedNames): string {
  const short: Record<string, string> = {
    [oids.country]: 'C',
    [oids.organization]: 'O',
    [oids.commonName]: 'CN',
    [oids.serialNumber]: 'serialNumber',
    [oids.organizationIdentifier]: 'organizationIdentifier',
  }
  return name.typesAndValues
    .map((tv) => `${short[tv.type] ?? tv.type}=${String(tv.value.valueBlock.value)}`)
    .join(', ')
}

/** A certificate's subject and issuer as text (the console's certificate view). */
export function describeCertificate(certificateDer: Uint8Array): { subject: string; issuer: string } {
  const certificate = Certificate.fromBER(certificateDer)
  return { subject: describeName(certificate.subject), issuer: describeName(certificate.issuer) }
}
