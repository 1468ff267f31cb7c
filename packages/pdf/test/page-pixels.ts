import { mkdir, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { renderPage } from './independent-verifiers.ts'

/** Where signed pages rendered for people to look at go: test-results/artefacts/pdf. */
export const artefactDir = fileURLToPath(new URL('../../../test-results/artefacts/pdf/', import.meta.url))

/** Saves a file under test-results/artefacts/pdf. */
export async function saveArtefact(name: string, bytes: Uint8Array): Promise<void> {
  await mkdir(artefactDir, { recursive: true })
  await writeFile(artefactDir + name, bytes)
}

export type PointRect = { x: number; y: number; width: number; height: number }

/**
 * Renders a page with pdftoppm (poppler, not our code) and measures, inside a rect given in PDF points
 * from the bottom-left corner of the page's visible area (`pageHeight` high), the share of pixels that are seal red, ink blue (a handwritten signature) and near black (what a
 * transparent background turns into when its alpha mask is lost).
 *
 * @example
 * const { red } = await inkInside({ pdf, page: 1, rect, dpi: 80 }) // 0.2: a fifth of the box is seal red
 */
export async function inkInside({
  pdf,
  page,
  rect,
  dpi = 80,
  pageHeight = 841.89,
}: {
  pdf: Uint8Array
  page: number
  rect: PointRect
  dpi?: number
  pageHeight?: number
}): Promise<{ red: number; blue: number; dark: number; png: Buffer }> {
  const png = renderPage(pdf, page, dpi)
  const scale = dpi / 72
  const left = Math.round(rect.x * scale)
  const top = Math.round((pageHeight - rect.y - rect.height) * scale)
  const width = Math.round(rect.width * scale)
  const height = Math.round(rect.height * scale)
  const { data, info } = await sharp(png).extract({ left, top, width, height }).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let red = 0
  let blue = 0
  let dark = 0
  for (let i = 0; i < data.length; i += info.channels) {
    const r = data[i]!
    const g = data[i + 1]!
    const b = data[i + 2]!
    if (r > 150 && g < 110 && b < 110) red++
    if (b > 70 && r < 90 && g < 90 && b > r + 30) blue++
    if (r < 60 && g < 60 && b < 60) dark++
  }
  const pixels = data.length / info.channels
  return { red: red / pixels, blue: blue / pixels, dark: dark / pixels, png }
}

/**
 * Renders a page's visible area with pdftoppm and finds the seal on it: the centre of its seal-red pixels,
 * in PDF points from the visible area's bottom-left corner, and the rendered size in points. Undefined
 * centre when nothing on the page is red.
 *
 * @example
 * const { centre } = await redCentre({ pdf, page: 1 }) // { x: 260.1, y: 310.2 }
 */
export async function redCentre({ pdf, page, dpi = 80 }: { pdf: Uint8Array; page: number; dpi?: number }) {
  const png = renderPage(pdf, page, dpi)
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let count = 0
  let sumX = 0
  let sumY = 0
  for (let i = 0; i < data.length; i += info.channels) {
    if (data[i]! > 150 && data[i + 1]! < 110 && data[i + 2]! < 110) {
      const pixel = i / info.channels
      count++
      sumX += (pixel % info.width) + 0.5
      sumY += Math.floor(pixel / info.width) + 0.5
    }
  }
  const scale = dpi / 72
  const size = { width: info.width / scale, height: info.height / scale }
  const centre = count === 0 ? undefined : { x: sumX / count / scale, y: size.height - sumY / count / scale }
  return { centre, size, png }
}
