import { arcText, ellipseArcLength, spanForArcLength } from './arc-text.ts'
import { glyph, sealCharacters } from './glyph.ts'
import { mm, sealRed, svgDocument } from './render-svg.ts'
import { horizontalText } from './text-row.ts'

/**
 * The invoice seal (发票专用章) as the tax administration prescribes it: an oval 40 mm by 30 mm with a
 * 1 mm border; the taxpayer's name runs left to right along the upper border, the taxpayer
 * identification number (统一社会信用代码) sits across the middle in digits 3.7 mm high and 1.3 mm wide,
 * and 发票专用章 (4.6 mm high, 3 mm wide) sits below it.
 */
const invoice = {
  width: 40,
  height: 30,
  border: 1,
  borderToText: 0.5,
  /** em sizes derived from the prescribed visible heights (ideographs are 0.93 em high, digits 0.73 em). */
  nameEm: 4.2 / 0.93,
  namePitchEm: 1.08,
  nameMaxSpanDeg: 184,
  nameMinSpanDeg: 160,
  numberEm: 3.7 / 0.73,
  /** Digits are 0.47 em wide; 1.3 mm wide digits need this squeeze. */
  numberScaleX: 1.3 / ((3.7 / 0.73) * 0.47),
  numberPitch: 1.38,
  sealNameEm: 4.6 / 0.93,
  sealNameScaleX: 3 / ((4.6 / 0.93) * 0.9),
  sealNamePitch: 3.9,
  sealNameCentreBelowCentre: 6,
} as const

const halfHeightEm = 0.465

export type OvalSealLayout = {
  unitName: string
  sealName: string
  /** Taxpayer identification number, printed across the middle. */
  taxpayerId?: string
}

/**
 * Draws the oval invoice seal.
 *
 * @example
 * const svg = ovalSealSvg({ unitName: '某某商贸有限公司', sealName: '发票专用章', taxpayerId: '91310000MA1FL8XQ3K' })
 */
export function ovalSealSvg({ unitName, sealName, taxpayerId }: OvalSealLayout): string {
  const cx = invoice.width / 2
  const cy = invoice.height / 2
  const parts: string[] = [
    `<g fill="${sealRed}" stroke="none">`,
    `<ellipse cx="${mm(cx)}" cy="${mm(cy)}" rx="${mm(cx - invoice.border / 2)}" ry="${mm(cy - invoice.border / 2)}" ` +
      `fill="none" stroke="${sealRed}" stroke-width="${mm(invoice.border)}"/>`,
  ]

  const nameChars = sealCharacters(unitName)
  const inset = invoice.border + invoice.borderToText + halfHeightEm * invoice.nameEm
  const rx = cx - inset
  const ry = cy - inset
  const naturalLength = Math.max(0, nameChars.length - 1) * invoice.namePitchEm * invoice.nameEm
  const maxLength = ellipseArcLength({ rx, ry, spanDeg: invoice.nameMaxSpanDeg })
  const minLength = ellipseArcLength({
    rx,
    ry,
    spanDeg: Math.min(invoice.nameMinSpanDeg, 40 * (nameChars.length - 1)),
  })
  const length = Math.min(maxLength, Math.max(minLength, naturalLength))
  parts.push(
    arcText({
      chars: nameChars,
      cx,
      cy,
      rx,
      ry,
      spanDeg: spanForArcLength({ rx, ry, length }),
      side: 'top',
      sizeMm: invoice.nameEm,
      scaleX: naturalLength > maxLength ? Math.max(0.45, maxLength / naturalLength) : 1,
    }),
  )

  const digits = sealCharacters(taxpayerId ?? '')
  const numberWidth = Math.min(32, digits.length * invoice.numberPitch)
  const pitch = digits.length > 0 ? numberWidth / digits.length : 0
  digits.forEach((char, index) => {
    parts.push(
      glyph({
        char,
        x: cx + (index - (digits.length - 1) / 2) * pitch,
        y: cy,
        sizeMm: invoice.numberEm,
        scaleX: (invoice.numberScaleX * pitch) / invoice.numberPitch,
      }),
    )
  })

  parts.push(
    horizontalText({
      chars: sealCharacters(sealName),
      cx,
      cy: cy + invoice.sealNameCentreBelowCentre,
      em: invoice.sealNameEm,
      pitchEm: invoice.sealNamePitch / invoice.sealNameEm,
      glyphScaleX: invoice.sealNameScaleX,
      maxWidth: 24,
    }),
  )
  parts.push('</g>')
  return svgDocument({ widthMm: invoice.width, heightMm: invoice.height, body: parts.join('\n') })
}
