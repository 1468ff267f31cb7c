import sharp from 'sharp'
import { renderSealSvg } from '@seal/seal/render-svg'

/**
 * Pictures that are not a card or a licence, for the failure paths: what a person uploads by mistake.
 */

/**
 * A phone photo of a landscape (sky, hills, a lake, a sun): colour and edges, no text at all. JPEG.
 *
 * @example
 * const jpeg = await renderLandscapePhoto()
 */
export async function renderLandscapePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#cfe2f3"/></linearGradient>
    <linearGradient id="lake" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a86a8"/><stop offset="1" stop-color="#20425a"/></linearGradient>
  </defs>
  <rect width="1200" height="800" fill="url(#sky)"/>
  <circle cx="930" cy="170" r="70" fill="#fff2b3"/>
  <path d="M0 470 L180 300 L330 420 L520 250 L700 430 L860 330 L1200 480 L1200 800 L0 800 Z" fill="#5b7a4a"/>
  <path d="M0 560 L260 450 L480 540 L760 470 L1200 580 L1200 800 L0 800 Z" fill="#3f5e35"/>
  <rect y="600" width="1200" height="200" fill="url(#lake)"/>
  <path d="M100 650 q40 -8 80 0 M400 700 q60 -10 120 0 M820 660 q50 -8 100 0" stroke="#a9cbe0" stroke-width="3" fill="none"/>
</svg>`
  return sharp(Buffer.from(svg)).blur(1.2).jpeg({ quality: 75 }).toBuffer()
}

/**
 * A printed notice with Chinese text, dates and a phone number, but no ID number, credit code or
 * validity period: text a recogniser reads well, none of which may be taken for a card's fields. PNG.
 *
 * @example
 * const png = await renderUnrelatedNotice()
 */
export async function renderUnrelatedNotice(): Promise<Buffer> {
  const lines = [
    '小区停水通知',
    '因管道检修，2024年6月18日8:00至18:00停水。',
    '请各位业主提前储水，给您带来不便敬请谅解。',
    '咨询电话：010-65881234',
    '物业服务中心',
    '2024.06.15',
  ]
  const body = lines
    .map(
      (text, i) =>
        `<text x="${i === 0 ? 60 : 12}" y="${20 + i * 12}" font-size="${i === 0 ? 8 : 5}">${text}</text>`,
    )
    .join('\n')
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160mm" height="95mm" viewBox="0 0 160 95">` +
    `<rect width="160" height="95" fill="#fffdf6"/>${body}</svg>`
  const png = await renderSealSvg({ svg, widthMm: 160, pxPerMm: 8 })
  return sharp(png).flatten({ background: '#ffffff' }).png().toBuffer()
}
