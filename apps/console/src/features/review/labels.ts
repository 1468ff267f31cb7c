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

/** How long something has waited, in the words a queue uses: 12分钟, 3小时, 2天. */
export function waitedFor(since: number | null | undefined, now = Date.now()): string {
  if (!since) return '-'
  const minutes = Math.max(0, Math.floor((now - since) / 60_000))
  if (minutes < 60) return `${minutes}分钟`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours}小时`
  return `${Math.floor(hours / 24)}天`
}
