/**
 * Image helpers of the upload control (spec 002 §5 "File upload and images", §9).
 *
 * The decisions (what to compress, to which size, which corner colour is background) are pure functions
 * so they can be tested without a browser; the canvas work is kept to thin wrappers around them.
 */

/**
 * Default compression target. The spec gives "50" without a unit, and separately says the compression
 * size is passed "as kilobytes times 1024" (000 §9, 002 §9): so 50 means 50 KB = 51 200 bytes.
 */
export const DEFAULT_TARGET_KB = 50
/** Height an over-limit image is rescaled to before re-encoding (the spec leaves the value open). */
export const DEFAULT_RESCALE_HEIGHT = 1280
/** Below this height a photo of an ID card or a licence is no longer legible: stop shrinking there. */
export const MIN_RESCALE_HEIGHT = 480
/** JPEG qualities tried at each height, best first. */
const QUALITY_STEPS = [0.8, 0.6, 0.45] as const
/** Each further attempt shrinks the height by this factor. */
const HEIGHT_STEP = 0.75

/** The alternative helper's settings (002 §5): JPEG quality 0.6, at most 2000×2000, at least 500×500. */
export const PHOTO_OPTIONS = { quality: 0.6, maxWidth: 2000, maxHeight: 2000, minWidth: 500, minHeight: 500 } as const

export type Size = { width: number; height: number }

export const kilobytes = (kb: number) => kb * 1024

/** Raster images are compressed; PDFs (and anything not a raster image) are left as they are. */
export function isCompressibleImage(mediaType: string): boolean {
  return /^image\/(png|jpe?g|webp|bmp)$/i.test(mediaType)
}

export function needsCompression(file: { type: string; size: number }, targetBytes: number): boolean {
  return isCompressibleImage(file.type) && file.size > targetBytes
}

/** The size at `height` with the same aspect ratio; never enlarges. */
export function scaleToHeight(size: Size, height: number): Size {
  if (size.height <= height) return { width: size.width, height: size.height }
  return { width: Math.max(1, Math.round((size.width * height) / size.height)), height }
}

export type EncodeAttempt = Size & { quality: number }

/**
 * The encodings tried, in order, until one fits the target: the rescale height at falling qualities,
 * then smaller heights, down to a legible minimum. The last attempt is kept even when it is still over.
 */
export function compressionAttempts(natural: Size, height = DEFAULT_RESCALE_HEIGHT): EncodeAttempt[] {
  const attempts: EncodeAttempt[] = []
  let target = Math.min(height, natural.height)
  for (;;) {
    const size = scaleToHeight(natural, Math.round(target))
    for (const quality of QUALITY_STEPS) attempts.push({ ...size, quality })
    if (target <= MIN_RESCALE_HEIGHT) break
    target = Math.max(target * HEIGHT_STEP, MIN_RESCALE_HEIGHT)
  }
  return attempts
}

/**
 * Output size of the alternative helper: fit inside the maximum box, but cover the minimum box,
 * keeping the aspect ratio (the maximum wins when both cannot hold).
 */
export function photoSize(natural: Size, limits: Omit<typeof PHOTO_OPTIONS, 'quality'> = PHOTO_OPTIONS): Size {
  const ratio = natural.width / natural.height
  const contain = fitBox(ratio, limits.maxWidth, limits.maxHeight, 'contain')
  const cover = fitBox(ratio, limits.minWidth, limits.minHeight, 'cover')
  const width = Math.min(Math.max(natural.width, cover.width), contain.width)
  return { width: Math.floor(width), height: Math.floor(width / ratio) }
}

function fitBox(ratio: number, width: number, height: number, mode: 'contain' | 'cover'): Size {
  const tooWide = height * ratio > width
  if ((mode === 'contain' && tooWide) || (mode === 'cover' && !tooWide)) return { width, height: width / ratio }
  return { width: height * ratio, height }
}

// ---- transparent background ---------------------------------------------------------------------

/** ImageData or anything shaped like it (RGBA, row by row). */
export type Pixels = { data: Uint8ClampedArray | number[]; width: number; height: number }
export type Rgb = [number, number, number]

/** A corner lighter than this in every channel counts as paper white. */
export const NEAR_WHITE = 200
/** Pixels within this distance (largest channel difference) of the background become transparent. */
export const BACKGROUND_TOLERANCE = 40

export function cornerColours({ data, width, height }: Pixels): Rgb[] {
  const at = (x: number, y: number): Rgb => {
    const i = (y * width + x) * 4
    return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0]
  }
  return [at(0, 0), at(width - 1, 0), at(0, height - 1), at(width - 1, height - 1)]
}

/**
 * The background colour when all four corners are near-white (the average of the corners), else
 * null: a picture whose corners are not paper is left alone rather than punched full of holes.
 */
export function nearWhiteBackground(pixels: Pixels, nearWhite = NEAR_WHITE): Rgb | null {
  const corners = cornerColours(pixels)
  if (!corners.every((rgb) => rgb.every((channel) => channel >= nearWhite))) return null
  const mean = (channel: 0 | 1 | 2) => Math.round(corners.reduce((sum, rgb) => sum + rgb[channel], 0) / corners.length)
  return [mean(0), mean(1), mean(2)]
}

/**
 * Makes the near-white background transparent in place; pixels just past the tolerance fade out, so
 * the edge of a stamp keeps no white halo. Returns how many pixels became fully transparent.
 */
export function clearNearWhiteBackground(pixels: Pixels, tolerance = BACKGROUND_TOLERANCE): number {
  const background = nearWhiteBackground(pixels)
  if (!background) return 0
  const { data } = pixels
  let cleared = 0
  for (let i = 0; i + 3 < data.length; i += 4) {
    const distance = Math.max(
      Math.abs((data[i] ?? 0) - background[0]),
      Math.abs((data[i + 1] ?? 0) - background[1]),
      Math.abs((data[i + 2] ?? 0) - background[2]),
    )
    if (distance <= tolerance) {
      data[i + 3] = 0
      cleared++
    } else if (distance < tolerance * 2) {
      data[i + 3] = Math.round(((data[i + 3] ?? 255) * (distance - tolerance)) / tolerance)
    }
  }
  return cleared
}

// ---- data URLs --------------------------------------------------------------------------------------

/** The media type of a data URL (`data:image/png;base64,…` → `image/png`), if it names one. */
export function dataUrlMediaType(dataUrl: string): string | undefined {
  return /^data:([^;,]+)[;,]/.exec(dataUrl)?.[1]
}

export function dataUrlToBlob(dataUrl: string, fallbackType = 'application/octet-stream'): Blob {
  const comma = dataUrl.indexOf(',')
  const header = comma >= 0 ? dataUrl.slice(0, comma) : ''
  const body = comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl
  const type = dataUrlMediaType(dataUrl) ?? fallbackType
  if (header && !header.endsWith(';base64')) return new Blob([decodeURIComponent(body)], { type })
  const binary = atob(body)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return new Blob([bytes], { type })
}

export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('读取文件失败'))
    reader.readAsDataURL(blob)
  })
}

// ---- canvas -----------------------------------------------------------------------------------------

/** Decodes an image (a Blob or a data/object URL) in the browser. */
export function loadImage(source: Blob | string): Promise<HTMLImageElement> {
  const url = typeof source === 'string' ? source : URL.createObjectURL(source)
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('图片读取失败'))
    image.src = url
  }).finally(() => {
    if (typeof source !== 'string') URL.revokeObjectURL(url)
  }) as Promise<HTMLImageElement>
}

function drawImage(image: CanvasImageSource, size: Size, background?: string): HTMLCanvasElement {
  const canvas = document.createElement('canvas')
  canvas.width = size.width
  canvas.height = size.height
  const context = canvas.getContext('2d')
  if (!context) throw new Error('浏览器不支持图片压缩')
  // JPEG has no alpha: without a white fill a transparent PNG would turn black.
  if (background) {
    context.fillStyle = background
    context.fillRect(0, 0, size.width, size.height)
  }
  context.drawImage(image, 0, 0, size.width, size.height)
  return canvas
}

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('图片压缩失败'))), type, quality)
  })
}

export type CompressOptions = {
  /** Target size in KB (×1024 bytes); default 50. Images at or under it are returned unchanged. */
  targetKB?: number
  /** Height an over-target image is rescaled to first; default 1280. */
  height?: number
}

/**
 * Compresses a raster image to at most `targetKB` where it can: rescaled to `height` keeping the aspect
 * ratio and re-encoded as JPEG, at falling quality and height. PDFs and small images come back as they are.
 */
export async function compressImage(file: Blob, options: CompressOptions = {}): Promise<Blob> {
  const targetBytes = kilobytes(options.targetKB ?? DEFAULT_TARGET_KB)
  if (!needsCompression(file, targetBytes)) return file
  const image = await loadImage(file)
  let best: Blob = file
  for (const attempt of compressionAttempts({ width: image.naturalWidth, height: image.naturalHeight }, options.height)) {
    const blob = await canvasToBlob(drawImage(image, attempt, '#fff'), 'image/jpeg', attempt.quality)
    if (blob.size < best.size) best = blob
    if (blob.size <= targetBytes) break
  }
  return best
}

/** The alternative helper (002 §5): JPEG at quality 0.6, fitted to 2000×2000 and at least 500×500. */
export async function compressPhoto(file: Blob): Promise<Blob> {
  if (!isCompressibleImage(file.type)) return file
  const image = await loadImage(file)
  const size = photoSize({ width: image.naturalWidth, height: image.naturalHeight })
  return canvasToBlob(drawImage(image, size, '#fff'), 'image/jpeg', PHOTO_OPTIONS.quality)
}

/** PNG output whose near-white background (judged by the corner pixels) is made transparent. */
export async function toTransparentPng(source: Blob | string): Promise<Blob> {
  const image = await loadImage(source)
  const canvas = drawImage(image, { width: image.naturalWidth, height: image.naturalHeight })
  const context = canvas.getContext('2d')
  if (!context) throw new Error('浏览器不支持图片处理')
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height)
  clearNearWhiteBackground(pixels)
  context.putImageData(pixels, 0, 0)
  return canvasToBlob(canvas, 'image/png')
}
