import type { AppConfig } from '@seal/shared/api/config'
import type { SealItem } from '@seal/shared/api/seals'
import { applyRecordActions } from '@seal/shared/codes/apply-status'
import { activatableSealStatuses, sealListGroupOf, sealListGroupOrder, sealStatus, sealStatusLabels, type SealStatus } from '@seal/shared/codes/seal-status'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { applicantKind, businessType, type ApplicantKind, type BusinessType } from '@seal/shared/codes/business-type'
import { beijingDate } from '@seal/shared/text/beijing-time'
import { effectiveSealRole, sealRole } from '@seal/shared/codes/authorization'

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

/**
 * The tab to open: the route's type (`company` or `personal`) when that tab shows, else the first shown —
 * unless that tab is known to be empty while another has seals (a person authorised on a unit's seal has
 * no name seal: 个人名章 would greet them with 暂无可用电子印章信息). `counts` holds what has loaded.
 */
export function initialTab(routeType: string | undefined, tabs: SealTab[], counts: Partial<Record<SealTab, number>> = {}): SealTab {
  const wanted = routeType === 'personal' ? 'personal' : 'company'
  const first = tabs.includes(wanted) ? wanted : tabs[0]!
  if (counts[first] !== 0) return first
  return tabs.find((tab) => (counts[tab] ?? 0) > 0) ?? first
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

/** A menu entry: a screen to go to, or (取消授权, 取消印章申请) something the detail page does in place after a confirmation. */
export type SealAction = { key: string; label: string; to: string } | { key: 'cancelAuth' | 'cancelApplication'; label: string; to?: undefined }

/** Statuses whose detail hides 授权人员 (000 §5 "Removal of authorised persons"): cancelled, pending renewal, changing. */
const personsHiddenStatuses: readonly string[] = [sealStatus.INVALID, sealStatus.PENDING_RENEWAL, sealStatus.CHANGING]

/**
 * The detail page's menu for this seal, by kind, the caller's role on it and its status (000 §2 "Screen
 * behaviour", §6):
 *
 * - 授权人员: roles 1 and 2, unless the seal is cancelled, pending renewal or changing.
 * - 修改印章密码 (status 1): on a unit seal role 1 only (§6 "Company seal menu") — a manager or authorised
 *   user of a unit seal is not offered it; on a personal name seal roles 1, 2 and 3, where for 2 and 3 the
 *   same screens (POST /sealAuth/sealVerify, /sealAuth/editPassword) change the caller's own use password,
 *   never the seal PIN (the server routes by role).
 * - 用章方式 (the use-method switch): a unit seal, role 1 (a company account counts as role 1), status 1.
 * - 用章 (ours, issue #12): everyone with a role, status 1 — the holder with the seal's use method, a
 *   manager or authorised user with their authorisation's (the server lists only roles in force).
 * - 用章记录: everyone, any status.
 * - 印章续期 (the server's renewal rule allows it, `canRenewal`: not for an administrative or public
 *   institution, 06), 印章变更: a unit seal, role 1 or 2, status 1 — through the new wizard naming the seal,
 *   a manager applying as operator.
 * - 注销印章 (status 1): a unit seal role 1 or 2 (the wizard); a personal name seal role 1 (/seal-off).
 * - 印章绑定 (personal name seal, status 1, binding on) and 平台绑定记录 (status 1): the holder's, and on a
 *   unit seal also a manager's.
 * - 去激活 (status 6 or 7, waiting for activation): the holder's only act besides 用章记录 — activation (the
 *   server refuses authorising, binding and using it until then).
 * - 取消印章申请: the caller's own application under way naming the seal (`application.mine`) while it
 *   may be withdrawn (待签署, 待审核, as 撤销申请 on the record list); GET /seal-apply/apply/withdraw.
 * - 取消授权 (the caller gives up their own authorisation, POST /sealAuth/cancelAuthByParams): roles 2 and 3.
 */
export function sealActions(seal: SealItem, config: Pick<AppConfig, 'bindingMenu'>): SealAction[] {
  const personal = seal.sealTypeCode === sealTypeCode.PERSONAL_NAME
  const type = personal ? 'personal' : 'company'
  const role = effectiveSealRole(seal.role)
  const holder = role === sealRole.LEGAL_PERSON
  const managing = holder || role === sealRole.MANAGER
  const inEffect = seal.status === sealStatus.IN_EFFECT

  const actions: SealAction[] = []
  const add = (when: boolean, key: string, label: string, to: string) => {
    if (when) actions.push({ key, label, to })
  }
  const activation = activationRoute(seal)
  // Waiting for activation: its holder activates it; nothing else is offered until then (the server refuses it).
  if (activation) {
    add(holder, 'activate', '去激活', `${activation}?sealId=${encodeURIComponent(seal.id)}`)
    add(true, 'records', '用章记录', `/seal-use-record/${type}/${seal.id}`)
    return actions
  }
  add(managing && !personsHiddenStatuses.includes(seal.status), 'persons', '授权人员', `/seal-person-list/${type}/${seal.id}`)
  add(inEffect && (personal || holder), 'password', '修改印章密码', `/seal-edit-password/step-1?sealId=${seal.id}`)
  add(inEffect && !personal && holder, 'useType', '用章方式', `/batch-modify-call-type?sealId=${seal.id}`)
  add(inEffect, 'use', '用章', `/seal-use/${seal.id}`)
  add(true, 'records', '用章记录', `/seal-use-record/${type}/${seal.id}`)
  if (personal) {
    add(inEffect && holder && config.bindingMenu, 'binding', '印章绑定', `/seal-bind/${seal.id}`)
    add(inEffect && holder, 'bindingRecords', '平台绑定记录', `/platform-binding-record?sealId=${seal.id}`)
    add(inEffect && holder, 'cancel', '注销印章', `/seal-off/${seal.id}`)
  } else {
    const wizard = (kind: BusinessType) => unitSealWizard(kind, holder ? applicantKind.LEGAL_APPLY : applicantKind.OPERATOR_APPLY, seal.id)
    add(inEffect && managing && seal.canRenewal, 'renewal', '印章续期', wizard(businessType.RENEWAL))
    add(inEffect && managing, 'change', '印章变更', wizard(businessType.CHANGE))
    add(inEffect && managing, 'bindingRecords', '平台绑定记录', `/platform-binding-record?sealId=${seal.id}`)
    add(inEffect && managing, 'cancel', '注销印章', wizard(businessType.CANCEL))
  }
  if (seal.application?.mine && applyRecordActions(seal.application.applyStatus).includes('withdraw'))
    actions.push({ key: 'cancelApplication', label: '取消印章申请' })
  if (!holder) actions.push({ key: 'cancelAuth', label: '取消授权' })
  return actions
}

/** The new wizard for a change, renewal or cancellation of one unit seal (001 §2: query businessType, applicatKind, sealId). */
function unitSealWizard(kind: BusinessType, applicant: ApplicantKind, sealId: string): string {
  return `/new/seal/home?${new URLSearchParams({ businessType: kind, applicatKind: applicant, sealId })}`
}

/** 2026-11-22 from epoch milliseconds, in Beijing time. */
export function formatDate(epochMs: number): string {
  return beijingDate(epochMs)
}
