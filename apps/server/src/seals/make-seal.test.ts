import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../files/tables.ts'
import { currentCrl, loadCertificateAuthority } from '../trust/ca.ts'
import { hashSealPin, verifySealPin } from '../trust/pin.ts'
import { signerForAuthorizedUse } from './seal-signer.ts'
import { sealCredentials, sealPins } from '../trust/tables.ts'
import {
  openssl,
  replaceSeal,
  sealImage,
  sealInput,
  startTrustFixture,
  type TrustFixture,
} from '../trust/testing.ts'
import { crlReason, readSealInfo, toPem } from '../trust/x509.ts'
import { makeSeal, reissueSealCredential, revokeSeal } from './make-seal.ts'
import { seals } from './tables.ts'

const certText = (der: Uint8Array) =>
  openssl(
    ['x509', '-inform', 'DER', '-in', 'leaf.der', '-text', '-noout', '-nameopt', 'utf8,sep_comma_plus_space'],
    { 'leaf.der': der },
  )

describe('making a seal', () => {
  let f: TrustFixture
  let chain: { root: string; issuing: string }
  beforeAll(async () => {
    f = await startTrustFixture()
    const ca = await loadCertificateAuthority(f.trust)
    chain = {
      root: toPem(ca.root.certificateDer, 'CERTIFICATE'),
      issuing: toPem(ca.issuing.certificateDer, 'CERTIFICATE'),
    }
  })
  afterAll(() => f.close())

  const verify = (leaf: Uint8Array, extra: string[] = [], crl?: Uint8Array) =>
    openssl(
      [
        'verify',
        ...extra,
        ...(crl ? ['-CRLfile', 'crl.pem'] : []),
        '-CAfile',
        'root.pem',
        '-untrusted',
        'issuing.pem',
        'leaf.pem',
      ],
      {
        'root.pem': chain.root,
        'issuing.pem': chain.issuing,
        'leaf.pem': toPem(leaf, 'CERTIFICATE'),
        ...(crl ? { 'crl.pem': toPem(crl, 'X509 CRL') } : {}),
      },
    )

  it('issues a unit seal certificate naming the unit, its credit code and the seal, that openssl verifies', async () => {
    const year = new Date().getUTCFullYear() + 1
    const start = new Date(Date.UTC(year, 2, 1))
    const end = new Date(Date.UTC(year + 3, 1, 28, 23, 59, 59))
    const made = await makeSeal(
      f.trust,
      await sealInput(f.unitOwner, { certStartTime: start, certEndTime: end, sealCode: '1101080012345' }),
    )
    const text = certText(made.credential.certificateDer)
    expect(text).toContain(
      'Subject: C=CN, O=示例科技有限公司, organizationIdentifier=NTRCN-91110108MA01ABCDEN, CN=合同专用章',
    )
    expect(text).toMatch(/Issuer: C=CN, O=电子印章服务, CN=电子印章签发CA/)
    expect(text).toContain(`Not Before: Mar  1 00:00:00 ${year} GMT`)
    expect(text).toContain(`Not After : Feb 28 23:59:59 ${year + 3} GMT`)
    expect(text).toMatch(/Basic Constraints: critical\s+CA:FALSE/)
    expect(text).toMatch(/Key Usage: critical\s+Digital Signature, Non Repudiation/)
    expect(text).toContain('URI:https://seal.example.cn/api/trust/crl')
    expect(text).toContain('CA Issuers - URI:https://seal.example.cn/api/trust/issuing-ca.crt')
    expect(text).toContain('1.3.6.1.4.1.62025.1.1:')
    expect(text).toContain('NIST CURVE: P-256')
    expect(
      verify(made.credential.certificateDer, ['-attime', String(start.getTime() / 1000 + 60)]),
    ).toContain('leaf.pem: OK')

    expect(made.seal).toMatchObject({
      ownerKind: 'unit',
      unitId: f.unitOwner.unitId,
      sealCode: '1101080012345',
      sealTypeCode: '04',
      status: '1',
    })
    expect(made.seal.certStartTime).toEqual(start)
    expect(made.seal.certEndTime).toEqual(end)
  })

  it('binds the seal type, the seal code and the SHA-256 of the image into the certificate', async () => {
    const image = await sealImage(7)
    const made = await makeSeal(
      f.trust,
      await sealInput(f.unitOwner, {
        image,
        sealTypeCode: '01',
        sealName: '示例科技有限公司',
        sealCode: undefined,
      }),
    )
    const imageSha256 = createHash('sha256').update(image).digest('hex')
    expect(readSealInfo(made.credential.certificateDer)).toEqual({
      sealTypeCode: '01',
      sealCode: made.seal.sealCode,
      imageSha256,
    })
    expect(made.seal.imageSha256).toBe(imageSha256)
    expect(made.seal.sealCode).toMatch(/^\d{16}$/)
    const [file] = await f.db.select().from(files).where(eq(files.id, made.seal.imageFileId))
    expect(file).toMatchObject({ mediaType: 'image/png', sha256: imageSha256 })
    const parsed = openssl(['asn1parse', '-inform', 'DER', '-in', 'leaf.der'], {
      'leaf.der': made.credential.certificateDer,
    })
    expect(parsed.toLowerCase()).toContain(imageSha256)
  })

  it('names a person by name and a hash of the ID number, never the number itself', async () => {
    const made = await makeSeal(f.trust, await sealInput(f.personOwner))
    const text = certText(made.credential.certificateDer)
    const idHash = createHash('sha256').update(`111:${f.personOwner.identityNo}`).digest('hex')
    expect(text).toContain(`Subject: C=CN, CN=张三, serialNumber=${idHash}`)
    expect(Buffer.from(made.credential.certificateDer).includes(Buffer.from(f.personOwner.identityNo))).toBe(
      false,
    )
    expect(made.seal).toMatchObject({
      ownerKind: 'person',
      personId: f.personOwner.personId,
      sealTypeCode: '1000',
    })
    expect(verify(made.credential.certificateDer)).toContain('leaf.pem: OK')
  })

  it('makes an RSA 2048 seal when asked', async () => {
    const made = await replaceSeal(f, await sealInput(f.unitOwner, { algorithm: 'RSA_2048' }))
    expect(certText(made.credential.certificateDer)).toContain('Public-Key: (2048 bit)')
    expect(verify(made.credential.certificateDer)).toContain('leaf.pem: OK')
  })

  it('stores the private key only wrapped and the PIN only as an argon2id hash', async () => {
    const made = await replaceSeal(f, await sealInput(f.unitOwner))
    const [credential] = await f.db
      .select()
      .from(sealCredentials)
      .where(eq(sealCredentials.id, made.credential.id))
    expect(credential!.wrappingKeyId).toBe(f.trust.keys.keyId)
    expect(credential!.wrappedPrivateKey[0]).toBe(1)
    const [pin] = await f.db.select().from(sealPins).where(eq(sealPins.sealId, made.seal.id))
    expect(pin!.pinHash).toMatch(/^\$argon2id\$v=19\$/)
    expect(pin!.pinHash).not.toContain('abc123')
  })

  it('takes a PIN chosen earlier as its argon2id hash, and the PIN then verifies', async () => {
    const pinHash = await hashSealPin('keep2026')
    const made = await replaceSeal(f, await sealInput(f.unitOwner, { pin: undefined, pinHash }))
    const [stored] = await f.db.select().from(sealPins).where(eq(sealPins.sealId, made.seal.id))
    expect(stored!.pinHash).toBe(pinHash)
    expect(await verifySealPin(f.db, { sealId: made.seal.id, pin: 'keep2026' })).toEqual({ ok: true })
    expect((await verifySealPin(f.db, { sealId: made.seal.id, pin: 'keep2027' })).ok).toBe(false)
  })

  it('refuses a PIN and a hash together, and a hash that is not argon2id', async () => {
    const count = async () => (await f.db.select({ id: seals.id }).from(seals)).length
    const before = await count()
    await expect(
      makeSeal(f.trust, await sealInput(f.unitOwner, { pinHash: await hashSealPin('keep2026') })),
    ).rejects.toThrow('give pin or pinHash, not both')
    await expect(
      makeSeal(f.trust, await sealInput(f.unitOwner, { pin: undefined, pinHash: 'keep2026' })),
    ).rejects.toThrow('印章密码数据无效，请重新设置印章密码')
    expect(await count()).toBe(before)
  })

  it('refuses bad input with a clear message and saves nothing', async () => {
    const count = async () => (await f.db.select({ id: seals.id }).from(seals)).length
    const before = await count()
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])
    await expect(makeSeal(f.trust, await sealInput(f.unitOwner, { image: jpeg }))).rejects.toThrow(
      '印章图片必须为PNG格式',
    )
    const now = new Date()
    await expect(
      makeSeal(f.trust, await sealInput(f.unitOwner, { certEndTime: now, certStartTime: now })),
    ).rejects.toThrow('证书有效期结束时间必须晚于开始时间')
    await expect(makeSeal(f.trust, await sealInput(f.unitOwner, { pin: '123456' }))).rejects.toThrow(
      '请输入6-16位密码（数字/字母/特殊符号任意两种）',
    )
    await expect(makeSeal(f.trust, await sealInput(f.unitOwner, { sealName: '  ' }))).rejects.toThrow(
      '请填写印章名称',
    )
    const far = new Date(Date.now() + 30 * 365 * 24 * 3600_000)
    await expect(makeSeal(f.trust, await sealInput(f.unitOwner, { certEndTime: far }))).rejects.toThrow(
      '证书有效期超出签发机构证书的有效期，请缩短有效期',
    )
    const past = new Date(Date.now() - 3 * 24 * 3600_000)
    await expect(makeSeal(f.trust, await sealInput(f.unitOwner, { certStartTime: past }))).rejects.toThrow(
      '证书有效期超出签发机构证书的有效期，请缩短有效期',
    )
    expect(await count()).toBe(before)
  })

  it('revokes a cancelled seal: the CRL lists its serial and openssl then refuses the certificate', async () => {
    const made = await replaceSeal(f, await sealInput(f.unitOwner))
    expect(verify(made.credential.certificateDer, ['-crl_check'], await currentCrl(f.trust))).toContain(
      'leaf.pem: OK',
    )

    const result = await revokeSeal(f.trust, {
      sealId: made.seal.id,
      reason: '印章注销',
      revokedByPersonId: f.personOwner.personId,
    })
    expect(result.revokedSerialNumbers).toEqual([made.credential.serialNumber])
    const crl = await currentCrl(f.trust)
    const text = openssl(['crl', '-inform', 'DER', '-in', 'crl.der', '-text', '-noout'], { 'crl.der': crl })
    expect(text).toContain(`Serial Number: ${made.credential.serialNumber.toUpperCase()}`)
    expect(text).toContain('Cessation Of Operation')
    expect(verify(made.credential.certificateDer, ['-crl_check'], crl)).toContain('certificate revoked')

    const [seal] = await f.db.select().from(seals).where(eq(seals.id, made.seal.id))
    expect(seal).toMatchObject({
      status: '2',
      failureReason: '印章注销',
      revokedByPersonId: f.personOwner.personId,
    })
    expect(await revokeSeal(f.trust, { sealId: made.seal.id, reason: '印章注销' })).toEqual({
      revokedSerialNumbers: [],
    })
  })

  it('reissues a seal: a new certificate with the new validity, name and picture, the old one in the CRL, the PIN kept', async () => {
    const made = await replaceSeal(f, await sealInput(f.unitOwner))
    const start = new Date(Date.now() + 24 * 3600_000)
    const end = new Date(start.getTime() + 2 * 365 * 24 * 3600_000)
    const image = await sealImage(9)
    const renamed = { ...f.unitOwner, unitName: '示例新科技有限公司' }
    const reissued = await reissueSealCredential(f.trust, {
      sealId: made.seal.id,
      owner: renamed,
      sealName: '示例新科技有限公司合同专用章',
      image,
      certStartTime: start,
      certEndTime: end,
      reasonCode: crlReason.affiliationChanged,
    })
    expect(reissued.seal.id).toBe(made.seal.id)
    expect(reissued.credential.serialNumber).not.toBe(made.credential.serialNumber)
    const text = certText(reissued.credential.certificateDer)
    expect(text).toContain(
      'Subject: C=CN, O=示例新科技有限公司, organizationIdentifier=NTRCN-91110108MA01ABCDEN, CN=示例新科技有限公司合同专用章',
    )
    expect(reissued.credential.notBefore).toEqual(new Date(Math.floor(start.getTime() / 1000) * 1000))
    const imageSha256 = createHash('sha256').update(image).digest('hex')
    expect(readSealInfo(reissued.credential.certificateDer)).toEqual({
      sealTypeCode: '04',
      sealCode: made.seal.sealCode,
      imageSha256,
    })

    const [seal] = await f.db.select().from(seals).where(eq(seals.id, made.seal.id))
    expect(seal).toMatchObject({ sealName: '示例新科技有限公司合同专用章', imageSha256, status: '1' })
    expect(seal!.imageFileId).not.toBe(made.seal.imageFileId)
    expect(seal!.certEndTime).toEqual(reissued.credential.notAfter)

    const crl = openssl(['crl', '-inform', 'DER', '-in', 'crl.der', '-text', '-noout'], {
      'crl.der': await currentCrl(f.trust),
    })
    expect(crl).toContain(`Serial Number: ${made.credential.serialNumber.toUpperCase()}`)
    expect(crl).toContain('Affiliation Changed')
    expect(crl).not.toContain(`Serial Number: ${reissued.credential.serialNumber.toUpperCase()}`)
    expect(await verifySealPin(f.db, { sealId: made.seal.id, pin: 'abc123' })).toEqual({ ok: true })

    // A renewal later keeps the name and picture; only the newest certificate signs.
    const renewed = await reissueSealCredential(f.trust, {
      sealId: made.seal.id,
      owner: renamed,
      certStartTime: new Date(),
      certEndTime: end,
      reasonCode: crlReason.superseded,
    })
    const [again] = await f.db.select().from(seals).where(eq(seals.id, made.seal.id))
    expect(again).toMatchObject({ sealName: '示例新科技有限公司合同专用章', imageSha256 })
    const credentials = await f.db
      .select()
      .from(sealCredentials)
      .where(eq(sealCredentials.sealId, made.seal.id))
    expect(credentials.filter((c) => c.status === 'active').map((c) => c.id)).toEqual([renewed.credential.id])
    const signer = await signerForAuthorizedUse(f.trust, { sealId: made.seal.id })
    expect(Buffer.from(signer.certificateChain[0]!)).toEqual(Buffer.from(renewed.credential.certificateDer))
  })

  it('does not reissue a cancelled seal', async () => {
    const made = await replaceSeal(f, await sealInput(f.unitOwner))
    await revokeSeal(f.trust, { sealId: made.seal.id, reason: '印章注销' })
    const now = new Date()
    await expect(
      reissueSealCredential(f.trust, {
        sealId: made.seal.id,
        owner: f.unitOwner,
        certStartTime: now,
        certEndTime: new Date(now.getTime() + 3600_000),
        reasonCode: crlReason.superseded,
      }),
    ).rejects.toThrow('印章已注销')
    const credentials = await f.db
      .select()
      .from(sealCredentials)
      .where(eq(sealCredentials.sealId, made.seal.id))
    expect(credentials).toHaveLength(1)
  })

  it('says 数据不存在 when revoking a seal that does not exist', async () => {
    await expect(revokeSeal(f.trust, { sealId: 'no-such-seal', reason: 'x' })).rejects.toThrow('数据不存在')
  })
})
