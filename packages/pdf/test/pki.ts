import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { webcrypto } from 'node:crypto'

/**
 * A test PKI made with the openssl CLI (an independent implementation, not our code): a root CA, an
 * issuing CA, and leaves issued by the issuing CA. Private keys are imported into WebCrypto from PKCS#8,
 * as the server holds them.
 */

export type TestIdentity = {
  /** The certificate, DER. */
  der: Uint8Array
  /** Leaf first, then the issuing CA and the root. */
  chain: Uint8Array[]
  privateKey: webcrypto.CryptoKey
  pemPath: string
}

export type TestPki = {
  dir: string
  root: { der: Uint8Array; pemPath: string }
  issuing: { der: Uint8Array; pemPath: string }
  /** ECDSA P-256 unit seal: CN, O, organizationIdentifier and two custom attributes (seal type and code). */
  unitSeal: TestIdentity
  /** A second ECDSA unit seal (another seal of the same unit). */
  financeSeal: TestIdentity
  /** RSA-2048 personal signature certificate. */
  personRsa: TestIdentity
  /** Listed in `crl` (keyCompromise), revoked at `revokedAt`. */
  revoked: TestIdentity
  revokedAt: Date
  /** Valid from 2020-01-01 to 2021-01-01. */
  expired: TestIdentity
  /** The sandbox TSA's certificate: critical extended key usage timeStamping. */
  tsa: TestIdentity
  /** CRL of the issuing CA, DER. */
  crl: Uint8Array
  /** Issuing CA then root, PEM: the -CAfile for `openssl cms -verify`. */
  chainPemPath: string
  /** An NSS database (for pdfsig) trusting the root: pass as `-nssdir sql:<nssDir>`. */
  nssDir: string
  /** A root nobody trusts, with its own leaf: signatures that must not count as trusted. */
  stranger: TestIdentity
  /** Revokes a certificate now (after it has signed) and returns the issuing CA's new CRL. */
  revokeNow(identity: TestIdentity): { crl: Uint8Array; revokedAt: Date }
  cleanup(): void
}

/** OIDs the test certificates use for the seal's type and filing code (our test arc under 2.25). */
export const testSealOids = {
  sealTypeCode: '2.25.311426157309124851227208421155211950705.1',
  sealCode: '2.25.311426157309124851227208421155211950705.2',
} as const

export const unitSealSubject = {
  commonName: '北京明远科技有限公司合同专用章',
  organization: '北京明远科技有限公司',
  organizationIdentifier: '91110108MA01ABCDEN',
  sealTypeCode: '04',
  sealCode: '1101080012345',
} as const

/**
 * Creates the PKI in a fresh temp folder (about a second, mostly RSA key generation).
 *
 * @example
 * const pki = await createTestPki()
 * const signer = cryptoKeySigner({ certificateChain: pki.unitSeal.chain, privateKey: pki.unitSeal.privateKey })
 */
export async function createTestPki(): Promise<TestPki> {
  const dir = mkdtempSync(join(tmpdir(), 'seal-pki-'))
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  const caDir = join(dir, 'issuing-db')
  mkdirSync(join(caDir, 'newcerts'), { recursive: true })
  writeFileSync(join(caDir, 'index.txt'), '')
  writeFileSync(join(caDir, 'serial'), '1000\n')
  writeFileSync(join(caDir, 'crlnumber'), '01\n')
  const config = join(dir, 'openssl.cnf')
  writeFileSync(config, opensslConfig(dir, caDir))

  const key = (name: string, kind: 'ec' | 'rsa') => {
    const pem = `${name}.key`
    if (kind === 'ec') run('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', pem)
    else run('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', pem)
    run('pkcs8', '-topk8', '-nocrypt', '-in', pem, '-outform', 'DER', '-out', `${name}.p8`)
    return pem
  }
  const der = (name: string) => {
    run('x509', '-in', `${name}.pem`, '-outform', 'DER', '-out', `${name}.der`)
    return new Uint8Array(readFileSync(join(dir, `${name}.der`)))
  }

  // Root and issuing CA.
  key('root', 'ec')
  run('req', '-config', config, '-x509', '-new', '-key', 'root.key', '-utf8', '-subj', '/C=CN/O=电子印章测试/CN=电子印章测试根CA', '-days', '3650', '-sha256', '-extensions', 'root_ext', '-out', 'root.pem')
  key('issuing', 'ec')
  run('req', '-config', config, '-new', '-key', 'issuing.key', '-utf8', '-subj', '/C=CN/O=电子印章测试/CN=电子印章测试签发CA', '-out', 'issuing.csr')
  run('x509', '-req', '-in', 'issuing.csr', '-CA', 'root.pem', '-CAkey', 'root.key', '-CAcreateserial', '-days', '3650', '-sha256', '-extfile', config, '-extensions', 'ca_ext', '-out', 'issuing.pem')
  const rootDer = der('root')
  const issuingDer = der('issuing')
  writeFileSync(join(dir, 'chain.pem'), readFileSync(join(dir, 'issuing.pem'), 'utf8') + readFileSync(join(dir, 'root.pem'), 'utf8'))

  const issue = async (
    name: string,
    { subject, kind = 'ec', extensions = 'seal_ext', dates }: { subject: string; kind?: 'ec' | 'rsa'; extensions?: string; dates?: [string, string] },
  ): Promise<TestIdentity> => {
    key(name, kind)
    run('req', '-config', config, '-new', '-key', `${name}.key`, '-utf8', '-subj', subject, '-out', `${name}.csr`)
    const validity = dates ? ['-startdate', dates[0], '-enddate', dates[1]] : ['-days', '730']
    run('ca', '-batch', '-config', config, '-utf8', '-preserveDN', '-notext', '-extensions', extensions, ...validity, '-in', `${name}.csr`, '-out', `${name}.pem`)
    const certificate = der(name)
    return {
      der: certificate,
      chain: [certificate, issuingDer, rootDer],
      privateKey: await importPkcs8(readFileSync(join(dir, `${name}.p8`)), kind),
      pemPath: join(dir, `${name}.pem`),
    }
  }

  const s = unitSealSubject
  const unitSeal = await issue('unit-seal', {
    subject: `/C=CN/O=${s.organization}/organizationIdentifier=${s.organizationIdentifier}/CN=${s.commonName}/sealTypeCode=${s.sealTypeCode}/sealCode=${s.sealCode}`,
  })
  const financeSeal = await issue('finance-seal', {
    subject: `/C=CN/O=${s.organization}/organizationIdentifier=${s.organizationIdentifier}/CN=北京明远科技有限公司财务专用章/sealTypeCode=02/sealCode=1101080012346`,
  })
  const personRsa = await issue('person-rsa', { subject: '/C=CN/CN=张三/serialNumber=110101199003071234', kind: 'rsa' })
  const revoked = await issue('revoked', { subject: `/C=CN/O=${s.organization}/CN=北京明远科技有限公司公章（已注销）` })
  const expired = await issue('expired', {
    subject: `/C=CN/O=${s.organization}/CN=北京明远科技有限公司旧章`,
    dates: ['20200101000000Z', '20210101000000Z'],
  })
  const tsa = await issue('tsa', { subject: '/C=CN/O=电子印章测试/CN=电子印章测试时间戳服务', extensions: 'tsa_ext' })

  run('ca', '-batch', '-config', config, '-revoke', 'revoked.pem', '-crl_reason', 'keyCompromise')
  const revokedAt = revocationDate(readFileSync(join(caDir, 'index.txt'), 'utf8'), serialOf(revoked.pemPath))
  run('ca', '-batch', '-config', config, '-gencrl', '-out', 'issuing.crl.pem')
  run('crl', '-in', 'issuing.crl.pem', '-outform', 'DER', '-out', 'issuing.crl')

  // An unrelated self-signed root and its own leaf.
  key('stranger-root', 'ec')
  run('req', '-config', config, '-x509', '-new', '-key', 'stranger-root.key', '-utf8', '-subj', '/C=CN/CN=不受信任的根CA', '-days', '3650', '-sha256', '-extensions', 'root_ext', '-out', 'stranger-root.pem')
  key('stranger', 'ec')
  run('req', '-config', config, '-new', '-key', 'stranger.key', '-utf8', '-subj', '/C=CN/CN=来历不明的印章', '-out', 'stranger.csr')
  run('x509', '-req', '-in', 'stranger.csr', '-CA', 'stranger-root.pem', '-CAkey', 'stranger-root.key', '-CAcreateserial', '-days', '365', '-sha256', '-extfile', config, '-extensions', 'seal_ext', '-out', 'stranger.pem')
  const strangerDer = der('stranger')
  const stranger: TestIdentity = {
    der: strangerDer,
    chain: [strangerDer, der('stranger-root')],
    privateKey: await importPkcs8(readFileSync(join(dir, 'stranger.p8')), 'ec'),
    pemPath: join(dir, 'stranger.pem'),
  }

  const nssDir = join(dir, 'nss')
  mkdirSync(nssDir)
  execFileSync('certutil', ['-N', '-d', `sql:${nssDir}`, '--empty-password'])
  execFileSync('certutil', ['-A', '-d', `sql:${nssDir}`, '-n', 'seal-test-root', '-t', 'CT,C,C', '-i', join(dir, 'root.pem')])

  return {
    dir,
    root: { der: rootDer, pemPath: join(dir, 'root.pem') },
    issuing: { der: issuingDer, pemPath: join(dir, 'issuing.pem') },
    unitSeal,
    financeSeal,
    personRsa,
    revoked,
    revokedAt,
    expired,
    tsa,
    crl: new Uint8Array(readFileSync(join(dir, 'issuing.crl'))),
    chainPemPath: join(dir, 'chain.pem'),
    nssDir,
    stranger,
    revokeNow: (identity) => {
      run('ca', '-batch', '-config', config, '-revoke', identity.pemPath, '-crl_reason', 'superseded')
      run('ca', '-batch', '-config', config, '-gencrl', '-out', 'issuing.crl.pem')
      run('crl', '-in', 'issuing.crl.pem', '-outform', 'DER', '-out', 'issuing.crl')
      return {
        crl: new Uint8Array(readFileSync(join(dir, 'issuing.crl'))),
        revokedAt: revocationDate(readFileSync(join(caDir, 'index.txt'), 'utf8'), serialOf(identity.pemPath)),
      }
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  }
}

async function importPkcs8(pkcs8: Uint8Array, kind: 'ec' | 'rsa'): Promise<webcrypto.CryptoKey> {
  const algorithm = kind === 'ec' ? { name: 'ECDSA', namedCurve: 'P-256' } : { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }
  return crypto.subtle.importKey('pkcs8', pkcs8, algorithm, false, ['sign'])
}

function serialOf(pemPath: string): string {
  return execFileSync('openssl', ['x509', '-in', pemPath, '-noout', '-serial'], { encoding: 'utf8' }).trim().split('=')[1] ?? ''
}

/** The revocation time openssl wrote into its database for a serial (YYMMDDHHMMSSZ, then the reason). */
function revocationDate(index: string, serial?: string): Date {
  const line = index.split('\n').find((l) => l.startsWith('R\t') && (!serial || l.split('\t')[3] === serial))
  const stamp = line?.split('\t')[2]?.split(',')[0] ?? ''
  const [yy, mo, dd, hh, mi, ss] = (stamp.match(/\d\d/g) ?? []).map(Number)
  return new Date(Date.UTC(2000 + (yy ?? 0), (mo ?? 1) - 1, dd, hh, mi, ss))
}

function opensslConfig(dir: string, caDir: string): string {
  return `
oid_section = new_oids
[ new_oids ]
sealTypeCode = ${testSealOids.sealTypeCode}
sealCode = ${testSealOids.sealCode}

[ req ]
distinguished_name = dn
string_mask = utf8only
utf8 = yes
prompt = no
[ dn ]
CN = unused

[ ca ]
default_ca = issuing
[ issuing ]
database = ${caDir}/index.txt
new_certs_dir = ${caDir}/newcerts
serial = ${caDir}/serial
crlnumber = ${caDir}/crlnumber
certificate = ${dir}/issuing.pem
private_key = ${dir}/issuing.key
default_md = sha256
default_days = 730
default_crl_days = 30
policy = policy_any
unique_subject = no
copy_extensions = none
email_in_dn = no
string_mask = utf8only
[ policy_any ]
commonName = supplied

[ root_ext ]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[ ca_ext ]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ seal_ext ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, nonRepudiation
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ tsa_ext ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, nonRepudiation
extendedKeyUsage = critical, timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
`
}
