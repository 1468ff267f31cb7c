/**
 * Pixel budgets for every picture the service decodes. A small file can declare a huge picture (a PNG of
 * zeros compresses a thousandfold), so the size is read from the header and checked before any decode;
 * sharp gets the same number as `limitInputPixels`. One table, so no decode path invents its own.
 */
export const pixelLimits = {
  /** ID cards, business licences, stamp photos: a 40 MP phone camera. */
  photo: 40_000_000,
  /** A live selfie from a phone's front camera. */
  selfie: 12_000_000,
  /** A signing board's PNG (a full-screen canvas at 3× is about 3.5 MP). */
  handwriting: 8_000_000,
  /** An image drawn into a PDF (a seal or handwriting), decoded by our own PNG reader. */
  pdfImage: 16_000_000,
} as const

export type PixelLimit = keyof typeof pixelLimits

export const imageLimitMessages = {
  tooManyPixels: '图片尺寸过大，请缩小后重新上传',
} as const

/**
 * Width and height from a PNG's IHDR (the first chunk), without decoding; undefined when the bytes are
 * not a PNG.
 *
 * @example
 * pngDimensions(png) // { width: 456, height: 456 }
 */
export function pngDimensions(png: Uint8Array): { width: number; height: number } | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (png.length < 24 || !signature.every((b, i) => png[i] === b)) return undefined
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  if (view.getUint32(12) !== 0x49484452 /* IHDR */) return undefined
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

/**
 * True when a picture of this size fits the budget.
 *
 * @example
 * withinPixels({ width: 16000, height: 16000 }, 'selfie') // false
 */
export function withinPixels(size: { width: number; height: number }, limit: PixelLimit): boolean {
  return size.width > 0 && size.height > 0 && size.width * size.height <= pixelLimits[limit]
}
