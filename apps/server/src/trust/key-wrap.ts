import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * The KMS/HSM seam: the one place private keys are encrypted and decrypted. Every CA key and every seal
 * key is stored only as `wrap(pkcs8, context)`; it is unwrapped in memory for one signature and dropped.
 *
 * - `context` names what the key belongs to (e.g. `seal:<sealId>:<credentialId>`); it is authenticated, so a
 *   wrapped key copied onto another row does not unwrap there.
 * - `keyId` names the master key; each wrapped blob carries it, so a rotation can keep unwrapping old blobs
 *   with the old key and a wrong key is reported as such instead of as a corrupt blob.
 *
 * The default (`localKeyWrapper`) holds a 32-byte master key in process memory. A KMS implementation calls
 * its Encrypt/Decrypt with the context as encryption context (AWS KMS, Alibaba KMS); an HSM implementation
 * wraps with a non-exportable key (PKCS#11 C_WrapKey or AES-GCM in the device). Both keep this shape.
 */
export type KeyWrapper = {
  readonly keyId: string
  wrap(plain: Uint8Array, context: string): Promise<Uint8Array>
  unwrap(wrapped: Uint8Array, context: string): Promise<Uint8Array>
}

/** The wrapped-key context of a seal key: binds the blob to its seal and credential rows. */
export const sealKeyContext = (sealId: string, credentialId: string) => `seal:${sealId}:${credentialId}`

/** Thrown when a wrapped key cannot be opened: wrong master key, wrong context, or altered bytes. */
export class KeyUnwrapError extends Error {}

const FORMAT_VERSION = 1
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * AES-256-GCM under a local master key. Blob layout: version (1 byte) · keyId length (1) · keyId (ASCII) ·
 * IV (12) · ciphertext · tag (16). The AAD covers the version, the key id and the context.
 */
export function localKeyWrapper(masterKey: Uint8Array): KeyWrapper {
  if (masterKey.length !== 32) throw new RangeError('the master key must be 32 bytes')
  const key = Buffer.from(masterKey)
  // Names the key without revealing it: a hash of the key under its own label.
  const keyId = `local-${createHash('sha256').update('seal-master-key-id\n').update(key).digest('hex').slice(0, 16)}`
  const keyIdBytes = Buffer.from(keyId, 'ascii')
  const aad = (context: string) =>
    Buffer.concat([Buffer.from([FORMAT_VERSION]), keyIdBytes, Buffer.from(`\n${context}`, 'utf8')])

  return {
    keyId,
    async wrap(plain, context) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(aad(context))
      const body = Buffer.concat([cipher.update(plain), cipher.final()])
      const header = Buffer.from([FORMAT_VERSION, keyIdBytes.length])
      return new Uint8Array(Buffer.concat([header, keyIdBytes, iv, body, cipher.getAuthTag()]))
    },
    async unwrap(wrapped, context) {
      const blob = Buffer.from(wrapped)
      if (blob[0] !== FORMAT_VERSION) throw new KeyUnwrapError('unknown wrapped-key format')
      const idLength = blob[1] ?? 0
      const blobKeyId = blob.subarray(2, 2 + idLength).toString('ascii')
      if (blobKeyId !== keyId) throw new KeyUnwrapError(`wrapped by master key ${blobKeyId}, not ${keyId}`)
      const ivStart = 2 + idLength
      const iv = blob.subarray(ivStart, ivStart + IV_BYTES)
      const body = blob.subarray(ivStart + IV_BYTES, blob.length - TAG_BYTES)
      const tag = blob.subarray(blob.length - TAG_BYTES)
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES || body.length === 0)
        throw new KeyUnwrapError('truncated wrapped key')
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAAD(aad(context))
      decipher.setAuthTag(tag)
      try {
        return new Uint8Array(Buffer.concat([decipher.update(body), decipher.final()]))
      } catch {
        throw new KeyUnwrapError('the wrapped key was altered or belongs to another context')
      }
    },
  }
}
