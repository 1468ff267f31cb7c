import type { ServerConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import type { FileStore } from '../files/store.ts'
import type { Secrets } from '../secrets.ts'
import { localKeyWrapper, type KeyWrapper } from './key-wrap.ts'

export type TimestampingConfig = ServerConfig['timestamping']

/**
 * What the trust functions need besides their arguments: the database, the key wrapper (master key, the
 * KMS/HSM seam), the file store for seal images, the public origin written into certificates, and a clock.
 * The app holds one as `app.trust`; a flow that works inside a transaction passes `{ ...app.trust, db: tx }`.
 */
export type Trust = {
  db: Database
  keys: KeyWrapper
  files: FileStore
  /** Public origin, e.g. https://seal.example.cn: certificates point at `${publicUrl}/api/trust/crl`. */
  publicUrl: string
  /** Which timestamp authority signatures ask (timestamping.ts). */
  timestamping: TimestampingConfig
  now: () => Date
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    trust: Trust
  }
}

export function createTrust(options: {
  db: Database
  secrets: Secrets
  files: FileStore
  publicUrl: string
  timestamping: TimestampingConfig
  now?: () => Date
}): Trust {
  return {
    db: options.db,
    keys: localKeyWrapper(options.secrets.masterKey),
    files: options.files,
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    timestamping: options.timestamping,
    now: options.now ?? (() => new Date()),
  }
}

export const crlUrl = (trust: Trust) => `${trust.publicUrl}/api/trust/crl`
export const issuingCaUrl = (trust: Trust) => `${trust.publicUrl}/api/trust/issuing-ca.crt`
