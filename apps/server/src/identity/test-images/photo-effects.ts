import sharp from 'sharp'

export type PhotoEffects = {
  /** Degrees, clockwise; a hand-held shot is a few degrees off. */
  rotateDeg?: number
  /** A lamp on one side: the far side of the card is this much darker (0..1). */
  unevenLight?: number
  /** Gaussian blur sigma in px of the original picture (out of focus, shaken). */
  blurSigma?: number
  /** JPEG quality; a phone's upload compression. Unset keeps PNG. */
  jpegQuality?: number
  /** Table around the card, as a share of its width on each side. */
  margin?: number
  /** Scales the result (a phone sends a smaller or bigger picture than the scan). */
  scale?: number
}

/**
 * Turns a clean scan into what a phone sends: the card lying on a wooden table, turned a little, lit
 * from one side, slightly soft, JPEG-compressed.
 *
 * @example
 * const jpeg = await photographed(await renderIdCardFront(person), { rotateDeg: 3, unevenLight: 0.35, jpegQuality: 70 })
 */
export async function photographed(picture: Buffer, effects: PhotoEffects = {}): Promise<Buffer> {
  const { width = 0 } = await sharp(picture).metadata()
  const margin = Math.round(width * (effects.margin ?? 0))
  let image = sharp(picture).flatten({ background: '#ffffff' })
  if (effects.blurSigma) image = image.blur(effects.blurSigma)
  if (margin > 0)
    image = image.extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#7a6550' })
  let bytes: Buffer = await image.png().toBuffer()
  if (effects.rotateDeg)
    bytes = await sharp(bytes).rotate(effects.rotateDeg, { background: '#7a6550' }).png().toBuffer()
  if (effects.unevenLight) bytes = await shade(bytes, effects.unevenLight)
  let out = sharp(bytes)
  if (effects.scale && effects.scale !== 1) {
    const meta = await sharp(bytes).metadata()
    out = out.resize({ width: Math.round((meta.width ?? width) * effects.scale) })
  }
  return effects.jpegQuality ? out.jpeg({ quality: effects.jpegQuality }).toBuffer() : out.png().toBuffer()
}

/** Multiplies the picture by a left-to-right gradient from full light to (1 - strength), slightly warm. */
async function shade(picture: Buffer, strength: number): Promise<Buffer> {
  const { width = 1, height = 1 } = await sharp(picture).metadata()
  const dark = Math.round(255 * (1 - strength))
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g" x1="0" y1="0.2" x2="1" y2="0.8">` +
      `<stop offset="0" stop-color="rgb(255,250,240)"/><stop offset="1" stop-color="rgb(${dark},${dark},${Math.round(dark * 0.95)})"/>` +
      `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  )
  return sharp(picture)
    .composite([{ input: gradient, blend: 'multiply' }])
    .png()
    .toBuffer()
}
