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
  /**
   * An application of the offline-materials door opens on the offline pages (issue #21 §1): 查看 and
   * 撤销申请 its result (step-3-1, which asks to withdraw at once), 重新申请 its seals' outcomes with the
   * reasons (step-5, where 重新申请 makes the new draft), 继续申请 the operator's form (step-1).
   */
  offline: {
    view: (id: string) => `/seal-apply/operator/step-3-1?${new URLSearchParams({ applyId: id })}`,
    withdraw: (id: string) => `/seal-apply/operator/step-3-1?${new URLSearchParams({ applyId: id, intent: 'withdraw' })}`,
    reapply: (id: string) => `/seal-apply/operator/step-5?${new URLSearchParams({ applyId: id })}`,
    continue: (id: string) => `/seal-apply/operator/step-1?${new URLSearchParams({ applyId: id })}`,
  },
} as const

/** The door an application came through (form.door): OFFLINE for the operator's offline materials. */
export const OFFLINE_DOOR = 'OFFLINE'

/** Whether a record is an offline-materials application (the list item's `door`, when the server names it). */
export const isOfflineRecord = (record: object) => (record as { door?: unknown }).door === OFFLINE_DOOR

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
