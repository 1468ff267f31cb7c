import { createHash, type webcrypto } from 'node:crypto'
import * as asn1js from 'asn1js'
import { AlgorithmIdentifier, MessageImprint, TSTInfo } from 'pkijs'
import { createSignedData, type TimestampAuthority } from '../pki/cms.ts'
import { oid } from '../pki/oids.ts'
import { randomPositiveInteger } from '../pki/positive-integer.ts'
import { cryptoKeySigner } from './crypto-key-signer.ts'

/** Policy of the sandbox TSA: a UUID-derived OID (2.25), so it needs no registration and is obviously ours. */
export const sandboxTsaPolicy = '2.25.247532415906244349398436466146069262166'

/**
 * A time-stamping authority of our own, for the sandbox and the tests: it signs a TSTInfo with the given
 * key and certificate, whose certificate should carry the critical timeStamping extended key usage.
 * RFC 3161 tokens only; `answerTimeStampRequest` (http-tsa.ts) puts the HTTP protocol around them.
 * `now` lets tests pin the clock.
 *
 * @example
 * const tsa = createSandboxTsa({ certificateChain: [tsaCert, issuingCa], privateKey })
 * const signed = await signPdf({ pdf, signer, appearance: undefined, timestampAuthority: tsa })
 */
export function createSandboxTsa({
  certificateChain,
  privateKey,
  now = () => new Date(),
}: {
  certificateChain: Uint8Array[]
  privateKey: webcrypto.CryptoKey
  now?: () => Date
}): TimestampAuthority {
  const signer = cryptoKeySigner({ certificateChain, privateKey })
  return {
    async requestToken(messageImprint, nonce) {
      if (messageImprint.length !== 32) throw new RangeError('the message imprint must be a SHA-256 digest')
      // Whole seconds: GeneralizedTime without fractions is what most verifiers print.
      const genTime = new Date(Math.floor(now().getTime() / 1000) * 1000)
      const serial = randomPositiveInteger(16)
      const tstInfo = new TSTInfo({
        version: 1,
        policy: sandboxTsaPolicy,
        messageImprint: new MessageImprint({
          hashAlgorithm: new AlgorithmIdentifier({ algorithmId: oid.sha256 }),
          hashedMessage: new asn1js.OctetString({ valueHex: messageImprint }),
        }),
        serialNumber: new asn1js.Integer({ valueHex: serial }),
        genTime,
        ...(nonce ? { nonce: new asn1js.Integer({ valueHex: nonce }) } : {}),
      })
      const encoded = new Uint8Array(tstInfo.toSchema().toBER())
      return createSignedData({
        signer,
        contentType: oid.tstInfo,
        encapsulatedContent: encoded,
        contentDigest: new Uint8Array(createHash('sha256').update(encoded).digest()),
      })
    },
  }
}
