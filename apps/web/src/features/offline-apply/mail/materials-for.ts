import type { ConsigneeAnswer } from '@seal/shared/api/offline-apply'
import { unitType } from '@seal/shared/codes/unit-type'

/**
 * Which list of paper materials a unit sends (001 §3 "Consignee configuration": admin, non-admin and
 * government units): the government list in the government-app channel, the administrative or public
 * institution list for 06, the enterprise list otherwise.
 *
 * @example
 * materialsFor(consignee, { unitTypeCode: '06', channel: 'h5' }) === consignee.adminMaterials // true
 */
export function materialsFor(
  consignee: ConsigneeAnswer,
  unit: { unitTypeCode: string; channel: string },
): string[] {
  if (unit.channel === 'gov-app') return consignee.governmentMaterials
  if (unit.unitTypeCode === unitType.ADMINISTRATIVE_OR_PUBLIC_INSTITUTION) return consignee.adminMaterials
  return consignee.nonAdminMaterials
}
