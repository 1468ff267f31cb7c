import type { ApplySealItem } from '../api/unit-apply.ts'
import { sealTypeCode, sealTypeLabel } from '../codes/seal-type.ts'

/**
 * The seal's name (shared: the server names made and changed seals so, step 2 of a change shows it): the unit's name for its official seal, 示例科技有限公司合同专用章 for the other named
 * types, 张三印 for the legal representative's name seal, and the applicant's own name for an other-type seal.
 */
export function sealNameFor(
  item: Pick<ApplySealItem, 'sealTypeCode' | 'sealName' | 'sealTypeName'>,
  form: { legalPersonName: string },
  unitName: string,
): string {
  switch (item.sealTypeCode) {
    case sealTypeCode.UNIT_OFFICIAL:
      return unitName
    case sealTypeCode.LEGAL_REPRESENTATIVE_NAME:
      return `${form.legalPersonName.trim()}印`
    case sealTypeCode.OTHER:
      return item.sealName.trim() || `${unitName}${item.sealTypeName || sealTypeLabel(item.sealTypeCode)}`
    default:
      return `${unitName}${sealTypeLabel(item.sealTypeCode)}`
  }
}
