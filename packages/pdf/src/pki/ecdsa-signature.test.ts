import { createPublicKey, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ecdsaDerToRaw, ecdsaRawToDer } from './ecdsa-signature.ts'

describe('ECDSA signature forms', () => {
  it('turns WebCrypto signatures into DER that OpenSSL (node:crypto) verifies, and back', async () => {
    const { privateKey, publicKey } = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])
    const spki = createPublicKey({ key: Buffer.from(await crypto.subtle.exportKey('spki', publicKey)), format: 'der', type: 'spki' })
    for (let i = 0; i < 50; i++) {
      const data = crypto.getRandomValues(new Uint8Array(64))
      const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, privateKey, data))
      const der = ecdsaRawToDer(raw)
      expect(verify('sha256', data, spki, der)).toBe(true)
      expect(ecdsaDerToRaw(der, 32)).toEqual(raw)
    }
  })
})
