import type { TimestampAuthority } from '@seal/pdf/pki/cms'
import { httpTimestampAuthority } from '@seal/pdf/sign/http-tsa'
import { createSandboxTsa } from '@seal/pdf/sign/sandbox-tsa'
import type { Trust } from './context.ts'
import { serviceKey } from './service-signer.ts'

/**
 * The timestamp authority every signature of the service asks (PAdES B-T), or none when timestamps are
 * switched off. The sandbox TSA's key is loaded through `trust`, so a flow inside a transaction stamps
 * with its own connection.
 *
 * @example
 * await signPdf({ pdf, signer, appearance, timestampAuthority: timestampAuthority(trust) })
 */
export function timestampAuthority(trust: Trust): TimestampAuthority | undefined {
  const config = trust.timestamping
  if (config.provider === 'none') return undefined
  if (config.provider === 'http') return httpTimestampAuthority(config)
  return sandboxTimestampAuthority(trust)
}

/** Our own TSA: a certificate from our issuing CA with the timeStamping usage, its key wrapped like the others. */
export function sandboxTimestampAuthority(trust: Trust): TimestampAuthority {
  return {
    async requestToken(messageImprint, nonce) {
      const key = await serviceKey(trust, 'timestamping')
      return createSandboxTsa({ ...key, now: trust.now }).requestToken(messageImprint, nonce)
    },
  }
}
