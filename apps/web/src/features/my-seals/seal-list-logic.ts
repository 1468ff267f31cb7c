import type { AppConfig } from '@seal/shared/api/config'
import type { SealItem } from '@seal/shared/api/seals'
import { activatableSealStatuses, sealListGroupOf, sealListGroupOrder, sealStatus, sealStatusLabels, type SealStatus } from '@seal/shared/codes/seal-status'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { applicantKind, businessType, type ApplicantKind, type BusinessType } from '@seal/shared/codes/business-type'
import { beijingDate } from '@seal/shared/text/beijing-time'

/**
 * The rules of the seal list and detail (spec 000 §2 "Screen behaviour"), pure so they are tested
 * without a screen: which tabs show, how seals are grouped by status, and what a seal's menu offers.
 */
export type SealTab = 'company' | 'personal'

export const tabTitles: Record<SealTab, string> = { company: '电子印章', personal: '个人名章' }

/** buttonShowFlog 1: only the e-seal tab; 2: only the personal name seal tab; otherwise both. */
export function visibleTabs(buttonShowFlog: number): SealTab[] {
  if (buttonShowFlog === 1) return ['company']
  if (buttonShowFlog === 2) return ['personal']
  return ['company', 'personal']
}

/** The tab to open: the route's type (`company` or `personal`) when that tab shows, else the first shown. */
export function initialTab(routeType: string | undefined, tabs: SealTab[]): SealTab {
  const wanted = routeType === 'personal' ? 'personal' : 'company'
  return tabs.includes(wanted) ? wanted : tabs[0]!
}

/** The failed group shows this many seals until 点击查看更多, then up to {@link UNAVAILABLE_MAX}. */
export const UNAVAILABLE_PREVIEW = 1
export const UNAVAILABLE_MAX = 100

export type StatusGroup = { status: SealStatus; title: string; seals: SealItem[] }

/**
 * Seals by status group in the list's order: pending activation (6), pending activation (7), changing (8),
 * in effect (1); everything else is unavailable (以下章不可用).
 */
export function groupByStatus(seals: SealItem[]): { groups: StatusGroup[]; unavailable: SealItem[] } {
  const groups = sealListGroupOrder
    .map((status) => ({ status, title: sealStatusLabels[status], seals: seals.filter((seal) => sealListGroupOf(seal.status) === status) }))
    .filter((group) => group.seals.length > 0)
  return { groups, unavailable: seals.filter((seal) => sealListGroupOf(seal.status) === 'unavailable') }
}

/** Where a card with status 6 or 7 goes: activation, the not-yet-made seal to its own first step. */
export function activationRoute(seal: SealItem): string | null {
  const activatable: readonly string[] = activatableSealStatuses
  if (!activatable.includes(seal.status)) return null
  return seal.status === sealStatus.PENDING_ACTIVATION_NOT_MADE ? '/seal-pending-active-no-make/step-1' : '/seal-active/step-1'
}

export type SealAction = { key: string; label: string; to: string }

/**
 * The detail page's menu for this seal, by kind, the caller's role and status (000 §6). A personal name seal
 * in effect: password, use records, binding (when binding is on), binding records, cancel. A unit seal for its
 * holder (role 1): authorised persons, password, use method, use records, renewal when it is about to expire,
 * change, binding records, cancel; a manager (role 2) the same without password and use method. Change,
 * renewal and cancellation of a unit seal go through the new wizard naming the seal. An authorised user
 * (role 3) sees use records and may give up their authorisation. A seal not in effect keeps only its records.
 */
export function sealActions(seal: SealItem, config: Pick<AppConfig, 'bindingMenu'>): SealAction[] {
  const type = seal.sealTypeCode === sealTypeCode.PERSONAL_NAME ? 'personal' : 'company'
  const password = { key: 'password', label: '修改印章密码', to: `/seal-edit-password/step-1?sealId=${seal.id}` }
  const records = { key: 'records', label: '用章记录', to: `/seal-use-record/${type}/${seal.id}` }
  const bindingRecords = { key: 'bindingRecords', label: '平台绑定记录', to: `/platform-binding-record?sealId=${seal.id}` }
  if (seal.status !== sealStatus.IN_EFFECT) return [records]

  if (type === 'personal') {
    return [
      password,
      records,
      ...(config.bindingMenu ? [{ key: 'binding', label: '印章绑定', to: `/seal-bind/${seal.id}` }] : []),
      bindingRecords,
      { key: 'cancel', label: '注销印章', to: `/seal-off/${seal.id}` },
    ]
  }
  if (seal.role === 3) return [records, { key: 'cancelAuth', label: '取消授权', to: '/authorization/personal' }]
  const holder = seal.role === 1
  const wizard = (kind: BusinessType) => unitSealWizard(kind, holder ? applicantKind.LEGAL_APPLY : applicantKind.OPERATOR_APPLY, seal.id)
  return [
    { key: 'persons', label: '授权人员', to: `/seal-person-list/company/${seal.id}` },
    ...(holder ? [password, { key: 'useType', label: '用章方式', to: `/batch-modify-call-type?sealId=${seal.id}` }] : []),
    records,
    ...(seal.blnWillExpires ? [{ key: 'renewal', label: '印章续期', to: wizard(businessType.RENEWAL) }] : []),
    { key: 'change', label: '印章变更', to: wizard(businessType.CHANGE) },
    bindingRecords,
    { key: 'cancel', label: '注销印章', to: wizard(businessType.CANCEL) },
  ]
}

/** The new wizard for a change, renewal or cancellation of one unit seal (001 §2: query businessType, applicatKind, sealId). */
function unitSealWizard(kind: BusinessType, applicant: ApplicantKind, sealId: string): string {
  return `/new/seal/home?${new URLSearchParams({ businessType: kind, applicatKind: applicant, sealId })}`
}

/** 2026-11-22 from epoch milliseconds, in Beijing time. */
export function formatDate(epochMs: number): string {
  return beijingDate(epochMs)
}
