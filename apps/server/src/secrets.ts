import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Server-held secrets. None is ever logged or committed. */
export type Secrets = {
  /** HMAC key for short-lived file access tokens. */
  fileAccessKey: Buffer
  /** Bearer token of the operator API (/api/admin); printed at start in development. */
  adminToken: string
  /**
   * 32-byte AES-256 key that wraps the CA keys and every seal key (trust/key-wrap.ts). In production it
   * comes from a KMS or HSM through the KeyWrapper seam; the raw key here is the single-machine default.
   */
  masterKey: Buffer
}

/**
 * Reads the secrets from the environment, or from `dataDir/secrets/`, creating them there at first
 * start (development). Production sets FILE_ACCESS_KEY and ADMIN_TOKEN, or mounts the folder.
 */
export function loadSecrets(dataDir: string, env: NodeJS.ProcessEnv = process.env): Secrets {
  return {
    fileAccessKey: env.FILE_ACCESS_KEY
      ? Buffer.from(env.FILE_ACCESS_KEY, 'base64')
      : Buffer.from(readOrCreate(dataDir, 'file-access.key'), 'base64'),
    adminToken: env.ADMIN_TOKEN ?? readOrCreate(dataDir, 'admin.token'),
    masterKey: loadMasterKey(dataDir, env),
  }
}

/**
 * The master key, in this order: SEAL_MASTER_KEY (base64 of 32 bytes), the file named by
 * SEAL_MASTER_KEY_FILE (same content; e.g. a mounted secret), else `dataDir/secrets/master.key`, created
 * at first start for development. Losing it makes every wrapped key unusable, so a wrong length stops
 * the start rather than creating a new one.
 */
function loadMasterKey(dataDir: string, env: NodeJS.ProcessEnv): Buffer {
  const [source, text] = env.SEAL_MASTER_KEY
    ? ['SEAL_MASTER_KEY', env.SEAL_MASTER_KEY]
    : env.SEAL_MASTER_KEY_FILE
      ? [env.SEAL_MASTER_KEY_FILE, readFileSync(env.SEAL_MASTER_KEY_FILE, 'utf8')]
      : [join(dataDir, 'secrets', 'master.key'), readOrCreate(dataDir, 'master.key')]
  // Node's base64 decoder also reads the URL-safe alphabet that readOrCreate writes.
  const key = Buffer.from(text.trim(), 'base64')
  if (key.length !== 32) throw new Error(`主密钥（${source}）必须是32字节密钥的base64编码，实际为${key.length}字节`)
  return key
}

/** Fresh random secrets that live only in memory (tests). */
export function ephemeralSecrets(): Secrets {
  return { fileAccessKey: randomBytes(32), adminToken: randomBytes(24).toString('base64url'), masterKey: randomBytes(32) }
}

function readOrCreate(dataDir: string, name: string): string {
  const folder = join(dataDir, 'secrets')
  const path = join(folder, name)
  if (existsSync(path)) return readFileSync(path, 'utf8').trim()
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  const value = randomBytes(32).toString('base64url')
  writeFileSync(path, value, { mode: 0o600 })
  chmodSync(path, 0o600)
  return value
}
