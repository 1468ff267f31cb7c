import { renderAsync } from '@resvg/resvg-js'
import { cjkFont } from '@seal/fonts'

/** What every seal renderer returns: the picture, its source and its physical size. */
export type SealImage = {
  /** Transparent PNG, ink in seal red. */
  png: Buffer
  /** The SVG the PNG was rendered from (same geometry, in millimetres). */
  svg: string
  widthMm: number
  heightMm: number
}

/** Seal red (GB/T 38540 e-seal images use a pure red close to this). */
export const sealRed = '#E60012'

/** Pixels per millimetre by default: a 40 mm official seal comes out 480 px wide. */
export const defaultPxPerMm = 12

/** The family name every seal text uses; only the vendored files are loaded, so no machine font leaks in. */
export const sealFontFamily = cjkFont.family

/**
 * Renders an SVG drawn in millimetres to a transparent PNG with the vendored CJK font only.
 * resvg is deterministic, so the same SVG always gives the same bytes.
 *
 * @example
 * const png = await renderSealSvg({ svg, widthMm: 40, heightMm: 40, pxPerMm: 12 })
 */
export async function renderSealSvg({
  svg,
  widthMm,
  pxPerMm,
}: {
  svg: string
  widthMm: number
  pxPerMm: number
}): Promise<Buffer> {
  if (!(pxPerMm > 0 && pxPerMm <= 100)) throw new RangeError(`pxPerMm must be in (0, 100], got ${pxPerMm}`)
  const rendered = await renderAsync(svg, {
    fitTo: { mode: 'width', value: Math.round(widthMm * pxPerMm) },
    font: {
      fontFiles: [cjkFont.bold, cjkFont.regular],
      loadSystemFonts: false,
      defaultFontFamily: sealFontFamily,
    },
    shapeRendering: 2,
    textRendering: 2,
    logLevel: 'off',
  })
  return rendered.asPng()
}

/**
 * Wraps drawing elements in an SVG document whose user unit is the millimetre.
 *
 * @example
 * const svg = svgDocument({ widthMm: 40, heightMm: 40, body: '<circle cx="20" cy="20" r="19"/>' })
 */
export function svgDocument({
  widthMm,
  heightMm,
  body,
}: {
  widthMm: number
  heightMm: number
  body: string
}): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${mm(widthMm)}mm" height="${mm(heightMm)}mm" ` +
    `viewBox="0 0 ${mm(widthMm)} ${mm(heightMm)}">\n${body}\n</svg>\n`
  )
}

/**
 * Formats a length for SVG with a fixed precision, so output does not depend on float printing quirks.
 *
 * @example
 * mm(1 / 3) // '0.333'
 */
export function mm(value: number): string {
  const rounded = Math.round(value * 1000) / 1000
  return Object.is(rounded, -0) ? '0' : String(rounded)
}

/**
 * Escapes text for an SVG text node.
 *
 * @example
 * escapeXml('A&B') // 'A&#38;B'
 */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}
