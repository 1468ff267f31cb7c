import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { persons } from '../auth/tables.ts'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { makeSeal, revokeSeal, type SealOwner } from '../seals/make-seal.ts'
import { openssl, sealInput } from './testing.ts'

describe('trust API: CA certificates and CRL', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('serves the root certificate as DER and the chain as PEM, without a session', async () => {
    const der = await t.app.inject({ method: 'GET', url: '/api/trust/ca.crt' })
    expect(der.statusCode).toBe(200)
    expect(der.headers['content-type']).toBe('application/pkix-cert')
    expect(
      openssl(['x509', '-inform', 'DER', '-in', 'ca.der', '-noout', '-subject', '-nameopt', 'utf8'], {
        'ca.der': der.rawPayload,
      }),
    ).toMatch(/CN\s?=\s?电子印章根CA/)

    const pem = await t.app.inject({ method: 'GET', url: '/api/trust/ca.crt?format=pem' })
    expect(pem.body.match(/BEGIN CERTIFICATE/g)).toHaveLength(2)
    const issuing = await t.app.inject({ method: 'GET', url: '/api/trust/issuing-ca.crt' })
    const issuingPem = openssl(['x509', '-inform', 'DER', '-in', 'i.der'], { 'i.der': issuing.rawPayload })
    expect(
      openssl(['verify', '-CAfile', 'chain.pem', 'i.pem'], { 'chain.pem': pem.body, 'i.pem': issuingPem }),
    ).toContain('i.pem: OK')
  })

  it('refuses an unknown certificate format with a clear message', async () => {
    const response = await t.call({ method: 'GET', url: '/api/trust/ca.crt?format=jks' })
    expect(response.body.resultStatus).toBe('400')
    expect(response.body.responseInfo).toMatch(/format/)
  })

  it('serves a CRL that lists a seal certificate once the seal is cancelled', async () => {
    const crlText = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/trust/crl' })
      expect(response.headers['content-type']).toBe('application/pkix-crl')
      return openssl(['crl', '-inform', 'DER', '-in', 'crl.der', '-text', '-noout'], {
        'crl.der': response.rawPayload,
      })
    }
    const [person] = await t.db.select().from(persons).where(eq(persons.identityNo, demo.person.identityNo))
    const owner: SealOwner = {
      kind: 'person',
      personId: person!.id,
      name: person!.name,
      identityNo: person!.identityNo,
    }
    const { seal, credential } = await makeSeal(t.app.trust, await sealInput(owner))
    expect(await crlText()).toContain('No Revoked Certificates')
    await revokeSeal(t.app.trust, { sealId: seal.id, reason: '印章注销' })
    expect(await crlText()).toContain(`Serial Number: ${credential.serialNumber.toUpperCase()}`)
  })
})
