import { assertDrawable } from './font-coverage.ts'
import { ovalSealSvg } from './oval-seal.ts'
import { defaultPxPerMm, renderSealSvg, type SealImage } from './render-svg.ts'
import { roundSealSvg } from './round-seal.ts'
import {
  isOrganizationSealTypeCode,
  organizationSealKinds,
  type OrganizationSealTypeCode,
} from './seal-kinds.ts'

export type OrganizationSealInput = {
  /** The unit's registered name, engraved along the arc. */
  unitName: string
  /** 01 official, 02 finance, 03 invoice, 04 contract, 99 other. */
  sealTypeCode: OrganizationSealTypeCode
  /**
   * Text across the seal; defaults to the type's own (合同专用章…). A filing name that repeats the unit
   * name (某某公司合同专用章) is shortened to what is engraved.
   */
  sealName?: string
  /** Filing code (备案码) along the bottom arc of round seals. */
  sealCode?: string
  /** Taxpayer identification number (usually the 统一社会信用代码), across the middle of an invoice seal. */
  taxpayerId?: string
  /** Round seals only: 40 mm official seal by default, 42 mm in provinces that use it. */
  diameterMm?: number
  pxPerMm?: number
}

/**
 * Renders an organisation's seal as a transparent PNG: round with a star for 01/02/04/99, the 40 × 30 mm
 * oval for 03 invoice seals. The same input always gives the same bytes. Throws a MissingGlyphError rather
 * than draw a character the font lacks.
 *
 * @example
 * const { png, widthMm } = await renderOrganizationSeal({
 *   unitName: '北京明远科技有限公司', sealTypeCode: '04', sealCode: '1101080012345',
 * })
 * // widthMm === 38; png is 456 px wide at the default 12 px/mm
 */
export async function renderOrganizationSeal(input: OrganizationSealInput): Promise<SealImage> {
  const { sealTypeCode, pxPerMm = defaultPxPerMm } = input
  if (!isOrganizationSealTypeCode(sealTypeCode))
    throw new RangeError(`not an organisation seal type: ${sealTypeCode}`)
  const unitName = input.unitName.trim()
  if (unitName.length === 0) throw new RangeError('unitName is empty')
  const kind = organizationSealKinds[sealTypeCode]
  const sealName = engravedSealName({ sealName: input.sealName ?? kind.defaultSealName, unitName })
  assertDrawable(`${unitName}${sealName}${input.sealCode ?? ''}${input.taxpayerId ?? ''}`)

  if (kind.shape === 'oval') {
    const svg = ovalSealSvg({ unitName, sealName, taxpayerId: input.taxpayerId })
    return {
      svg,
      png: await renderSealSvg({ svg, widthMm: kind.widthMm, pxPerMm }),
      widthMm: kind.widthMm,
      heightMm: kind.heightMm,
    }
  }
  const diameterMm = input.diameterMm ?? kind.widthMm
  const svg = roundSealSvg({ diameterMm, unitName, sealName, sealCode: input.sealCode })
  return {
    svg,
    png: await renderSealSvg({ svg, widthMm: diameterMm, pxPerMm }),
    widthMm: diameterMm,
    heightMm: diameterMm,
  }
}

/**
 * What a unit seal carries across under the star, from its type and the name it is filed under: '' for the
 * official seal (01) and for a name such as 单位公章; the type's own name (合同专用章…) when none is given;
 * otherwise the filing name without the unit's name in front (某某公司合同专用章 → 合同专用章).
 *
 * @example
 * faceNameOf({ sealTypeCode: '04', sealName: '北京明远科技有限公司合同专用章', unitName: '北京明远科技有限公司' }) // '合同专用章'
 * faceNameOf({ sealTypeCode: '01', sealName: '北京明远科技有限公司', unitName: '北京明远科技有限公司' }) // ''
 */
export function faceNameOf({ sealTypeCode, sealName, unitName }: { sealTypeCode?: string | undefined; sealName?: string | undefined; unitName: string }): string {
  if (sealTypeCode === '01') return ''
  const given = (sealName ?? '').trim()
  const kind = sealTypeCode && isOrganizationSealTypeCode(sealTypeCode) ? organizationSealKinds[sealTypeCode] : undefined
  const engraved = engravedSealName({ sealName: given, unitName: unitName.trim() })
  // A filing name that is only the unit's name says nothing across: the type's own name is what is engraved.
  return engraved || (given && given !== unitName.trim() ? '' : (kind?.defaultSealName ?? ''))
}

function engravedSealName({ sealName, unitName }: { sealName: string; unitName: string }): string {
  const trimmed = sealName.trim()
  const withoutUnit = trimmed.startsWith(unitName) ? trimmed.slice(unitName.length) : trimmed
  // The official seal carries nothing across; a filing name such as 公章 or 单位公章 is not engraved.
  return /^(单位)?公章$/.test(withoutUnit) ? '' : withoutUnit
}
