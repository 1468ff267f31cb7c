/** Where the record list and the result page lead (spec 001 §2 "Records", §4 record actions). */
export const recordLinks = {
  list: '/seal-apply/record-list',
  home: '/home',
  enterpriseApply: '/seal-apply',
  personalApply: '/personal-seal-apply/show-flow',
  /** 查看: the result page showing the application's real status. */
  view: (id: string) => `/new/seal-result?${new URLSearchParams({ id, type: 'view' })}`,
  /** 继续申请 and 重新申请: the new wizard on this application (a draft, or the copy reapply made). */
  wizard: (record: { businessType: string; applyType: string; id: string }) =>
    `/new/seal/home?${new URLSearchParams({ businessType: record.businessType, applicatKind: record.applyType, id: record.id })}`,
} as const

export type FooterButton = { key: 'personal' | 'enterprise'; text: string; to: string }

/**
 * The record list's footer by the config flag (spec 001 §2, §9): 1 enterprise only, 2 personal only,
 * 3 (or anything else) both.
 *
 * @example
 * recordFooterButtons(1).map((b) => b.text) // ['企业电子印章申请']
 */
export function recordFooterButtons(flag: number): FooterButton[] {
  const personal: FooterButton = { key: 'personal', text: '个人电子名章申请', to: recordLinks.personalApply }
  const enterprise: FooterButton = { key: 'enterprise', text: '企业电子印章申请', to: recordLinks.enterpriseApply }
  if (flag === 1) return [enterprise]
  if (flag === 2) return [personal]
  return [personal, enterprise]
}
