import sharp from 'sharp'
import { escapeXml, renderSealSvg } from '@seal/seal/render-svg'
import { birthDateOfIdCard } from '@seal/shared/rules/id-card'

/**
 * Pictures of resident ID cards (both sides) drawn like the real card: 85.6 × 54 mm, pale guilloche
 * background, blue labels, black values, the number in its own row at the bottom, a photo on the right.
 * Rendered with the vendored CJK font only, so they are the same on every machine. Test data: the
 * people in them are invented (see ./samples.ts) and nothing here is a real document.
 */

export const ID_CARD_WIDTH_MM = 85.6
export const ID_CARD_HEIGHT_MM = 54

export type IdCardPerson = {
  name: string
  idNumber: string
  /** Derived from the number's 17th digit when left out. */
  sex?: '男' | '女'
  nation?: string
  /** Up to three lines of 11 characters are printed. */
  address?: string
}

export type IdCardBackInfo = {
  issuingAuthority: string
  /** YYYYMMDD */
  validFrom: string
  /** YYYYMMDD, or 长期 for a card without an end date. */
  validTo: string
}

const labelColour = '#2a7ab8'
const inkColour = '#141414'

/**
 * The portrait side (人像面) as a PNG, about 12 px per mm (1027 × 648).
 *
 * @example
 * const png = await renderIdCardFront({ name: '张伟', idNumber: '11010519491231002X' })
 */
export async function renderIdCardFront(
  person: IdCardPerson,
  options: { pxPerMm?: number } = {},
): Promise<Buffer> {
  const birth = birthDateOfIdCard(person.idNumber)
  const sex = person.sex ?? (Number(person.idNumber.charAt(16)) % 2 === 1 ? '男' : '女')
  const addressLines = chunk(person.address ?? '北京市朝阳区建国路88号院3号楼2单元1001室', 11).slice(0, 3)
  const label = (x: number, y: number, text: string) =>
    `<text x="${x}" y="${y}" font-size="2.9" fill="${labelColour}" letter-spacing="0.9">${escapeXml(text)}</text>`
  const value = (x: number, y: number, text: string, size = 3.3) =>
    `<text x="${x}" y="${y}" font-size="${size}" fill="${inkColour}">${escapeXml(text)}</text>`
  const body = [
    background(),
    label(6, 10, '姓名'),
    value(16, 10, person.name, 4),
    label(6, 16.5, '性别'),
    value(16, 16.5, sex),
    label(27, 16.5, '民族'),
    value(37, 16.5, person.nation ?? '汉'),
    label(6, 23, '出生'),
    birth
      ? value(16, 23, `${birth.year}  年  ${birth.month}  月  ${birth.day}  日`)
      : value(16, 23, '     年    月    日'),
    label(6, 29.5, '住址'),
    ...addressLines.map((line, i) => value(16, 29.5 + i * 4.6, line, 3.1)),
    photoPlaceholder(),
    label(6, 47.5, '公民身份号码'),
    `<text x="29" y="47.8" font-size="4" font-weight="bold" fill="${inkColour}" letter-spacing="0.6">${escapeXml(person.idNumber)}</text>`,
  ].join('\n')
  return render(body, options.pxPerMm)
}

/**
 * The emblem side (国徽面) as a PNG: 中华人民共和国 居民身份证, the issuing authority and the validity period.
 *
 * @example
 * const png = await renderIdCardBack({ issuingAuthority: '北京市公安局朝阳分局', validFrom: '20150301', validTo: '20350301' })
 */
export async function renderIdCardBack(
  info: IdCardBackInfo,
  options: { pxPerMm?: number } = {},
): Promise<Buffer> {
  const period = `${dotted(info.validFrom)}-${info.validTo === '长期' ? '长期' : dotted(info.validTo)}`
  const body = [
    background(),
    emblem(15, 15),
    `<text x="30" y="13" font-size="5" fill="${inkColour}" letter-spacing="1.6">中华人民共和国</text>`,
    `<text x="30" y="24" font-size="7.2" font-weight="bold" fill="${inkColour}" letter-spacing="1.8">居民身份证</text>`,
    `<text x="18" y="41" font-size="3" fill="${inkColour}" letter-spacing="0.9">签发机关</text>`,
    `<text x="35" y="41" font-size="3.3" fill="${inkColour}">${escapeXml(info.issuingAuthority)}</text>`,
    `<text x="18" y="48" font-size="3" fill="${inkColour}" letter-spacing="0.9">有效期限</text>`,
    `<text x="35" y="48" font-size="3.4" fill="${inkColour}" letter-spacing="0.3">${escapeXml(period)}</text>`,
  ].join('\n')
  return render(body, options.pxPerMm)
}

/** '20150301' → '2015.03.01', as the card prints it. */
function dotted(date: string): string {
  return `${date.slice(0, 4)}.${date.slice(4, 6)}.${date.slice(6, 8)}`
}

function chunk(text: string, size: number): string[] {
  const characters = [...text]
  const lines: string[] = []
  for (let i = 0; i < characters.length; i += size) lines.push(characters.slice(i, i + size).join(''))
  return lines
}

/** Pale blue-green fill with fine wavy lines, like the card's security print. */
function background(): string {
  const waves: string[] = []
  for (let y = 2; y < ID_CARD_HEIGHT_MM; y += 2.2) {
    let d = `M 0 ${y}`
    for (let x = 0; x <= ID_CARD_WIDTH_MM; x += 4) d += ` Q ${x + 1} ${y - 0.7} ${x + 2} ${y} T ${x + 4} ${y}`
    waves.push(`<path d="${d}" fill="none" stroke="#c9e1e4" stroke-width="0.12"/>`)
  }
  return [
    `<rect x="0" y="0" width="${ID_CARD_WIDTH_MM}" height="${ID_CARD_HEIGHT_MM}" rx="3.2" fill="#eef6f3"/>`,
    ...waves,
    `<circle cx="${ID_CARD_WIDTH_MM / 2}" cy="${ID_CARD_HEIGHT_MM / 2}" r="17" fill="none" stroke="#d9ebe6" stroke-width="0.5"/>`,
  ].join('\n')
}

/** A grey head-and-shoulders silhouette where the portrait goes. */
function photoPlaceholder(): string {
  return [
    `<rect x="56" y="6" width="24" height="31" fill="#e3e7ea"/>`,
    `<ellipse cx="68" cy="17" rx="6" ry="7.5" fill="#9aa4ad"/>`,
    `<path d="M 57 37 C 58 27 78 27 79 37 Z" fill="#9aa4ad"/>`,
  ].join('\n')
}

/** A red disc with a gold star: stands for the national emblem (not drawn in detail on purpose). */
function emblem(cx: number, cy: number): string {
  const points: string[] = []
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? 4.5 : 1.8
    const a = -Math.PI / 2 + (i * Math.PI) / 5
    points.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`)
  }
  return [
    `<circle cx="${cx}" cy="${cy}" r="9" fill="#d4372c"/>`,
    `<circle cx="${cx}" cy="${cy}" r="9" fill="none" stroke="#e8b431" stroke-width="0.8"/>`,
    `<polygon points="${points.join(' ')}" fill="#f4cf3a"/>`,
  ].join('\n')
}

async function render(body: string, pxPerMm = 12): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ID_CARD_WIDTH_MM}mm" height="${ID_CARD_HEIGHT_MM}mm" ` +
    `viewBox="0 0 ${ID_CARD_WIDTH_MM} ${ID_CARD_HEIGHT_MM}">\n${body}\n</svg>\n`
  const png = await renderSealSvg({ svg, widthMm: ID_CARD_WIDTH_MM, pxPerMm })
  // A scan: the rounded corners lie on white paper, as a flatbed or a phone's document mode gives them.
  return sharp(png).flatten({ background: '#ffffff' }).png().toBuffer()
}
