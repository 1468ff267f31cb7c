import type { ConsigneeAnswer } from '../api/offline-apply.ts'
import { GOVERNMENT_APP_CHANNEL } from '../codes/channel.ts'
import { unitType } from '../codes/unit-type.ts'

/**
 * Which list of paper materials a unit mails (001 §3 "Consignee configuration": admin, non-admin and
 * government units): the government list when the application came through the government-app channel,
 * the administrative or public institution list for 06, the enterprise list otherwise. The applicant's
 * mail page and the reviewer's receipt read the same list.
 *
 * @example
 * materialsFor(consignee, { unitTypeCode: '06', channel: 'h5' }) === consignee.adminMaterials // true
 * materialsFor(consignee, { unitTypeCode: '02', channel: 'gov-app' }) === consignee.governmentMaterials // true
 */
export function materialsFor(consignee: ConsigneeAnswer, application: { unitTypeCode: string; channel: string | null }): string[] {
  if (application.channel === GOVERNMENT_APP_CHANNEL) return consignee.governmentMaterials
  if (application.unitTypeCode === unitType.ADMINISTRATIVE_OR_PUBLIC_INSTITUTION) return consignee.adminMaterials
  return consignee.nonAdminMaterials
}
