import sharp from 'sharp'
import { escapeXml, renderSealSvg } from '@seal/seal/render-svg'

/**
 * A business licence (营业执照, the 2019 layout) drawn as a landscape A4 sheet: ornamental border, the
 * emblem, the title, the unified social credit code at the top left, the fields in two columns, a QR
 * code and the registration authority's red seal. Invented test data only.
 */

const WIDTH_MM = 297
const HEIGHT_MM = 210

export type BusinessLicenceInfo = {
  unitName: string
  socialCreditCode: string
  legalName: string
  /** Defaults to 有限责任公司（自然人投资或控股）. */
  companyType?: string
  address?: string
  registeredCapital?: string
  /** YYYYMMDD */
  establishedOn?: string
}

/**
 * The licence as a PNG, 5 px per mm by default (1485 × 1050).
 *
 * @example
 * const png = await renderBusinessLicence({ unitName: '北京明远科技有限公司', socialCreditCode: '91110108MA01ABCDEN', legalName: '王明' })
 */
export async function renderBusinessLicence(
  info: BusinessLicenceInfo,
  options: { pxPerMm?: number } = {},
): Promise<Buffer> {
  const established = info.establishedOn ?? '20180315'
  const date = `${established.slice(0, 4)}年${Number(established.slice(4, 6))}月${Number(established.slice(6, 8))}日`
  const field = (x: number, y: number, label: string, value: string) =>
    `<text x="${x}" y="${y}" font-size="5.2" fill="#222" letter-spacing="0.6">${escapeXml(label)}</text>` +
    `<text x="${x + 32}" y="${y}" font-size="5.2" fill="#111">${escapeXml(value)}</text>`
  const body = [
    `<rect x="0" y="0" width="${WIDTH_MM}" height="${HEIGHT_MM}" fill="#fbf8ee"/>`,
    `<rect x="8" y="8" width="${WIDTH_MM - 16}" height="${HEIGHT_MM - 16}" fill="none" stroke="#c7a24a" stroke-width="2.2"/>`,
    `<rect x="12" y="12" width="${WIDTH_MM - 24}" height="${HEIGHT_MM - 24}" fill="none" stroke="#c7a24a" stroke-width="0.5"/>`,
    `<circle cx="${WIDTH_MM / 2}" cy="32" r="11" fill="#d4372c"/><circle cx="${WIDTH_MM / 2}" cy="32" r="4" fill="#f4cf3a"/>`,
    `<text x="${WIDTH_MM / 2}" y="63" font-size="15" font-weight="bold" fill="#111" text-anchor="middle" letter-spacing="9">营业执照</text>`,
    `<text x="${WIDTH_MM / 2}" y="74" font-size="5" fill="#333" text-anchor="middle">（副  本）</text>`,
    `<text x="24" y="48" font-size="5" fill="#222">统一社会信用代码</text>`,
    `<text x="24" y="57" font-size="5.6" fill="#111" letter-spacing="0.5">${escapeXml(info.socialCreditCode)}</text>`,
    field(34, 95, '名        称', info.unitName),
    field(34, 109, '类        型', info.companyType ?? '有限责任公司（自然人投资或控股）'),
    field(34, 123, '法定代表人', info.legalName),
    field(34, 137, '经营范围', '技术开发、技术咨询、技术服务；软件开发。'),
    field(160, 151, '注册资本', info.registeredCapital ?? '人民币壹佰万元整'),
    field(160, 165, '成立日期', date),
    field(34, 151, '住        所', info.address ?? '北京市海淀区中关村大街1号'),
    qrPlaceholder(26, 160),
    `<circle cx="246" cy="180" r="18" fill="none" stroke="#e60012" stroke-width="1.4" opacity="0.75"/>`,
    `<text x="235" y="182" font-size="4.5" fill="#e60012" opacity="0.75">登记机关</text>`,
    `<text x="228" y="194" font-size="4.4" fill="#333">${escapeXml(date)}</text>`,
  ].join('\n')
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH_MM}mm" height="${HEIGHT_MM}mm" viewBox="0 0 ${WIDTH_MM} ${HEIGHT_MM}">\n` +
    `${body}\n</svg>\n`
  const png = await renderSealSvg({ svg, widthMm: WIDTH_MM, pxPerMm: options.pxPerMm ?? 5 })
  return sharp(png).flatten({ background: '#ffffff' }).png().toBuffer()
}

/** A deterministic block pattern in a QR code's place (it encodes nothing). */
function qrPlaceholder(x: number, y: number): string {
  const size = 1.1
  const cells: string[] = []
  const inFinder = (row: number, col: number) =>
    (row < 8 && col < 8) || (row < 8 && col > 12) || (row > 12 && col < 8)
  for (let row = 0; row < 21; row++) {
    for (let col = 0; col < 21; col++) {
      if (!inFinder(row, col) && (row * 7 + col * 13 + row * col) % 5 < 2) {
        cells.push(
          `<rect x="${(x + col * size).toFixed(2)}" y="${(y + row * size).toFixed(2)}" width="${size}" height="${size}"/>`,
        )
      }
    }
  }
  const finder = (row: number, col: number) => {
    const fx = x + col * size
    const fy = y + row * size
    return (
      `<rect x="${fx.toFixed(2)}" y="${fy.toFixed(2)}" width="${7 * size}" height="${7 * size}"/>` +
      `<rect x="${(fx + size).toFixed(2)}" y="${(fy + size).toFixed(2)}" width="${5 * size}" height="${5 * size}" fill="#fbf8ee"/>` +
      `<rect x="${(fx + 2 * size).toFixed(2)}" y="${(fy + 2 * size).toFixed(2)}" width="${3 * size}" height="${3 * size}"/>`
    )
  }
  return `<g fill="#111">${cells.join('')}${finder(0, 0)}${finder(0, 14)}${finder(14, 0)}</g>`
}
