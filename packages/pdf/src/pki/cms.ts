import { createHash } from 'node:crypto'
import * as asn1js from 'asn1js'
import {
  AlgorithmIdentifier,
  Attribute,
  Certificate,
  EncapsulatedContentInfo,
  GeneralName,
  GeneralNames,
  IssuerAndSerialNumber,
  SignedAndUnsignedAttributes,
  SignerInfo,
} from 'pkijs'
import { oid } from './oids.ts'

/**
 * Who signs: the certificate chain (DER, leaf first) and a callback that signs the DER of the signed
 * attributes with SHA-256. The key never leaves the caller, so the server can keep it wrapped and check
 * the PIN before it signs. ECDSA signatures are returned as DER (see `ecdsaRawToDer`).
 */
export type CmsSigner = {
  certificateChain: Uint8Array[]
  algorithm: 'ECDSA_P256' | 'RSA_2048'
  sign(data: Uint8Array): Promise<Uint8Array>
}

/** An RFC 3161 time-stamping authority: a token (ContentInfo DER) for a SHA-256 imprint. */
export type TimestampAuthority = {
  /** `nonce` (a positive INTEGER's bytes) is echoed in the token when given, as RFC 3161 asks. */
  requestToken(messageImprint: Uint8Array, nonce?: Uint8Array): Promise<Uint8Array>
}

export type SignedDataInput = {
  signer: CmsSigner
  /** SHA-256 of the content (for a PDF: of the two byte ranges). */
  contentDigest: Uint8Array
  /** eContentType; id-data unless given (id-ct-TSTInfo for a timestamp token). */
  contentType?: string
  /** Attached content (a timestamp token carries its TSTInfo); absent for a detached signature. */
  encapsulatedContent?: Uint8Array
  /** Adds the signature timestamp (id-aa-signatureTimeStampToken) as an unsigned attribute. */
  timestampAuthority?: TimestampAuthority
}

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest())

/**
 * Builds a CMS SignedData (RFC 5652) the way PAdES baseline B wants it: SHA-256, signed attributes
 * contentType, messageDigest and signing-certificate-v2, and no signingTime (the PDF carries the time in
 * its signature dictionary). Returns the DER of the ContentInfo.
 *
 * @example
 * const cms = await createSignedData({ signer, contentDigest: sha256(signedBytes) })
 */
export async function createSignedData(input: SignedDataInput): Promise<Uint8Array> {
  const { signer, contentDigest } = input
  const contentType = input.contentType ?? oid.data
  const leafDer = signer.certificateChain[0]
  if (!leafDer) throw new Error('the signer has no certificate')
  const certificates = signer.certificateChain.map(parsedCertificate)
  const leaf = certificates[0]!

  const attributes = [
    new Attribute({ type: oid.contentType, values: [new asn1js.ObjectIdentifier({ value: contentType })] }),
    new Attribute({ type: oid.messageDigest, values: [new asn1js.OctetString({ valueHex: contentDigest })] }),
    new Attribute({ type: oid.signingCertificateV2, values: [signingCertificateV2(leaf, leafDer)] }),
  ]
  // DER sorts a SET OF by encoding; verifiers that re-encode (OpenSSL) would otherwise hash other bytes.
  const encoded = attributes
    .map((attribute) => ({ attribute, der: new Uint8Array(attribute.toSchema().toBER()) }))
    .sort((a, b) => compareBytes(a.der, b.der))
  const signedAttributesDer = der(0x31, encoded.map((e) => e.der))
  const signature = await signer.sign(signedAttributesDer)

  const signerInfo = new SignerInfo({
    version: 1,
    sid: new IssuerAndSerialNumber({ issuer: leaf.issuer, serialNumber: leaf.serialNumber }),
    digestAlgorithm: new AlgorithmIdentifier({ algorithmId: oid.sha256 }),
    signedAttrs: new SignedAndUnsignedAttributes({ type: 0, attributes: encoded.map((e) => e.attribute) }),
    signatureAlgorithm:
      signer.algorithm === 'ECDSA_P256'
        ? new AlgorithmIdentifier({ algorithmId: oid.ecdsaWithSha256 })
        : new AlgorithmIdentifier({ algorithmId: oid.sha256WithRsa, algorithmParams: new asn1js.Null() }),
    signature: new asn1js.OctetString({ valueHex: signature }),
  })
  if (input.timestampAuthority) {
    const token = await input.timestampAuthority.requestToken(sha256(signature))
    const parsed = asn1js.fromBER(token)
    if (parsed.offset === -1) throw new Error('the time-stamping authority returned something that is not DER')
    signerInfo.unsignedAttrs = new SignedAndUnsignedAttributes({
      type: 1,
      attributes: [new Attribute({ type: oid.signatureTimeStampToken, values: [parsed.result] })],
    })
  }

  // SignedData and ContentInfo are framed here around pkijs's parts, with the certificates copied in as
  // they are: re-encoding them through pkijs cost more than everything else in a signature.
  const encapContentInfo = new EncapsulatedContentInfo({
    eContentType: contentType,
    ...(input.encapsulatedContent ? { eContent: new asn1js.OctetString({ valueHex: input.encapsulatedContent }) } : {}),
  })
  const signedData = der(0x30, [
    ber(new asn1js.Integer({ value: contentType === oid.data ? 1 : 3 })),
    ber(new asn1js.Set({ value: [new AlgorithmIdentifier({ algorithmId: oid.sha256 }).toSchema()] })),
    ber(encapContentInfo.toSchema()),
    der(0xa0, signer.certificateChain),
    ber(new asn1js.Set({ value: [signerInfo.toSchema()] })),
  ])
  return der(0x30, [ber(new asn1js.ObjectIdentifier({ value: oid.signedData })), der(0xa0, [signedData])])
}

const ber = (value: { toBER(): ArrayBuffer }) => new Uint8Array(value.toBER())

/** A DER element of the given tag around the concatenated parts. */
function der(tag: number, parts: Uint8Array[]): Uint8Array {
  const length = parts.reduce((sum, part) => sum + part.length, 0)
  const lengthBytes: number[] = []
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) lengthBytes.unshift(rest % 256)
  const header = length < 0x80 ? [tag, length] : [tag, 0x80 | lengthBytes.length, ...lengthBytes]
  const out = new Uint8Array(header.length + length)
  out.set(header, 0)
  let at = header.length
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/**
 * SigningCertificateV2 (RFC 5035) naming the signer's certificate by its SHA-256 hash and issuer and
 * serial number, so the signature cannot be passed off as made with another certificate for the same key.
 * The hash algorithm is left out: SHA-256 is its DER default.
 */
function signingCertificateV2(leaf: Certificate, leafDer: Uint8Array): asn1js.AsnType {
  const cached = essAttributes.get(leaf)
  if (cached) return asn1js.fromBER(cached).result
  const issuerSerial = new asn1js.Sequence({
    value: [new GeneralNames({ names: [new GeneralName({ type: 4, value: leaf.issuer })] }).toSchema(), leaf.serialNumber],
  })
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: sha256(leafDer) }), issuerSerial] })
  const value = new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })
  essAttributes.set(leaf, value.toBER())
  return value
}

const essAttributes = new WeakMap<Certificate, ArrayBuffer>()

const parsedCertificates = new Map<string, Certificate>()

/** A server signs with the same few chains all day: parse each certificate once. */
function parsedCertificate(der: Uint8Array): Certificate {
  const key = Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString('base64')
  let certificate = parsedCertificates.get(key)
  if (!certificate) {
    certificate = Certificate.fromBER(der)
    parsedCertificates.set(key, certificate)
    if (parsedCertificates.size > 256) parsedCertificates.delete(parsedCertificates.keys().next().value as string)
  }
  return certificate
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!
  return a.length - b.length
}
