import { cjkFont } from '@seal/fonts'
import type { AuthorizationLetterPositions } from '@seal/pdf/documents/authorization-letter'
import { chineseDate } from '@seal/pdf/documents/format'
import { renderSealSvg } from '@seal/seal/render-svg'
import type { SealPlacement } from '../signing/seal-document.ts'

const PX_PER_PT = 4
/** The letter's date text: the size and vertical centring the generator uses for the grantor's date (layout.ts). */
const DATE_SIZE_PT = 11
const DATE_EM_CENTRE = 0.38
const DATE_INSET_PT = 6

/**
 * The seal user's mark on the letter they accept: their handwriting in 被授权人（签字） and the day of
 * acceptance in the 日期 box beside it, as one picture over both boxes. The letter is already signed by
 * the grantor, so its text cannot change; the date travels in the appearance of the seal user's own
 * signature, which covers exactly what they signed that day.
 */
export async function acceptanceMark(input: { handwriting: Uint8Array; positions: AuthorizationLetterPositions; acceptedOn: Date }): Promise<{ image: Uint8Array; placement: SealPlacement }> {
  const sign = input.positions.authorizedSignLocation
  const date = input.positions.authorizedDateLocation
  const left = Math.min(sign.x, date.x)
  const bottom = Math.min(sign.y, date.y)
  const right = Math.max(sign.x + sign.width, date.x + date.width)
  const top = Math.max(sign.y + sign.height, date.y + date.height)
  const width = right - left
  const height = top - bottom
  // SVG runs top-down in points; the PDF boxes bottom-up.
  const fromTop = (y: number) => top - y
  const handwriting = `data:image/png;base64,${Buffer.from(input.handwriting).toString('base64')}`
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <image x="${sign.x - left}" y="${fromTop(sign.y + sign.height)}" width="${sign.width}" height="${sign.height}" preserveAspectRatio="xMidYMid meet" xlink:href="${handwriting}"/>
  <text x="${date.x - left + DATE_INSET_PT}" y="${fromTop(date.y + date.height / 2 - DATE_SIZE_PT * DATE_EM_CENTRE)}" font-family="${cjkFont.family}" font-size="${DATE_SIZE_PT}" fill="#000">${chineseDate(input.acceptedOn.getTime())}</text>
</svg>`
  // The seal renderer (vendored font only, off the event loop) takes any unit: here points, not millimetres.
  const png = await renderSealSvg({ svg, widthMm: width, pxPerMm: PX_PER_PT })
  return { image: new Uint8Array(png), placement: { page: sign.page, x: left, y: bottom, width, height } }
}
