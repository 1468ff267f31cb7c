/**
 * SM3, the 256-bit national standard hash (GB/T 32905-2016), for the market-regulator authentication
 * (spec 002 §7: "/samr/authentication sends hashes of ID info; hashing uses a 256-bit national standard
 * hash, over text or, in mode 2, over base64-decoded bytes, returning base64"). Written out here because
 * browsers' WebCrypto has no SM3; the server uses the same function (its tests compare it with OpenSSL's).
 */

const IV = [0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e]

const rotl = (x: number, n: number) => ((x << (n & 31)) | (x >>> ((32 - (n & 31)) & 31))) >>> 0
const p0 = (x: number) => (x ^ rotl(x, 9) ^ rotl(x, 17)) >>> 0
const p1 = (x: number) => (x ^ rotl(x, 15) ^ rotl(x, 23)) >>> 0

/** The SM3 digest (32 bytes) of `bytes`. */
export function sm3(bytes: Uint8Array): Uint8Array {
  // Padding: a 1 bit, zeros to 448 mod 512, then the length in bits as a 64-bit big-endian number.
  const blocks = Math.ceil((bytes.length + 9) / 64)
  const padded = new Uint8Array(blocks * 64)
  padded.set(bytes)
  padded[bytes.length] = 0x80
  const view = new DataView(padded.buffer)
  const bits = bytes.length * 8
  view.setUint32(padded.length - 8, Math.floor(bits / 2 ** 32))
  view.setUint32(padded.length - 4, bits >>> 0)

  const v = IV.slice()
  const w = new Array<number>(68)
  const w1 = new Array<number>(64)
  for (let block = 0; block < blocks; block++) {
    for (let j = 0; j < 16; j++) w[j] = view.getUint32(block * 64 + j * 4)
    for (let j = 16; j < 68; j++)
      w[j] = (p1(w[j - 16]! ^ w[j - 9]! ^ rotl(w[j - 3]!, 15)) ^ rotl(w[j - 13]!, 7) ^ w[j - 6]!) >>> 0
    for (let j = 0; j < 64; j++) w1[j] = (w[j]! ^ w[j + 4]!) >>> 0
    let [a, b, c, d, e, f, g, h] = v as [number, number, number, number, number, number, number, number]
    for (let j = 0; j < 64; j++) {
      const t = j < 16 ? 0x79cc4519 : 0x7a879d8a
      const ss1 = rotl((rotl(a, 12) + e + rotl(t, j % 32)) >>> 0, 7)
      const ss2 = (ss1 ^ rotl(a, 12)) >>> 0
      const ff = j < 16 ? a ^ b ^ c : (a & b) | (a & c) | (b & c)
      const gg = j < 16 ? e ^ f ^ g : (e & f) | (~e & g)
      const tt1 = ((ff >>> 0) + d + ss2 + w1[j]!) >>> 0
      const tt2 = ((gg >>> 0) + h + ss1 + w[j]!) >>> 0
      d = c
      c = rotl(b, 9)
      b = a
      a = tt1
      h = g
      g = rotl(f, 19)
      f = e
      e = p0(tt2)
    }
    const next = [a, b, c, d, e, f, g, h]
    for (let i = 0; i < 8; i++) v[i] = (v[i]! ^ next[i]!) >>> 0
  }
  const digest = new Uint8Array(32)
  const out = new DataView(digest.buffer)
  v.forEach((word, i) => out.setUint32(i * 4, word))
  return digest
}

/** Hex of a digest, for the standard's test vectors. */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Thrown for mode 2 when the input is not base64. */
export class NotBase64Error extends Error {
  constructor() {
    super('not base64')
    this.name = 'NotBase64Error'
  }
}

function fromBase64(text: string): Uint8Array {
  const compact = text.replace(/\s+/g, '')
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(compact))
    throw new NotBase64Error()
  return Uint8Array.from(atob(compact), (char) => char.charCodeAt(0))
}

/** How the input of an SM3 hash is read: 1 as text (UTF-8), 2 as base64 (the decoded bytes are hashed). */
export type Sm3Mode = 1 | 2

/**
 * SM3 of `input` as base64 (spec 002 §7): mode 1 hashes the text's UTF-8 bytes, mode 2 the bytes the base64
 * text decodes to (NotBase64Error when it is not base64).
 *
 * @example
 * sm3Base64('abc') // 'Zsfw9GLu7dnR8tRr3BDk4kFnxIdc8veiKX2gK49LqOA='
 * sm3Base64('YWJj', 2) // the same: 'YWJj' is 'abc' in base64
 */
export function sm3Base64(input: string, mode: Sm3Mode = 1): string {
  const bytes = mode === 2 ? fromBase64(input) : new TextEncoder().encode(input)
  return toBase64(sm3(bytes))
}
