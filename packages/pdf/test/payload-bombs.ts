import { crc32, deflateRawSync, constants } from 'node:zlib'

const MiB = 1024 * 1024

/**
 * A zlib stream that inflates to `length` zero bytes, built in milliseconds: one raw deflate block of
 * 1 MiB of zeros (about 1 KB) repeated, since independent blocks may simply follow each other, then an
 * empty final block and the Adler-32 of the zeros (a = 1, b = length mod 65521).
 */
export function zeroDeflate(length: number): Uint8Array {
  const flush = { finishFlush: constants.Z_SYNC_FLUSH, level: 9 }
  const whole = Math.floor(length / MiB)
  const block = deflateRawSync(Buffer.alloc(MiB), flush)
  const rest = length % MiB ? [deflateRawSync(Buffer.alloc(length % MiB), flush)] : []
  const adler = Buffer.alloc(4)
  adler.writeUInt32BE((((length % 65521) << 16) | 1) >>> 0)
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(whole).fill(block), ...rest, Buffer.from([0x03, 0x00]), adler])
}

/**
 * A one-page PDF whose cross-reference stream inflates to `inflatedBytes` (1 GiB by default) from about
 * 1 MB: its first rows are the real xref entries, the rest zeros. Any reader must inflate it to find the
 * objects.
 */
export function xrefBombPdf(inflatedBytes = 1024 * MiB, catalog = '<< /Type /Catalog /Pages 2 0 R >>'): Uint8Array {
  const head = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'
  const bodies = [
    catalog,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ]
  let text = head
  const offsets: number[] = []
  bodies.forEach((body, i) => {
    offsets.push(Buffer.byteLength(text, 'latin1'))
    text += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xrefAt = Buffer.byteLength(text, 'latin1')
  // W [1 4 2]: type, offset, generation; rows for objects 0..4, then the zeros.
  const rows = Buffer.alloc(7 * 5)
  rows.writeUInt8(0, 0)
  ;[...offsets, xrefAt].forEach((offset, i) => {
    rows.writeUInt8(1, 7 * (i + 1))
    rows.writeUInt32BE(offset, 7 * (i + 1) + 1)
  })
  const zeros = zeroDeflate(inflatedBytes - rows.length)
  // The rows go in as a stored block ahead of the zeros' blocks: one zlib stream, inflating to rows + zeros.
  const data = Buffer.concat([zeros.subarray(0, 2), storedBlock(rows), zeros.subarray(2, -4), adler32Of(rows, inflatedBytes - rows.length)])
  const dict = `<< /Type /XRef /Size 5 /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /Length ${data.length} >>`
  return Buffer.concat([
    Buffer.from(text, 'latin1'),
    Buffer.from(`4 0 obj\n${dict}\nstream\n`, 'latin1'),
    data,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'),
  ])
}

/** A small PDF whose cross-reference data is sound but whose catalog is not PDF syntax. */
export const corruptPdf = () => xrefBombPdf(4096, '<< /Type /Catalog 5 /Pages 2 0 R >>')

/**
 * A valid PNG of `width` × `height` pixels (grey, RGB or RGBA), all zero, whose IDAT is a deflate of
 * zeros: a few hundred KB for a picture that decodes to `width × height × channels` bytes.
 */
export function zeroPng(width: number, height: number, channels: 1 | 3 | 4 = 1): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const framed = Buffer.alloc(12 + data.length)
    framed.writeUInt32BE(data.length, 0)
    body.copy(framed, 4)
    framed.writeUInt32BE(crc32(body), 8 + data.length)
    return framed
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8({ 1: 0, 3: 2, 4: 6 }[channels], 9) // colour type
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from(zeroDeflate(height * (width * channels + 1)))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A non-final stored (uncompressed) deflate block holding `data` (at most 65535 bytes). */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5)
  header.writeUInt8(0, 0)
  header.writeUInt16LE(data.length, 1)
  header.writeUInt16LE(~data.length & 0xffff, 3)
  return Buffer.concat([header, data])
}

/** Adler-32 of `data` followed by `zeros` zero bytes. */
function adler32Of(data: Buffer, zeros: number): Buffer {
  let a = 1
  let b = 0
  for (const byte of data) {
    a = (a + byte) % 65521
    b = (b + a) % 65521
  }
  b = (b + ((a * (zeros % 65521)) % 65521)) % 65521
  const out = Buffer.alloc(4)
  out.writeUInt32BE(((b << 16) | a) >>> 0)
  return out
}
