import { BasicConstraints, Certificate, CertificateRevocationList } from 'pkijs'
import { equalBytes, verifiesSignedObject } from '../pki/cms-verify.ts'
import { oid } from '../pki/oids.ts'

export type CertificatePath = {
  /** From the signer's certificate up to the last issuer found (a trusted root when `trusted`). */
  path: Certificate[]
  trusted: boolean
}

/**
 * Builds the path from a certificate to one of the trusted roots, taking issuers from the certificates
 * the signature carries and from the roots. Each link is checked: names match, the issuer's key verifies
 * the signature, and every issuer above the leaf is a CA.
 *
 * @example
 * const { path, trusted } = buildPath(leaf, cmsCertificates, roots)
 */
export function buildPath(leaf: Certificate, pool: Certificate[], trustedRoots: Certificate[]): CertificatePath {
  const path = [leaf]
  let current = leaf
  for (let depth = 0; depth < 8; depth++) {
    if (trustedRoots.some((root) => sameCertificate(root, current))) return { path, trusted: true }
    const issuer = [...trustedRoots, ...pool].find(
      (candidate) =>
        candidate.subject.isEqual(current.issuer) &&
        !path.some((p) => sameCertificate(p, candidate)) &&
        isCa(candidate) &&
        verifiesSignedObject(current, candidate) === true,
    )
    if (!issuer) return { path, trusted: false }
    path.push(issuer)
    current = issuer
  }
  return { path, trusted: false }
}

export type Revocation = { revoked: false } | { revoked: true; revokedAt: Date; certificate: Certificate }

/**
 * Looks the certificates of a path up in the CRLs. A CRL counts only when its issuer is the certificate's
 * issuer in the path and that issuer's key verifies it.
 */
export function checkRevocation(path: Certificate[], crls: CertificateRevocationList[]): Revocation {
  for (let i = 0; i + 1 < path.length; i++) {
    const certificate = path[i]!
    const issuer = path[i + 1]!
    for (const crl of crls) {
      if (!crl.issuer.isEqual(issuer.subject) || verifiesSignedObject(crl, issuer) !== true) continue
      const entry = crl.revokedCertificates?.find((r) => r.userCertificate.isEqual(certificate.serialNumber))
      if (entry) return { revoked: true, revokedAt: entry.revocationDate.value, certificate }
    }
  }
  return { revoked: false }
}

export function parseCertificate(der: Uint8Array): Certificate {
  return Certificate.fromBER(der)
}

export function parseCrl(der: Uint8Array): CertificateRevocationList {
  return CertificateRevocationList.fromBER(der)
}

function isCa(certificate: Certificate): boolean {
  const extension = certificate.extensions?.find((e) => e.extnID === oid.basicConstraints)
  if (!extension) return false
  const constraints = extension.parsedValue instanceof BasicConstraints ? extension.parsedValue : undefined
  return Boolean(constraints?.cA)
}

const encodings = new WeakMap<Certificate, Uint8Array>()

function sameCertificate(a: Certificate, b: Certificate): boolean {
  return a === b || equalBytes(encoded(a), encoded(b))
}

function encoded(certificate: Certificate): Uint8Array {
  let der = encodings.get(certificate)
  if (!der) {
    der = new Uint8Array(certificate.toSchema().toBER())
    encodings.set(certificate, der)
  }
  return der
}
