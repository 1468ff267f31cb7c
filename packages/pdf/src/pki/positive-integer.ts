import { randomBytes } from 'node:crypto'

/**
 * `length` random bytes that are a positive DER INTEGER's content in its shortest form, for serial
 * numbers and nonces: the first byte is 0x01–0x7f. Clearing only the sign bit left a first byte of 0x00
 * before one under 0x80 one time in 256, a padded INTEGER that strict decoders refuse (openssl ts:
 * "illegal padding" on a timestamp token's serial).
 */
export function randomPositiveInteger(length: number): Buffer {
  const bytes = randomBytes(length)
  bytes[0] = (bytes[0]! & 0x7f) | 0x01
  return bytes
}
