import { applicantKind } from '@seal/shared/codes/business-type'

/** The door an application came through (issue #21): null the new wizard. */
export const doorLabels: Record<string, string> = {
  ONLINE: '在线申请',
  OFFLINE: '线下材料',
  OLDER: '旧版页面',
}
export const doorLabel = (door: string | null | undefined) =>
  doorLabels[door ?? 'ONLINE'] ?? door ?? '在线申请'

export const applicantKindLabels: Record<string, string> = {
  [applicantKind.LEGAL_APPLY]: '法定代表人申请',
  [applicantKind.OPERATOR_APPLY]: '经办人申请',
}
