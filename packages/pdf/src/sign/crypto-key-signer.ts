import type { webcrypto } from 'node:crypto'
import type { CmsSigner } from '../pki/cms.ts'
import { ecdsaRawToDer } from '../pki/ecdsa-signature.ts'

/**
 * A signer over a WebCrypto private key (ECDSA P-256 or RSASSA-PKCS1-v1_5, SHA-256): what the server uses
 * once it has checked the PIN and unwrapped the seal's key, and what the tests and the sandbox TSA use.
 *
 * @example
 * const privateKey = await crypto.subtle.importKey('pkcs8', der, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])
 * const signed = await signPdf({ pdf, signer: cryptoKeySigner({ certificateChain, privateKey }), appearance })
 */
export function cryptoKeySigner({
  certificateChain,
  privateKey,
}: {
  certificateChain: Uint8Array[]
  privateKey: webcrypto.CryptoKey
}): CmsSigner {
  const algorithm = privateKey.algorithm as webcrypto.EcKeyAlgorithm | webcrypto.RsaHashedKeyAlgorithm
  if (algorithm.name === 'ECDSA') {
    if ((algorithm as webcrypto.EcKeyAlgorithm).namedCurve !== 'P-256') throw new RangeError('only the P-256 curve is supported')
    return {
      certificateChain,
      algorithm: 'ECDSA_P256',
      sign: async (data) => ecdsaRawToDer(new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, privateKey, data))),
    }
  }
  if (algorithm.name === 'RSASSA-PKCS1-v1_5') {
    const hash = (algorithm as webcrypto.RsaHashedKeyAlgorithm).hash.name
    if (hash !== 'SHA-256') throw new RangeError(`the RSA key must be imported for SHA-256, not ${hash}`)
    return {
      certificateChain,
      algorithm: 'RSA_2048',
      sign: async (data) => new Uint8Array(await crypto.subtle.sign('RSASSA-PKCS1-v1_5', privateKey, data)),
    }
  }
  throw new RangeError(`unsupported key algorithm ${algorithm.name}`)
}
