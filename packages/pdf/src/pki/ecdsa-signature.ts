/**
 * WebCrypto gives and takes ECDSA signatures as raw r‖s; CMS and X.509 carry them as a DER
 * `SEQUENCE { INTEGER r, INTEGER s }`. These two convert between the forms.
 */

/**
 * Converts WebCrypto's raw r‖s signature to DER.
 *
 * @example
 * const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, data))
 * const der = ecdsaRawToDer(raw) // 70–72 bytes for P-256
 */
export function ecdsaRawToDer(raw: Uint8Array): Uint8Array {
  if (raw.length % 2 !== 0) throw new RangeError('an ECDSA raw signature has an even length')
  const half = raw.length / 2
  const r = derInteger(raw.subarray(0, half))
  const s = derInteger(raw.subarray(half))
  const body = [...derLength(r.length + s.length)]
  return Uint8Array.from([0x30, ...body, ...r, ...s])
}

/**
 * Converts a DER ECDSA signature to raw r‖s of `size` bytes per integer (32 for P-256).
 *
 * @example
 * await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, ecdsaDerToRaw(der, 32), data)
 */
export function ecdsaDerToRaw(der: Uint8Array, size: number): Uint8Array {
  let at = 0
  const read = () => {
    const tag = der[at++]
    let length = der[at++]!
    if (length & 0x80) {
      const count = length & 0x7f
      length = 0
      for (let i = 0; i < count; i++) length = length * 256 + der[at++]!
    }
    return { tag, length }
  }
  const sequence = read()
  if (sequence.tag !== 0x30) throw new RangeError('not a DER ECDSA signature')
  const out = new Uint8Array(size * 2)
  for (let k = 0; k < 2; k++) {
    const { tag, length } = read()
    if (tag !== 0x02) throw new RangeError('not a DER ECDSA signature')
    let value = der.subarray(at, at + length)
    at += length
    while (value.length > size && value[0] === 0) value = value.subarray(1)
    if (value.length > size) throw new RangeError('ECDSA integer longer than the curve size')
    out.set(value, k * size + size - value.length)
  }
  return out
}

function derInteger(bytes: Uint8Array): number[] {
  let start = 0
  while (start < bytes.length - 1 && bytes[start] === 0) start++
  const value = [...bytes.subarray(start)]
  if (value[0]! & 0x80) value.unshift(0)
  return [0x02, ...derLength(value.length), ...value]
}

function derLength(length: number): number[] {
  if (length < 0x80) return [length]
  if (length < 0x100) return [0x81, length]
  return [0x82, length >> 8, length & 0xff]
}
