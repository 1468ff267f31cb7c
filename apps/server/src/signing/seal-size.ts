import { defaultPxPerMm } from '@seal/seal/render-svg'
import { pngDimensions } from '@seal/shared/image-limits'

/**
 * Height of a seal on paper when its image does not tell, the heights @seal/seal draws them at: the
 * official seal 40 mm, a personal name seal 18 mm, the legal representative's name seal 20 mm, the
 * invoice seal 30 mm, other unit seals 38 mm.
 */
function sealHeightMm(sealTypeCode: string): number {
  if (sealTypeCode === '01') return 40
  if (sealTypeCode === '1000') return 18
  if (sealTypeCode === '05') return 20
  if (sealTypeCode === '03') return 30
  return 38
}

/**
 * The seal's size on paper, in millimetres. Images the seal package rendered are drawn at
 * `defaultPxPerMm`, so their pixels give the real size; an image from a photographed impression (an
 * unusual pixel size) keeps its proportions at the height its type has.
 */
export function sealSizeMm(png: Buffer, sealTypeCode: string): { width: number; height: number } {
  const { width: widthPx, height: heightPx } = pngDimensions(png) ?? { width: 0, height: 0 }
  const rendered = { width: widthPx / defaultPxPerMm, height: heightPx / defaultPxPerMm }
  if (rendered.height >= 8 && rendered.height <= 60 && rendered.width <= 80) return rendered
  const height = sealHeightMm(sealTypeCode)
  return { width: heightPx > 0 ? (height * widthPx) / heightPx : height, height }
}
