import sharp from 'sharp'

export type Rgba = { data: Buffer; width: number; height: number }

/**
 * Decodes a PNG to RGBA pixels.
 *
 * @example
 * const { data, width } = await rgba(png)
 */
export async function rgba(png: Buffer): Promise<Rgba> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/** Alpha at a pixel. */
export function alphaAt(image: Rgba, x: number, y: number): number {
  return image.data[(Math.round(y) * image.width + Math.round(x)) * 4 + 3] ?? 0
}

/** Colour at a pixel. */
export function colourAt(image: Rgba, x: number, y: number): [number, number, number, number] {
  const p = (Math.round(y) * image.width + Math.round(x)) * 4
  return [image.data[p] ?? 0, image.data[p + 1] ?? 0, image.data[p + 2] ?? 0, image.data[p + 3] ?? 0]
}

/** Pixels with alpha above the threshold, as a 0/1 mask. */
export function inkMask(image: Rgba, threshold = 128): Uint8Array {
  const mask = new Uint8Array(image.width * image.height)
  for (let i = 0; i < mask.length; i++) mask[i] = (image.data[i * 4 + 3] ?? 0) > threshold ? 1 : 0
  return mask
}

/** Intersection over union of two masks of the same size. */
export function overlap(a: Uint8Array, b: Uint8Array): number {
  let both = 0
  let either = 0
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) both++
    if (a[i] || b[i]) either++
  }
  return either === 0 ? 0 : both / either
}

/** Share of pixels that carry any ink at all (alpha above 0). */
export function inkedShare(image: Rgba): number {
  let inked = 0
  for (let i = 3; i < image.data.length; i += 4) if ((image.data[i] ?? 0) > 0) inked++
  return inked / (image.width * image.height)
}
