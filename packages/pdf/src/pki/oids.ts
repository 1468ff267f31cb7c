/** Object identifiers used by the CMS signatures, timestamps and certificates of this package. */
export const oid = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  ecdsaWithSha384: '1.2.840.10045.4.3.3',
  ecdsaWithSha512: '1.2.840.10045.4.3.4',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha1WithRsa: '1.2.840.113549.1.1.5',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  sha384WithRsa: '1.2.840.113549.1.1.12',
  sha512WithRsa: '1.2.840.113549.1.1.13',
  commonName: '2.5.4.3',
  serialNumber: '2.5.4.5',
  country: '2.5.4.6',
  locality: '2.5.4.7',
  state: '2.5.4.8',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  organizationIdentifier: '2.5.4.97',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
  extKeyUsage: '2.5.29.37',
  subjectKeyIdentifier: '2.5.29.14',
  timeStamping: '1.3.6.1.5.5.7.3.8',
} as const

/** Node's name for a digest algorithm OID, or undefined when we do not support it. */
export function hashName(digestOid: string): 'sha1' | 'sha256' | 'sha384' | 'sha512' | undefined {
  switch (digestOid) {
    case oid.sha1:
      return 'sha1'
    case oid.sha256:
      return 'sha256'
    case oid.sha384:
      return 'sha384'
    case oid.sha512:
      return 'sha512'
    default:
      return undefined
  }
}

/** The digest a signature algorithm OID implies (ecdsa-with-SHA256 → sha256); undefined for bare key OIDs. */
export function signatureHashName(signatureOid: string): 'sha1' | 'sha256' | 'sha384' | 'sha512' | undefined {
  switch (signatureOid) {
    case oid.ecdsaWithSha256:
    case oid.sha256WithRsa:
      return 'sha256'
    case oid.ecdsaWithSha384:
    case oid.sha384WithRsa:
      return 'sha384'
    case oid.ecdsaWithSha512:
    case oid.sha512WithRsa:
      return 'sha512'
    case oid.sha1WithRsa:
      return 'sha1'
    default:
      return undefined
  }
}
