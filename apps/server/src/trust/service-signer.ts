import { eq, sql } from 'drizzle-orm'
import { ExtKeyUsage, type Extension } from 'pkijs'
import { oid } from '@seal/pdf/pki/oids'
import { cryptoKeySigner } from '@seal/pdf/sign/crypto-key-signer'
import type { PdfSigner } from '@seal/pdf/sign/sign-pdf'
import type { Database } from '../db/client.ts'
import { issuingCaKey, loadCertificateAuthority } from './ca.ts'
import { crlUrl, issuingCaUrl, type Trust } from './context.ts'
import { serviceCredentials, type ServiceCredential } from './tables.ts'
import { buildName, extension, generateKeyPair, importSigningKey, issueCertificate, keyIdentifier, randomSerial, wholeSeconds } from './x509.ts'

const SERVICE_LOCK = 7_301_003
const SERVICE_CERT_YEARS = 5
const serviceKeyContext = (purpose: ServicePurpose, id: string) => `service:${purpose}:${id}`

type ServicePurpose = ServiceCredential['purpose']

/**
 * What each of the service's own certificates says and may do: the handwriting witness signs documents;
 * the sandbox TSA stamps times, so its certificate carries the critical timeStamping extended key usage
 * (RFC 3161 §2.3) that verifiers look for.
 */
const servicePurposes = {
  'document-signing': { commonName: '电子印章服务 手写签名见证', extra: [] },
  'audit-signing': { commonName: '电子印章服务 审计链签名', extra: [] },
  timestamping: {
    commonName: '电子印章服务 时间戳（沙箱）',
    extra: [extension(oid.extKeyUsage, true, new ExtKeyUsage({ keyPurposes: [oid.timeStamping] }).toSchema())],
  },
} satisfies Record<ServicePurpose, { commonName: string; extra: Extension[] }>

/**
 * The signer for documents a person signs by hand (agreements, authorization letters before the person
 * has a seal): the service's document-signing certificate, issued by our issuing CA, with the handwriting
 * image as the visible appearance. It attests that this person's handwriting was put on this document
 * through the service, after the identity checks of the flow.
 */
export async function serviceSigner(trust: Trust): Promise<PdfSigner> {
  return cryptoKeySigner(await serviceKey(trust, 'document-signing'))
}

/** The certificate chain (own, issuing CA, root) and private key of one of the service's credentials. */
export async function serviceKey(trust: Trust, purpose: ServicePurpose) {
  const row = await ensureServiceCredential(trust, purpose)
  const ca = await loadCertificateAuthority(trust)
  const pkcs8 = await trust.keys.unwrap(row.wrappedPrivateKey, serviceKeyContext(purpose, row.id))
  try {
    const privateKey = await importSigningKey(pkcs8, 'ECDSA_P256')
    return { certificateChain: [row.certificateDer, ca.issuing.certificateDer, ca.root.certificateDer], privateKey }
  } finally {
    pkcs8.fill(0)
  }
}

async function ensureServiceCredential(trust: Trust, purpose: ServicePurpose) {
  const [existing] = await trust.db.select().from(serviceCredentials).where(eq(serviceCredentials.purpose, purpose))
  if (existing && existing.notAfter > trust.now()) return existing
  return trust.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SERVICE_LOCK})`)
    const [again] = await tx.select().from(serviceCredentials).where(eq(serviceCredentials.purpose, purpose))
    if (again && again.notAfter > trust.now()) return again
    if (again) await tx.delete(serviceCredentials).where(eq(serviceCredentials.id, again.id))
    return issueServiceCredential({ ...trust, db: tx as unknown as Database }, purpose)
  })
}

async function issueServiceCredential(trust: Trust, purpose: ServicePurpose) {
  const ca = await loadCertificateAuthority(trust)
  const keys = await generateKeyPair('ECDSA_P256')
  const notBefore = wholeSeconds(trust.now())
  const notAfter = new Date(Math.min(ca.issuing.notAfter.getTime(), new Date(notBefore).setFullYear(notBefore.getFullYear() + SERVICE_CERT_YEARS)))
  const certificateDer = await issueCertificate({
    serialNumber: randomSerial(),
    subject: buildName([
      { type: '2.5.4.6', value: 'CN', kind: 'printable' },
      { type: '2.5.4.10', value: '电子印章服务' },
      { type: '2.5.4.3', value: servicePurposes[purpose].commonName },
    ]),
    subjectPublicKey: keys.publicKey,
    issuer: ca.issuing.certificate.subject,
    issuerPrivateKey: await issuingCaKey(trust, ca),
    notBefore,
    notAfter,
    extensions: {
      ca: false,
      keyUsage: ['digitalSignature', 'nonRepudiation'],
      subjectKeyId: keyIdentifier(keys.spki),
      authorityKeyId: ca.issuing.subjectKeyId,
      crlUrl: crlUrl(trust),
      caIssuersUrl: issuingCaUrl(trust),
      extra: servicePurposes[purpose].extra,
    },
  })
  const id = crypto.randomUUID()
  const wrappedPrivateKey = await trust.keys.wrap(keys.pkcs8, serviceKeyContext(purpose, id))
  keys.pkcs8.fill(0)
  const [row] = await trust.db
    .insert(serviceCredentials)
    .values({ id, purpose, certificateDer, wrappedPrivateKey, wrappingKeyId: trust.keys.keyId, notBefore, notAfter })
    .returning()
  return row!
}
