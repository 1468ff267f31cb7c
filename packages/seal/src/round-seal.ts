import { arcText } from './arc-text.ts'
import { sealCharacters } from './glyph.ts'
import { horizontalText } from './text-row.ts'
import { mm, sealRed, svgDocument } from './render-svg.ts'
import { starPath } from './star.ts'

/**
 * Proportions of a 40 mm official seal, scaled for other diameters: ring 1.2 mm, star 14 mm across,
 * unit name about 6 mm high on the arc, seal name about 4.5 mm high across, seal code about 1.9 mm high.
 */
const reference = {
  diameter: 40,
  ring: 1.2,
  ringToText: 0.7,
  starRadius: 7,
  nameEm: 6.6,
  /** Centre-to-centre spacing of unit-name glyphs, in em, before any squeezing. */
  namePitchEm: 1.08,
  /** Span between the first and the last unit-name glyph centre: wide enough for long names, never into the code. */
  nameMaxSpanDeg: 232,
  nameMinSpanDeg: 200,
  sealNameEm: 4.9,
  sealNameCentreBelowCentre: 9.8,
  sealNameMaxWidth: 21,
  codeEm: 2.6,
  codePitchEm: 0.62,
  ringToCode: 0.55,
} as const

/** Visible half-height of an ideograph as a fraction of its em (LXGW WenKai: 0.93 em high). */
const halfHeightEm = 0.465

export type RoundSealLayout = {
  diameterMm: number
  unitName: string
  /** Text across under the star (合同专用章…); empty for the official seal. */
  sealName: string
  /** Filing code engraved along the bottom arc, read left to right. */
  sealCode?: string
}

/**
 * Draws a round organisation seal: ring, centred star, unit name clockwise over the top, seal name across,
 * seal code along the bottom. Long names are narrowed rather than shrunk, as seal engravers do.
 *
 * @example
 * const svg = roundSealSvg({ diameterMm: 40, unitName: '某某科技有限公司', sealName: '' })
 */
export function roundSealSvg({ diameterMm, unitName, sealName, sealCode }: RoundSealLayout): string {
  const k = diameterMm / reference.diameter
  const radius = diameterMm / 2
  const centre = radius
  const ring = reference.ring * k
  const parts: string[] = [
    `<g fill="${sealRed}" stroke="none">`,
    `<circle cx="${mm(centre)}" cy="${mm(centre)}" r="${mm(radius - ring / 2)}" fill="none" stroke="${sealRed}" stroke-width="${mm(ring)}"/>`,
    `<path d="${starPath({ cx: centre, cy: centre, outerRadius: reference.starRadius * k })}"/>`,
  ]

  const nameChars = sealCharacters(unitName)
  const nameEm = reference.nameEm * k * (nameChars.length > 18 ? 0.9 : 1)
  const nameRadius = radius - ring - reference.ringToText * k - halfHeightEm * nameEm
  const naturalPitchRad = (reference.namePitchEm * nameEm) / nameRadius
  const naturalSpanDeg = ((nameChars.length - 1) * naturalPitchRad * 180) / Math.PI
  // Short names are spread out to a wide arc (as engraved), long ones capped and narrowed.
  const minSpanDeg = Math.min(reference.nameMinSpanDeg, 45 * (nameChars.length - 1))
  const nameSpanDeg = Math.min(reference.nameMaxSpanDeg, Math.max(minSpanDeg, naturalSpanDeg))
  parts.push(
    arcText({
      chars: nameChars,
      cx: centre,
      cy: centre,
      rx: nameRadius,
      ry: nameRadius,
      spanDeg: nameSpanDeg,
      side: 'top',
      sizeMm: nameEm,
      scaleX: Math.max(0.45, Math.min(1, nameSpanDeg / naturalSpanDeg)),
    }),
  )

  parts.push(
    horizontalText({
      chars: sealCharacters(sealName),
      cx: centre,
      cy: centre + reference.sealNameCentreBelowCentre * k,
      em: reference.sealNameEm * k,
      maxWidth: reference.sealNameMaxWidth * k,
    }),
  )

  const codeChars = sealCharacters(sealCode ?? '')
  if (codeChars.length > 0) {
    const codeEm = reference.codeEm * k
    const codeRadius = radius - ring - reference.ringToCode * k - 0.36 * codeEm
    parts.push(
      arcText({
        chars: codeChars,
        cx: centre,
        cy: centre,
        rx: codeRadius,
        ry: codeRadius,
        spanDeg: Math.min(
          80,
          ((codeChars.length - 1) * reference.codePitchEm * codeEm * 180) / (Math.PI * codeRadius),
        ),
        side: 'bottom',
        sizeMm: codeEm,
        bold: false,
      }),
    )
  }
  parts.push('</g>')
  return svgDocument({ widthMm: diameterMm, heightMm: diameterMm, body: parts.join('\n') })
}
