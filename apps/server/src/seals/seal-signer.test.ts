import { X509Certificate, verify } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCertificateAuthority } from '../trust/ca.ts'
import { revokeSeal } from './make-seal.ts'
import { verifySealPin } from '../trust/pin.ts'
import { signerForAuthorizedUse, signerForSeal } from './seal-signer.ts'
import { replaceSeal, sealInput, startTrustFixture, type TrustFixture } from '../trust/testing.ts'

describe('signing with a seal', () => {
  let f: TrustFixture
  beforeAll(async () => {
    f = await startTrustFixture()
  })
  afterAll(() => f.close())

  const data = new TextEncoder().encode('授权书 v1')
  const verifies = (leafDer: Uint8Array, signature: Uint8Array) =>
    verify('sha256', data, new X509Certificate(leafDer).publicKey, signature)

  it("gives the holder a signer whose signatures verify with the seal's certificate, chain leaf → issuing → root", async () => {
    const { seal, credential } = await replaceSeal(f, await sealInput(f.personOwner))
    const signer = await signerForSeal(f.trust, {
      sealId: seal.id,
      pin: 'abc123',
      caller: await f.callerFor('person'),
    })
    const ca = await loadCertificateAuthority(f.trust)
    expect(signer.algorithm).toBe('ECDSA_P256')
    expect(signer.certificateChain).toEqual([
      credential.certificateDer,
      ca.issuing.certificateDer,
      ca.root.certificateDer,
    ])
    const signature = await signer.sign(data)
    expect(signature[0]).toBe(0x30) // DER SEQUENCE, not raw r‖s
    expect(verifies(credential.certificateDer, signature)).toBe(true)
  })

  it('signs with an RSA seal too', async () => {
    const { seal, credential } = await replaceSeal(f, await sealInput(f.unitOwner, { algorithm: 'RSA_2048' }))
    const signer = await signerForSeal(f.trust, {
      sealId: seal.id,
      pin: 'abc123',
      caller: await f.callerFor('enterprise'),
    })
    expect(signer.algorithm).toBe('RSA_2048')
    expect(verifies(credential.certificateDer, await signer.sign(data))).toBe(true)
  })

  it("lets the unit's legal representative and its company account use a unit seal, and no one else", async () => {
    const { seal } = await replaceSeal(f, await sealInput(f.unitOwner))
    await expect(
      signerForSeal(f.trust, { sealId: seal.id, pin: 'abc123', caller: await f.callerFor('legal') }),
    ).resolves.toBeDefined()
    await expect(
      signerForSeal(f.trust, { sealId: seal.id, pin: 'abc123', caller: await f.callerFor('enterprise') }),
    ).resolves.toBeDefined()
    await expect(
      signerForSeal(f.trust, { sealId: seal.id, pin: 'abc123', caller: await f.callerFor('person') }),
    ).rejects.toThrow('数据不存在')
    await expect(
      signerForSeal(f.trust, {
        sealId: seal.id,
        sealCode: 'other',
        pin: 'abc123',
        caller: await f.callerFor('legal'),
      }),
    ).rejects.toThrow('数据不存在')
    // The legal representative's ID typed at an unverified login holds nothing (decisions.md "Who is who").
    const unverified = await f.callerFor('legal')
    await expect(
      signerForSeal(f.trust, {
        sealId: seal.id,
        pin: 'abc123',
        caller: { ...unverified, person: { ...unverified.person, verified: false } },
      }),
    ).rejects.toThrow('数据不存在')
  })

  it('refuses a wrong PIN and says how many tries are left', async () => {
    const { seal } = await replaceSeal(f, await sealInput(f.personOwner))
    await expect(
      signerForSeal(f.trust, { sealId: seal.id, pin: 'wrong1', caller: await f.callerFor('person') }),
    ).rejects.toThrow('印章密码错误，还可尝试4次')
  })

  it('refuses a cancelled seal without spending a PIN try', async () => {
    const { seal } = await replaceSeal(f, await sealInput(f.personOwner))
    await revokeSeal(f.trust, { sealId: seal.id, reason: '印章注销' })
    await expect(
      signerForSeal(f.trust, { sealId: seal.id, pin: 'wrong1', caller: await f.callerFor('person') }),
    ).rejects.toThrow('印章已注销')
    await expect(signerForAuthorizedUse(f.trust, { sealId: seal.id })).rejects.toThrow('印章已注销')
  })

  it('refuses a seal whose certificate has expired or is not valid yet', async () => {
    const now = new Date()
    const { seal } = await replaceSeal(
      f,
      await sealInput(f.personOwner, { certEndTime: new Date(now.getTime() + 60_000) }),
    )
    const caller = await f.callerFor('person')
    f.clock.fixed = new Date(now.getTime() + 120_000)
    try {
      await expect(signerForSeal(f.trust, { sealId: seal.id, pin: 'abc123', caller })).rejects.toThrow(
        '印章证书已过期',
      )
    } finally {
      f.clock.fixed = null
    }
    const later = await replaceSeal(
      f,
      await sealInput(f.personOwner, { certStartTime: new Date(now.getTime() + 24 * 3600_000) }),
    )
    await expect(signerForSeal(f.trust, { sealId: later.seal.id, pin: 'abc123', caller })).rejects.toThrow(
      '印章证书尚未生效',
    )
    expect(await verifySealPin(f.db, { sealId: later.seal.id, pin: 'abc123' })).toEqual({ ok: true })
  })

  it('refuses a seal still waiting for activation', async () => {
    const { seal } = await replaceSeal(f, await sealInput(f.personOwner, { status: '4' }))
    await expect(
      signerForSeal(f.trust, { sealId: seal.id, pin: 'abc123', caller: await f.callerFor('person') }),
    ).rejects.toThrow('印章尚未激活')
  })

  it('gives a signer for a use authorised elsewhere without asking the holder PIN', async () => {
    const { seal, credential } = await replaceSeal(f, await sealInput(f.unitOwner))
    const signer = await signerForAuthorizedUse(f.trust, { sealId: seal.id })
    expect(verifies(credential.certificateDer, await signer.sign(data))).toBe(true)
  })
})
