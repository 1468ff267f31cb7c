import { createHash } from 'node:crypto'
import { deflateSync, inflateSync } from 'node:zlib'
import { pixelLimits, withinPixels } from '@seal/shared/image-limits'
import { undoPngPredictor } from './pdf-file.ts'

/** A PNG turned into what a PDF image XObject holds: Flate-compressed samples and, if any, an alpha mask. */
export type PdfImageData = {
  width: number
  height: number
  colorSpace: 'DeviceRGB' | 'DeviceGray'
  /** Flate-compressed 8-bit samples. */
  color: Uint8Array
  /** When set, `color` still carries PNG row filters and needs `/DecodeParms` with this predictor. */
  pngPredictor?: { colors: number }
  /** Flate-compressed 8-bit alpha (the SMask), absent when every pixel is opaque. */
  alpha?: Uint8Array
}

export class UnsupportedPngError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UnsupportedPngError'
  }
}

const cache = new Map<string, PdfImageData>()
const CACHE_SIZE = 32

/**
 * Converts a PNG (8 or 16 bits, any colour type, not interlaced) for embedding in a PDF. A server seals
 * with the same few images over and over, so results are kept in a small cache keyed by the PNG's hash.
 *
 * @example
 * const image = pngToPdfImage(sealPng) // { width: 456, height: 456, colorSpace: 'DeviceRGB', alpha: … }
 */
export function pngToPdfImage(png: Uint8Array): PdfImageData {
  const key = createHash('sha1').update(png).digest('hex')
  const hit = cache.get(key)
  if (hit) {
    cache.delete(key)
    cache.set(key, hit)
    return hit
  }
  const image = convert(png)
  cache.set(key, image)
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string)
  return image
}

function convert(png: Uint8Array): PdfImageData {
  const { header, palette, transparency, idat } = readChunks(png)
  const { width, height, bitDepth, colorType, interlace } = header
  if (interlace !== 0) throw new UnsupportedPngError('interlaced PNG images are not supported; save the image without interlacing')
  // Checked on the header, before anything is inflated: a tiny PNG can declare a gigapixel picture.
  if (!withinPixels({ width, height }, 'pdfImage')) throw new UnsupportedPngError(`the image has more than ${pixelLimits.pdfImage} pixels`)
  const hasAlphaChannel = colorType === 4 || colorType === 6
  const isGray = colorType === 0 || colorType === 4
  // The common opaque case: PDF understands PNG row filters, so the data goes in as it is.
  if (!hasAlphaChannel && colorType !== 3 && bitDepth === 8 && !transparency) {
    return { width, height, colorSpace: isGray ? 'DeviceGray' : 'DeviceRGB', color: idat, pngPredictor: { colors: isGray ? 1 : 3 } }
  }

  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType]
  if (!channels) throw new UnsupportedPngError(`unknown PNG colour type ${colorType}`)
  const rowLength = Math.ceil((width * channels * bitDepth) / 8)
  // Inflated no further than the rows the header declares (each led by its filter byte).
  const samples = inflateSync(idat, { maxOutputLength: height * (rowLength + 1) })
  const raw = undoPngPredictor(samples, rowLength, Math.max(1, (channels * bitDepth) >> 3))
  const outChannels = isGray ? 1 : 3
  const color = new Uint8Array(width * height * outChannels)
  const alpha = new Uint8Array(width * height)
  let opaque = true
  const maxSample = (1 << Math.min(bitDepth, 8)) - 1
  for (let y = 0; y < height; y++) {
    const row = y * rowLength
    for (let x = 0; x < width; x++) {
      const p = y * width + x
      const samples: number[] = []
      for (let c = 0; c < channels; c++) samples.push(sample(raw, row, x * channels + c, bitDepth))
      let a = 255
      if (colorType === 3) {
        const index = samples[0]!
        color[p * 3] = palette[index * 3] ?? 0
        color[p * 3 + 1] = palette[index * 3 + 1] ?? 0
        color[p * 3 + 2] = palette[index * 3 + 2] ?? 0
        a = transparency?.[index] ?? 255
      } else {
        const scale = (v: number) => (bitDepth >= 8 ? v : Math.round((v * 255) / maxSample))
        for (let c = 0; c < outChannels; c++) color[p * outChannels + c] = scale(samples[c]!)
        if (hasAlphaChannel) a = samples[channels - 1]!
        else if (transparency && matchesTransparentColor(samples, transparency, bitDepth)) a = 0
      }
      alpha[p] = a
      if (a !== 255) opaque = false
    }
  }
  return {
    width,
    height,
    colorSpace: colorType === 3 || !isGray ? 'DeviceRGB' : 'DeviceGray',
    color: deflateSync(color, { level: 6 }),
    alpha: opaque ? undefined : deflateSync(alpha, { level: 6 }),
  }
}

/** One sample as 8 bits (16-bit samples keep their high byte; palette indices stay indices). */
function sample(raw: Uint8Array, row: number, index: number, bitDepth: number): number {
  if (bitDepth === 8) return raw[row + index]!
  if (bitDepth === 16) return raw[row + index * 2]!
  const perByte = 8 / bitDepth
  const byte = raw[row + Math.floor(index / perByte)]!
  const shift = 8 - bitDepth * ((index % perByte) + 1)
  return (byte >> shift) & ((1 << bitDepth) - 1)
}

function matchesTransparentColor(samples: number[], trns: Uint8Array, bitDepth: number): boolean {
  // tRNS holds 16-bit values; compare on the same scale as the samples read above.
  return samples.every((s, i) => {
    const v = (trns[i * 2]! << 8) | trns[i * 2 + 1]!
    return bitDepth === 16 ? v >> 8 === s : v === s
  })
}

type PngHeader = { width: number; height: number; bitDepth: number; colorType: number; interlace: number }

function readChunks(png: Uint8Array): { header: PngHeader; palette: Uint8Array; transparency?: Uint8Array; idat: Uint8Array } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (!signature.every((b, i) => png[i] === b)) throw new UnsupportedPngError('the appearance image is not a PNG file')
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  let header: PngHeader | undefined
  let palette: Uint8Array = new Uint8Array(0)
  let transparency: Uint8Array | undefined
  const idat: Uint8Array[] = []
  let at = 8
  while (at + 8 <= png.length) {
    const length = view.getUint32(at)
    const type = String.fromCharCode(png[at + 4]!, png[at + 5]!, png[at + 6]!, png[at + 7]!)
    const data = png.subarray(at + 8, at + 8 + length)
    if (type === 'IHDR') {
      header = {
        width: view.getUint32(at + 8),
        height: view.getUint32(at + 12),
        bitDepth: data[8]!,
        colorType: data[9]!,
        interlace: data[12]!,
      }
    } else if (type === 'PLTE') palette = data
    else if (type === 'tRNS') transparency = data
    else if (type === 'IDAT') idat.push(data)
    else if (type === 'IEND') break
    at += 12 + length
  }
  if (!header || idat.length === 0) throw new UnsupportedPngError('the PNG file is incomplete')
  return { header, palette, transparency, idat: idat.length === 1 ? idat[0]! : new Uint8Array(Buffer.concat(idat)) }
}
