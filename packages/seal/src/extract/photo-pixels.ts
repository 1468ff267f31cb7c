import sharp from 'sharp'
import { pixelLimits } from '@seal/shared/image-limits'

export type PhotoPixels = {
  /** Interleaved RGB, row by row. */
  rgb: Buffer
  width: number
  height: number
}

/** Long side the analysis works at: enough for a 400 px cut-out of a stamp that fills the photo properly. */
const targetLongSide = 1000

/**
 * Decodes a photo, upright (EXIF orientation applied) and scaled down early for analysis.
 * The scale is picked so that a JPEG is decoded at 1/2, 1/4 or 1/8 of its size by the decoder itself
 * (shrink-on-load), which is what keeps the extraction within the budget of a plain full decode.
 *
 * @example
 * const { rgb, width, height } = await decodePhoto(jpegBuffer)
 */
export async function decodePhoto(photo: Buffer): Promise<PhotoPixels> {
  // Past the photo budget sharp refuses on the header, before any pixel is decoded.
  const options = { failOn: 'none', limitInputPixels: pixelLimits.photo } as const
  const meta = await sharp(photo, options).metadata()
  const turned = (meta.orientation ?? 1) >= 5
  const width = (turned ? meta.height : meta.width) ?? 0
  const height = (turned ? meta.width : meta.height) ?? 0
  if (width === 0 || height === 0) throw new Error('photo has no size')
  const longSide = Math.max(width, height)
  // A power-of-two reduction lands exactly on a decoder shrink; anything else costs a fuller decode.
  const shrink = 2 ** Math.max(0, Math.floor(Math.log2(longSide / targetLongSide)))
  const shrunk = Math.round(longSide / shrink)
  const decoderDoesIt = shrunk <= 1.3 * targetLongSide
  const scaledLongSide = decoderDoesIt ? shrunk : targetLongSide
  // A picture with a transparent background (a seal PNG rather than a photo) is the stamp on paper with
  // nothing around it: white paper is laid under it and around it, so its ring does not touch the edge.
  const margin = meta.hasAlpha ? Math.round(scaledLongSide * 0.1) : 0
  const { data, info } = await sharp(photo, options)
    .rotate()
    .resize({
      width: width >= height ? scaledLongSide : undefined,
      height: height > width ? scaledLongSide : undefined,
      withoutEnlargement: true,
      // When the decoder's own shrink lands on the size, what is left is a copy; nearest makes it a cheap one.
      kernel: decoderDoesIt ? 'nearest' : 'lanczos3',
    })
    .flatten({ background: '#ffffff' })
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { rgb: data, width: info.width, height: info.height }
}
