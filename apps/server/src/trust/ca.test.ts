import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ephemeralSecrets } from '../secrets.ts'
import { memoryFileStore } from '../files/store.ts'
import { trustCa } from './tables.ts'
import { currentCrl, ensureCertificateAuthority, loadCertificateAuthority, publishCrl } from './ca.ts'
import { createTrust } from './context.ts'
import { openssl, startTrustFixture, type TrustFixture } from './testing.ts'
import { toPem } from './x509.ts'

describe('the certificate authority', () => {
  let f: TrustFixture
  beforeAll(async () => {
    f = await startTrustFixture()
  })
  afterAll(() => f.close())

  it('has a self-signed ECDSA P-256 root valid 20 years that may sign CAs and CRLs', async () => {
    const { root } = await loadCertificateAuthority(f.trust)
    const text = openssl(
      [
        'x509',
        '-inform',
        'DER',
        '-in',
        'root.der',
        '-text',
        '-noout',
        '-nameopt',
        'utf8,sep_comma_plus_space',
      ],
      { 'root.der': root.certificateDer },
    )
    expect(text).toMatch(/Subject: C=CN, O=电子印章服务, CN=电子印章根CA [0-9A-F]{8}/)
    expect(text).toContain('NIST CURVE: P-256')
    expect(text).toMatch(/Basic Constraints: critical\s+CA:TRUE, pathlen:1/)
    expect(text).toMatch(/Key Usage: critical\s+Certificate Sign, CRL Sign/)
    expect(text).toContain('Subject Key Identifier')
    expect(root.notAfter.getUTCFullYear() - root.notBefore.getUTCFullYear()).toBe(20)
    expect(
      openssl(['verify', '-CAfile', 'root.pem', 'root.pem'], {
        'root.pem': toPem(root.certificateDer, 'CERTIFICATE'),
      }),
    ).toContain('root.pem: OK')
  })

  it('has an issuing CA valid 10 years, signed by the root, that cannot sign another CA', async () => {
    const { root, issuing } = await loadCertificateAuthority(f.trust)
    const text = openssl(
      ['x509', '-inform', 'DER', '-in', 'i.der', '-text', '-noout', '-nameopt', 'utf8,sep_comma_plus_space'],
      { 'i.der': issuing.certificateDer },
    )
    expect(text).toMatch(/Issuer: C=CN, O=电子印章服务, CN=电子印章根CA/)
    expect(text).toMatch(/Subject: C=CN, O=电子印章服务, CN=电子印章签发CA/)
    expect(text).toMatch(/CA:TRUE, pathlen:0/)
    expect(text).toMatch(/Key Usage: critical\s+Digital Signature, Certificate Sign, CRL Sign/)
    expect(text).toContain('Authority Key Identifier')
    expect(issuing.notAfter.getUTCFullYear() - issuing.notBefore.getUTCFullYear()).toBe(10)
    const verified = openssl(['verify', '-CAfile', 'root.pem', 'issuing.pem'], {
      'root.pem': toPem(root.certificateDer, 'CERTIFICATE'),
      'issuing.pem': toPem(issuing.certificateDer, 'CERTIFICATE'),
    })
    expect(verified).toContain('issuing.pem: OK')
  })

  it('keeps the same CA across restarts and stores its keys only wrapped', async () => {
    const before = await loadCertificateAuthority(f.trust)
    await ensureCertificateAuthority(f.trust)
    await ensureCertificateAuthority(f.trust)
    const rows = await f.db.select().from(trustCa)
    expect(rows).toHaveLength(2)
    expect((await loadCertificateAuthority(f.trust)).root.certificateDer).toEqual(before.root.certificateDer)
    for (const row of rows) {
      expect(row.wrappingKeyId).toBe(f.trust.keys.keyId)
      // A PKCS#8 EC key starts with SEQUENCE, INTEGER 0: the stored bytes are not that.
      expect(Buffer.from(row.wrappedPrivateKey.subarray(0, 2)).toString('hex')).not.toBe('3081')
    }
  })

  it('refuses to start with another master key, saying which key to use', async () => {
    const stranger = createTrust({
      db: f.db,
      secrets: ephemeralSecrets(),
      files: memoryFileStore(),
      publicUrl: 'https://x',
      timestamping: { provider: 'none', timeoutMs: 10_000 },
    })
    await expect(ensureCertificateAuthority(stranger)).rejects.toThrow(/主密钥无法解开已存储的CA私钥/)
  })

  it('publishes a CRL signed by the issuing CA with a rising number and a 7-day nextUpdate', async () => {
    const { root, issuing } = await loadCertificateAuthority(f.trust)
    const first = await currentCrl(f.trust)
    const second = await publishCrl(f.trust)
    const text = openssl(['crl', '-inform', 'DER', '-in', 'crl.der', '-text', '-noout'], {
      'crl.der': second,
    })
    const number = (der: Uint8Array) =>
      Number(
        /CRL Number: \n\s+(\d+)/.exec(
          openssl(['crl', '-inform', 'DER', '-in', 'c.der', '-text', '-noout'], { 'c.der': der }),
        )?.[1],
      )
    expect(number(second)).toBe(number(first) + 1)
    const last = new Date(/Last Update: (.+)/.exec(text)![1]!)
    const next = new Date(/Next Update: (.+)/.exec(text)![1]!)
    expect(next.getTime() - last.getTime()).toBe(7 * 24 * 3600_000)
    expect(text).toContain('No Revoked Certificates')
    const verified = openssl(['crl', '-inform', 'DER', '-in', 'crl.der', '-CAfile', 'chain.pem', '-noout'], {
      'crl.der': second,
      'chain.pem': toPem(issuing.certificateDer, 'CERTIFICATE') + toPem(root.certificateDer, 'CERTIFICATE'),
    })
    expect(verified).toMatch(/verify OK/)
  })

  it('re-signs the CRL when it is within a day of its nextUpdate', async () => {
    const served = await currentCrl(f.trust)
    expect(await currentCrl(f.trust)).toEqual(served)
    f.clock.fixed = new Date(Date.now() + 6.5 * 24 * 3600_000)
    try {
      expect(await currentCrl(f.trust)).not.toEqual(served)
    } finally {
      f.clock.fixed = null
    }
  })
})
