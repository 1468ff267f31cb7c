import { count, desc, eq, sql } from 'drizzle-orm'
import { Certificate } from 'pkijs'
import type { Database } from '../db/client.ts'
import { KeyUnwrapError } from './key-wrap.ts'
import type { Trust } from './context.ts'
import { sealCredentials, trustCa, trustCrls } from './tables.ts'
import {
  buildName,
  describeName,
  generateKeyPair,
  importSigningKey,
  issueCertificate,
  issueCrl,
  keyIdentifier,
  randomSerial,
  wholeSeconds,
  type CryptoKey,
  type GeneratedKeyPair,
} from './x509.ts'

const ROOT_YEARS = 20
const ISSUING_YEARS = 10
/**
 * CAs are backdated two days: a verifier whose clock is behind still accepts them, and a seal whose validity
 * starts at the beginning of its making day (makeDate, China time) fits inside the CA even on its first day.
 */
const BACKDATE_MS = 2 * 24 * 3600_000
const CRL_LIFETIME_MS = 7 * 24 * 3600_000
/** The CRL is re-signed when it has less than this left, so a fetched CRL is never stale. */
const CRL_REFRESH_MS = 24 * 3600_000
const ORGANIZATION = '电子印章服务'
/** Serialises CA creation and CRL numbering across server processes sharing one database. */
const CA_LOCK = 7_301_001
const CRL_LOCK = 7_301_002

export type CaCertificate = {
  id: string
  role: 'root' | 'issuing'
  certificateDer: Uint8Array
  certificate: Certificate
  subjectKeyId: Uint8Array
  notBefore: Date
  notAfter: Date
}

export type CertificateAuthority = { root: CaCertificate; issuing: CaCertificate }

/**
 * Creates the root and issuing CA at first start, once (idempotent, safe with several processes), and
 * checks on every start that the master key opens the stored CA key, so a wrong key stops the start with
 * a clear message instead of failing at the first seal. Also publishes the first CRL.
 */
export async function ensureCertificateAuthority(trust: Trust): Promise<CertificateAuthority> {
  await trust.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CA_LOCK})`)
    const existing = await tx.select({ role: trustCa.role }).from(trustCa)
    if (existing.length === 2) return
    if (existing.length === 1) throw new Error('CA表只有一个证书：数据不完整，请检查 trust_ca 表')
    await createCa({ ...trust, db: tx as unknown as Database })
  })
  const ca = await loadCertificateAuthority(trust)
  try {
    await issuingCaKey(trust, ca)
  } catch (error) {
    if (error instanceof KeyUnwrapError) {
      throw new Error(
        `主密钥无法解开已存储的CA私钥（${error.message}）：请使用创建CA时的主密钥（SEAL_MASTER_KEY / SEAL_MASTER_KEY_FILE / data/secrets/master.key）`,
      )
    }
    throw error
  }
  const [crl] = await trust.db.select({ id: trustCrls.id }).from(trustCrls).limit(1)
  if (!crl) await publishCrl(trust)
  return ca
}

async function createCa(trust: Trust) {
  const now = trust.now()
  const notBefore = wholeSeconds(new Date(now.getTime() - BACKDATE_MS))
  const rootKeys = await generateKeyPair('ECDSA_P256')
  const issuingKeys = await generateKeyPair('ECDSA_P256')
  const rootKeyId = keyIdentifier(rootKeys.spki)
  const issuingKeyId = keyIdentifier(issuingKeys.spki)
  // A short tag from the root key keeps two deployments' CA names apart (same name, other key confuses verifiers).
  const tag = Buffer.from(rootKeyId.subarray(0, 4)).toString('hex').toUpperCase()
  const rootName = buildName([
    { type: '2.5.4.6', value: 'CN', kind: 'printable' },
    { type: '2.5.4.10', value: ORGANIZATION },
    { type: '2.5.4.3', value: `电子印章根CA ${tag}` },
  ])
  const issuingName = buildName([
    { type: '2.5.4.6', value: 'CN', kind: 'printable' },
    { type: '2.5.4.10', value: ORGANIZATION },
    { type: '2.5.4.3', value: `电子印章签发CA ${tag}` },
  ])

  const rootSerial = randomSerial()
  const rootNotAfter = yearsAfter(now, ROOT_YEARS)
  const rootDer = await issueCertificate({
    serialNumber: rootSerial,
    subject: rootName,
    subjectPublicKey: rootKeys.publicKey,
    issuer: rootName,
    issuerPrivateKey: rootKeys.privateKey,
    notBefore,
    notAfter: rootNotAfter,
    // pathLength 1: root → issuing CA → seal certificates, nothing deeper.
    extensions: { ca: { pathLength: 1 }, keyUsage: ['keyCertSign', 'cRLSign'], subjectKeyId: rootKeyId },
  })

  const issuingSerial = randomSerial()
  const issuingNotAfter = yearsAfter(now, ISSUING_YEARS)
  const issuingDer = await issueCertificate({
    serialNumber: issuingSerial,
    subject: issuingName,
    subjectPublicKey: issuingKeys.publicKey,
    issuer: rootName,
    issuerPrivateKey: rootKeys.privateKey,
    notBefore,
    notAfter: issuingNotAfter,
    // pathLength 0: the issuing CA signs seal certificates only, never another CA.
    extensions: {
      ca: { pathLength: 0 },
      keyUsage: ['digitalSignature', 'keyCertSign', 'cRLSign'],
      subjectKeyId: issuingKeyId,
      authorityKeyId: rootKeyId,
    },
  })

  const row = async (
    role: 'root' | 'issuing',
    keys: GeneratedKeyPair,
    der: Uint8Array,
    serialNumber: string,
    notAfter: Date,
    subject: string,
  ) => {
    const id = crypto.randomUUID()
    const wrapped = await trust.keys.wrap(keys.pkcs8, caKeyContext(role, id))
    keys.pkcs8.fill(0)
    return {
      id,
      role,
      subject,
      serialNumber,
      certificateDer: der,
      wrappedPrivateKey: wrapped,
      wrappingKeyId: trust.keys.keyId,
      notBefore,
      notAfter: wholeSeconds(notAfter),
    }
  }
  await trust.db
    .insert(trustCa)
    .values([
      await row('root', rootKeys, rootDer, rootSerial, rootNotAfter, describeName(rootName)),
      await row(
        'issuing',
        issuingKeys,
        issuingDer,
        issuingSerial,
        issuingNotAfter,
        describeName(issuingName),
      ),
    ])
}

function yearsAfter(date: Date, years: number): Date {
  const later = new Date(date)
  later.setUTCFullYear(later.getUTCFullYear() + years)
  return later
}

const caKeyContext = (role: string, id: string) => `trust-ca:${role}:${id}`

/** The root and issuing CA certificates. */
export async function loadCertificateAuthority(trust: Pick<Trust, 'db'>): Promise<CertificateAuthority> {
  const rows = await trust.db.select().from(trustCa)
  const entry = (role: 'root' | 'issuing'): CaCertificate => {
    const row = rows.find((r) => r.role === role)
    if (!row) throw new Error('证书颁发机构尚未初始化')
    // Parsing a certificate took about a tenth of the main thread's time per open-API seal; the rows
    // are read every time, and a parse is reused only while the row still holds the same bytes.
    const parsed = parsedCertificates.get(row.id)
    if (parsed && Buffer.compare(parsed.der, row.certificateDer) === 0) return parsed.entry
    const certificate = Certificate.fromBER(row.certificateDer)
    const ski = certificate.extensions?.find((e) => e.extnID === '2.5.29.14')
    const subjectKeyId = ski
      ? new Uint8Array(
          (ski.parsedValue as { valueBlock: { valueHexView: Uint8Array } }).valueBlock.valueHexView,
        )
      : new Uint8Array()
    const entry: CaCertificate = {
      id: row.id,
      role,
      certificateDer: row.certificateDer,
      certificate,
      subjectKeyId,
      notBefore: row.notBefore,
      notAfter: row.notAfter,
    }
    parsedCertificates.set(row.id, { der: Buffer.from(row.certificateDer), entry })
    return entry
  }
  return { root: entry('root'), issuing: entry('issuing') }
}

/** The CA certificates parsed, by row id (two rows per database; a test run makes a few). */
const parsedCertificates = new Map<string, { der: Buffer; entry: CaCertificate }>()

/** Unwraps the issuing CA's key for one signing operation. */
export async function issuingCaKey(trust: Trust, ca: CertificateAuthority): Promise<CryptoKey> {
  const [row] = await trust.db.select().from(trustCa).where(eq(trustCa.id, ca.issuing.id))
  if (!row) throw new Error('证书颁发机构尚未初始化')
  const pkcs8 = await trust.keys.unwrap(row.wrappedPrivateKey, caKeyContext('issuing', row.id))
  try {
    return await importSigningKey(pkcs8, 'ECDSA_P256')
  } finally {
    pkcs8.fill(0)
  }
}

/**
 * Signs and stores a new CRL listing every revoked seal certificate, with the next CRL number; valid
 * 7 days. `currentCrl` calls it whenever the stored one no longer matches the database.
 */
export async function publishCrl(trust: Trust, options: { onlyIfStale?: boolean } = {}): Promise<Uint8Array> {
  const ca = await loadCertificateAuthority(trust)
  const key = await issuingCaKey(trust, ca)
  return trust.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CRL_LOCK})`)
    const [last] = await tx.select().from(trustCrls).orderBy(desc(trustCrls.crlNumber)).limit(1)
    const revoked = await tx
      .select({
        serialNumber: sealCredentials.serialNumber,
        revokedAt: sealCredentials.revokedAt,
        reasonCode: sealCredentials.revocationReasonCode,
      })
      .from(sealCredentials)
      .where(eq(sealCredentials.status, 'revoked'))
      .orderBy(sealCredentials.revokedAt)
    // Another request published while this one waited for the lock.
    if (options.onlyIfStale && last && isCurrent(trust, last, revoked.length)) return last.der
    const thisUpdate = wholeSeconds(trust.now())
    const nextUpdate = new Date(thisUpdate.getTime() + CRL_LIFETIME_MS)
    const crlNumber = (last?.crlNumber ?? 0) + 1
    const der = await issueCrl({
      issuer: ca.issuing.certificate.subject,
      issuerPrivateKey: key,
      issuerKeyId: ca.issuing.subjectKeyId,
      crlNumber,
      thisUpdate,
      nextUpdate,
      revoked: revoked.map((r) => ({
        serialNumber: r.serialNumber,
        revokedAt: r.revokedAt ?? thisUpdate,
        reasonCode: r.reasonCode ?? 0,
      })),
    })
    await tx.insert(trustCrls).values({ crlNumber, der, thisUpdate, nextUpdate, revokedCount: revoked.length })
    return der
  })
}

/**
 * The current CRL (DER), derived from the database: the stored one while it lists as many revoked
 * certificates as the database holds and is more than a day from its nextUpdate, else a new one. A
 * revocation is on the served CRL from its commit on, even when the process died before publishing.
 * Revocations are never undone, so the count tells whether the set changed.
 */
export async function currentCrl(trust: Trust): Promise<Uint8Array> {
  const [latest] = await trust.db.select().from(trustCrls).orderBy(desc(trustCrls.crlNumber)).limit(1)
  const [revoked] = await trust.db
    .select({ count: count() })
    .from(sealCredentials)
    .where(eq(sealCredentials.status, 'revoked'))
  if (latest && isCurrent(trust, latest, revoked?.count ?? 0)) return latest.der
  return publishCrl(trust, { onlyIfStale: true })
}

function isCurrent(trust: Trust, crl: { revokedCount: number | null; nextUpdate: Date }, revokedCount: number) {
  return crl.revokedCount === revokedCount && crl.nextUpdate.getTime() - trust.now().getTime() > CRL_REFRESH_MS
}
