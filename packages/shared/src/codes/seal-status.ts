/**
 * Seal status codes. The spec gives two readings that differ for 3, 4, 6 and 7 (000 §3, 001 §3,
 * spec README): both are real, so each screen or call picks its reading by name. Codes are
 * strings ('1' = valid is quoted in 002 §3).
 */

/**
 * Seal management reading (000 §3): the seal list, the detail page and the authorization side.
 * 4, 6 and 7 all mean "pending activation" here; 6 and 7 are the two groups the list shows first.
 */
export const sealStatus = {
  IN_EFFECT: '1',
  /** Expired / invalid (cancelled). */
  INVALID: '2',
  /** Pending renewal; the authorization side reads 3 as expired (see {@link sealStatusWide}). */
  PENDING_RENEWAL: '3',
  PENDING_ACTIVATION: '4',
  /** Pending activation, first list group. */
  PENDING_ACTIVATION_GROUP_6: '6',
  /** Pending activation, second list group; the seal is not made yet (/seal-pending-active-no-make). */
  PENDING_ACTIVATION_NOT_MADE: '7',
  CHANGING: '8',
  DISABLED: '9',
  FROZEN: '10',
} as const
export type SealStatus = (typeof sealStatus)[keyof typeof sealStatus]

/** Chinese labels of the management reading (our wording; the spec describes them in English). */
export const sealStatusLabels: Record<SealStatus, string> = {
  '1': '生效中',
  '2': '已失效',
  '3': '待续期',
  '4': '待激活',
  '6': '待激活',
  '7': '待激活',
  '8': '变更中',
  '9': '已停用',
  '10': '已冻结',
}

/**
 * The wider enumeration (000 §3 "a wider enumeration", 001 §3 "extended"): applications,
 * the existing-record query and the server's own lifecycle.
 */
export const sealStatusWide = {
  VALID: '1',
  CANCELLED: '2',
  EXPIRED: '3',
  PENDING_ACTIVATION: '4',
  PENDING_REVIEW: '5',
  REVIEW_FAILED: '6',
  /** Awaiting making / not activated. */
  AWAITING_MAKING: '7',
  /** Updating (changing). */
  UPDATING: '8',
  DISABLED: '9',
  FROZEN: '10',
  REVOKED: '11',
  RENEWING: '12',
  UNDER_REVIEW: '13',
  PERSONAL_SEAL_RESET: '99',
} as const
export type SealStatusWide = (typeof sealStatusWide)[keyof typeof sealStatusWide]

/**
 * Wide statuses in which a seal counts as applied for or in effect: the "only one" rules (one personal
 * name seal per person, 002 §5; one seal of each type per unit, 001 step 1 （已申请）) count these, and
 * the database holds the rules with partial unique indexes over exactly this set.
 */
export const sealStatusHeld = [
  sealStatusWide.VALID,
  sealStatusWide.PENDING_ACTIVATION,
  sealStatusWide.PENDING_REVIEW,
  sealStatusWide.AWAITING_MAKING,
  sealStatusWide.UPDATING,
  sealStatusWide.RENEWING,
  sealStatusWide.UNDER_REVIEW,
] as const satisfies readonly SealStatusWide[]

/** Chinese labels of the wide reading (our wording). */
export const sealStatusWideLabels: Record<SealStatusWide, string> = {
  '1': '有效',
  '2': '已注销',
  '3': '已过期',
  '4': '待激活',
  '5': '待审核',
  '6': '审核失败',
  '7': '待制章',
  '8': '变更中',
  '9': '已停用',
  '10': '已冻结',
  '11': '已吊销',
  '12': '续期中',
  '13': '审核中',
  '99': '个人名章重置',
}

/** Status groups of the seal list, in display order; every other status falls in 以下章不可用 (000 §2). */
export const sealListGroupOrder = [
  sealStatus.PENDING_ACTIVATION_GROUP_6,
  sealStatus.PENDING_ACTIVATION_NOT_MADE,
  sealStatus.CHANGING,
  sealStatus.IN_EFFECT,
] as const satisfies readonly SealStatus[]

/** Cards with these statuses go to activation (000 §2). */
export const activatableSealStatuses = [
  sealStatus.PENDING_ACTIVATION_GROUP_6,
  sealStatus.PENDING_ACTIVATION_NOT_MADE,
] as const satisfies readonly SealStatus[]

/** The detail page greys the seal image and shows the failure reason for these (000 §2). */
export const failedSealStatuses = [
  sealStatus.INVALID,
  sealStatus.PENDING_RENEWAL,
] as const satisfies readonly SealStatus[]

/** The authorised-person row is hidden for these (000 §5). */
export const sealStatusesWithoutAuthorisedPersons = [
  sealStatus.INVALID,
  sealStatus.PENDING_RENEWAL,
  sealStatus.CHANGING,
] as const satisfies readonly SealStatus[]

/**
 * Where a seal of this status goes in the seal list: its own group, or 'unavailable' for 以下章不可用.
 *
 * @example
 * sealListGroupOf('7') // '7'
 * sealListGroupOf('2') // 'unavailable'
 */
export function sealListGroupOf(status: string): (typeof sealListGroupOrder)[number] | 'unavailable' {
  const group = sealListGroupOrder.find((s) => s === status)
  return group ?? 'unavailable'
}

/**
 * A stored (wide) status as the management screens read it (000 §3): a seal made and waiting for activation
 * (wide 4) is in the list's first pending-activation group (6), whose cards go to activation (000 §2); the
 * other codes the server writes (1, 2, 8 …) read the same in both.
 *
 * @example
 * managementStatusOf('4') // '6'
 * managementStatusOf('1') // '1'
 */
export function managementStatusOf(wide: string): string {
  return wide === sealStatusWide.PENDING_ACTIVATION ? sealStatus.PENDING_ACTIVATION_GROUP_6 : wide
}
