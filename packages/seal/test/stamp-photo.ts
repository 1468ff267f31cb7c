import { Resvg } from '@resvg/resvg-js'
import { cjkFont } from '@seal/fonts'
import sharp from 'sharp'

/**
 * Builds phone-like photos of a red stamp on paper, so the extraction tests need no photo files:
 * paper fibre texture, ink that is uneven as real stamping is, uneven or dim light, rotation,
 * perspective squash, blur, a partial stamp, a covering note and black printed text over the stamp.
 * Everything is seeded, so a given set of options always gives the same photo.
 */
export type StampPhotoOptions = {
  /** Transparent seal PNG (from the renderers); none gives blank paper. */
  seal?: Buffer
  width?: number
  height?: number
  /** Width of the stamp in the photo, as a fraction of the photo's shorter side. */
  stampFraction?: number
  /** Where the stamp's centre is, as fractions of the photo's width and height. */
  centre?: { x: number; y: number }
  rotateDeg?: number
  /** Vertical squash (1 = none): what photographing the paper at an angle does to a round stamp. */
  squash?: number
  light?: 'even' | 'gradient' | 'dim' | 'dark'
  blurSigma?: number
  /** Black printed lines over the stamp, as on a signed contract. */
  printedText?: boolean
  /** A paper-coloured note covering the given fraction of the stamp from its right side. */
  coverFraction?: number
  /** How strongly the ink shows (1 = a good stamp, 0.35 = a faint one). */
  inkStrength?: number
  seed?: number
  jpegQuality?: number
}

/** Typical stamp-pad red on paper (a little darker and bluer than the screen seal red). */
const inkColour = [196, 32, 48] as const
const paperColour = [238, 234, 224] as const

/**
 * Composes a JPEG photo of the seal stamped on paper.
 *
 * @example
 * const photo = await stampPhoto({ seal: (await renderOrganizationSeal({...})).png, rotateDeg: 20, light: 'gradient' })
 */
export async function stampPhoto(options: StampPhotoOptions): Promise<Buffer> {
  const { width = 1200, height = 900, seed = 7, jpegQuality = 88 } = options
  const random = seededRandom(seed)
  const pixels = paper({ width, height, random })

  if (options.seal) {
    const stamp = await stampLayer({ ...options, seal: options.seal, width, height })
    applyInk({ pixels, width, height, stamp, random, inkStrength: options.inkStrength ?? 1 })
    if (options.coverFraction) coverStamp({ pixels, width, stamp, fraction: options.coverFraction })
  }
  if (options.printedText) await printText({ pixels, width, height })
  applyLight({ pixels, width, height, light: options.light ?? 'even' })
  addSensorNoise({ pixels, random, sigma: options.light === 'dark' ? 5 : 3 })

  let image = sharp(pixels, { raw: { width, height, channels: 3 } })
  if (options.blurSigma) image = image.blur(options.blurSigma)
  return image.jpeg({ quality: jpegQuality }).toBuffer()
}

type StampLayer = { rgba: Buffer; width: number; height: number; left: number; top: number }

async function stampLayer(
  options: StampPhotoOptions & { seal: Buffer; width: number; height: number },
): Promise<StampLayer> {
  const {
    width,
    height,
    stampFraction = 0.6,
    centre = { x: 0.5, y: 0.5 },
    rotateDeg = 0,
    squash = 1,
  } = options
  const stampWidth = Math.round(Math.min(width, height) * stampFraction)
  let image = sharp(options.seal).resize({ width: stampWidth })
  if (squash !== 1) {
    const meta = await sharp(options.seal).metadata()
    const stampHeight = Math.round((stampWidth * (meta.height ?? 1)) / (meta.width ?? 1))
    image = sharp(await image.png().toBuffer()).resize({
      width: stampWidth,
      height: Math.round(stampHeight * squash),
      fit: 'fill',
    })
  }
  if (rotateDeg !== 0) {
    image = sharp(await image.png().toBuffer()).rotate(rotateDeg, {
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
  }
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return {
    rgba: data,
    width: info.width,
    height: info.height,
    left: Math.round(centre.x * width - info.width / 2),
    top: Math.round(centre.y * height - info.height / 2),
  }
}

/** Off-white paper with low-frequency mottling and fine fibres. */
function paper({ width, height, random }: { width: number; height: number; random: () => number }): Buffer {
  const pixels = Buffer.alloc(width * height * 3)
  const coarse = valueNoise({ width, height, cell: 96, random })
  const fine = valueNoise({ width, height, cell: 6, random })
  for (let i = 0, p = 0; i < width * height; i++, p += 3) {
    const shade = 1 + 0.035 * ((coarse[i] ?? 0) - 0.5) + 0.05 * ((fine[i] ?? 0) - 0.5)
    pixels[p] = clampByte(paperColour[0] * shade)
    pixels[p + 1] = clampByte(paperColour[1] * shade)
    pixels[p + 2] = clampByte(paperColour[2] * shade)
  }
  return pixels
}

/** Ink multiplies the paper; its density varies in blotches, as a stamp pad never inks evenly. */
function applyInk({
  pixels,
  width,
  height,
  stamp,
  random,
  inkStrength,
}: {
  pixels: Buffer
  width: number
  height: number
  stamp: StampLayer
  random: () => number
  inkStrength: number
}) {
  const blotches = valueNoise({ width: stamp.width, height: stamp.height, cell: 14, random })
  for (let y = 0; y < stamp.height; y++) {
    const photoY = y + stamp.top
    if (photoY < 0 || photoY >= height) continue
    for (let x = 0; x < stamp.width; x++) {
      const photoX = x + stamp.left
      if (photoX < 0 || photoX >= width) continue
      const alpha = (stamp.rgba[(y * stamp.width + x) * 4 + 3] ?? 0) / 255
      if (alpha === 0) continue
      const density = alpha * inkStrength * (0.72 + 0.28 * (blotches[y * stamp.width + x] ?? 0))
      const p = (photoY * width + photoX) * 3
      for (let c = 0; c < 3; c++) {
        const paperValue = pixels[p + c] ?? 0
        pixels[p + c] = clampByte(paperValue * (1 - density + (density * (inkColour[c] ?? 0)) / 255))
      }
    }
  }
}

/** A note laid over the right part of the stamp, hiding ring and text there. */
function coverStamp({
  pixels,
  width,
  stamp,
  fraction,
}: {
  pixels: Buffer
  width: number
  stamp: StampLayer
  fraction: number
}) {
  const left = Math.round(stamp.left + stamp.width * (1 - fraction))
  const height = pixels.length / 3 / width
  for (let y = Math.max(0, stamp.top - 20); y < Math.min(height, stamp.top + stamp.height + 20); y++) {
    for (let x = Math.max(0, left); x < Math.min(width, stamp.left + stamp.width + 40); x++) {
      const p = (y * width + x) * 3
      pixels[p] = 250
      pixels[p + 1] = 250
      pixels[p + 2] = 246
    }
  }
}

async function printText({ pixels, width, height }: { pixels: Buffer; width: number; height: number }) {
  const size = Math.round(height / 26)
  const lines = [
    '甲方：（盖章）本合同一式两份，双方各执一份，',
    '自双方签字盖章之日起生效。乙方代表签字：',
    '签订日期：二〇二五年三月十八日  地址：',
  ]
  const text = Array.from({ length: 12 }, (_, i) => lines[i % lines.length])
    .map(
      (line, i) => `<text x="${size}" y="${(i + 1) * size * 1.9}" font-size="${size}">${line}${line}</text>`,
    )
    .join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" fill="#151515">${text}</svg>`
  const rendered = new Resvg(svg, {
    font: { fontFiles: [cjkFont.regular], loadSystemFonts: false, defaultFontFamily: cjkFont.family },
  }).render()
  const rgba = rendered.pixels
  for (let i = 0, p = 0; i < width * height; i++, p += 3) {
    const alpha = (rgba[i * 4 + 3] ?? 0) / 255
    if (alpha === 0) continue
    for (let c = 0; c < 3; c++) pixels[p + c] = clampByte((pixels[p + c] ?? 0) * (1 - 0.9 * alpha))
  }
}

function applyLight({
  pixels,
  width,
  height,
  light,
}: {
  pixels: Buffer
  width: number
  height: number
  light: string
}) {
  if (light === 'even') return
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const along = (x / width + y / height) / 2
      const factor =
        light === 'gradient'
          ? 1.04 - 0.55 * along
          : light === 'dim'
            ? 0.55 - 0.1 * along
            : 0.16 + 0.04 * along
      // Warm lamp light: red falls off least, blue most.
      const p = (y * width + x) * 3
      pixels[p] = clampByte((pixels[p] ?? 0) * factor)
      pixels[p + 1] = clampByte((pixels[p + 1] ?? 0) * factor * 0.97)
      pixels[p + 2] = clampByte((pixels[p + 2] ?? 0) * factor * 0.9)
    }
  }
}

function addSensorNoise({ pixels, random, sigma }: { pixels: Buffer; random: () => number; sigma: number }) {
  for (let p = 0; p < pixels.length; p++) {
    const noise = (random() + random() + random() - 1.5) * 2 * sigma
    pixels[p] = clampByte((pixels[p] ?? 0) + noise)
  }
}

/** Smooth noise in [0, 1]: random values on a grid, interpolated bilinearly. */
function valueNoise({
  width,
  height,
  cell,
  random,
}: {
  width: number
  height: number
  cell: number
  random: () => number
}) {
  const gridWidth = Math.ceil(width / cell) + 2
  const gridHeight = Math.ceil(height / cell) + 2
  const grid = Float32Array.from({ length: gridWidth * gridHeight }, () => random())
  const out = new Float32Array(width * height)
  for (let y = 0; y < height; y++) {
    const gy = y / cell
    const y0 = Math.floor(gy)
    const fy = gy - y0
    for (let x = 0; x < width; x++) {
      const gx = x / cell
      const x0 = Math.floor(gx)
      const fx = gx - x0
      const top = (grid[y0 * gridWidth + x0] ?? 0) * (1 - fx) + (grid[y0 * gridWidth + x0 + 1] ?? 0) * fx
      const bottom =
        (grid[(y0 + 1) * gridWidth + x0] ?? 0) * (1 - fx) + (grid[(y0 + 1) * gridWidth + x0 + 1] ?? 0) * fx
      out[y * width + x] = top * (1 - fy) + bottom * fy
    }
  }
  return out
}

/** mulberry32: a tiny seeded generator, so every photo is reproducible. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function clampByte(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : Math.round(value)
}
