import type { AuthorisedPerson, AuthorizationItem } from '@seal/shared/api/seal-auth'
import { authStatus, authUseType, authUseTypeLabels, authorizationUseType, effectiveSealRole, sealRole, type AuthStatus, type AuthUseType } from '@seal/shared/codes/authorization'
import { sealTypeLabels, type SealTypeCode } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { beijingDottedDate } from '@seal/shared/text/beijing-time'

/**
 * The rules of the authorisation list (/authorization/{type}) and the authorised persons
 * (/seal-person-list/:type/:sealId), spec 000 §2, §4, §5, §6 — pure, so they are tested without a screen.
 */

/** The three tabs in order: 授权中 (1), 已授权 (2), 已失效 (3). */
export const authorizationTabs: { status: AuthStatus; title: string }[] = [
  { status: authStatus.AUTHORIZING, title: '授权中' },
  { status: authStatus.AUTHORIZED, title: '已授权' },
  { status: authStatus.INVALID, title: '已失效' },
]

/** The tab is kept for the session, so 返回 from a letter lands on the tab it left. */
const TAB_KEY = 'seal.authorizationTab'

export function readAuthorizationTab(): AuthStatus {
  const stored = Number(sessionStorage.getItem(TAB_KEY))
  return authorizationTabs.find((tab) => tab.status === stored)?.status ?? authStatus.AUTHORIZING
}

export function storeAuthorizationTab(status: AuthStatus) {
  sessionStorage.setItem(TAB_KEY, String(status))
}

/** Authorisation periods read year.month.day (000 §9): 2026.03.02 - 2026.04.01. */
export function periodText(startTime: number | null, endTime: number | null): string {
  if (startTime === null || endTime === null) return '—'
  return `${beijingDottedDate(startTime)} - ${beijingDottedDate(endTime)}`
}

/** The seal's type name; an unknown code is shown as it is. */
export function sealTypeName(code: string): string {
  return sealTypeLabels[code as SealTypeCode] ?? code
}

/** The use method of an authorisation (the authorisation flow's reading, 000 §3: 0 and 1 are both signature). */
export function authorizationUseTypeLabel(useType: number): string {
  switch (useType) {
    case authorizationUseType.SIGNATURE_RECOGNITION:
    case authorizationUseType.SIGNATURE_RECOGNITION_LEGACY:
      return '签名用章'
    case authorizationUseType.PASSWORD:
      return '密码用章'
    case authorizationUseType.SIGNATURE_AND_PASSWORD:
      return '签名+密码用章'
    case authorizationUseType.BINDING_CODE:
      return '绑定码用章'
    default:
      return '—'
  }
}

/** 授权使用 or 授权管理. */
export function authUseTypeLabel(value: number): string {
  return authUseTypeLabels[value as AuthUseType] ?? '—'
}

/**
 * Where tapping an authorisation goes (000 §4): one waiting for the logged-in person's acceptance opens the
 * acceptance start; anything else opens its letter when there is one (a signed letter exists from the
 * grantor's signature on). Null: nothing to open.
 */
export function authorizationTarget(item: AuthorizationItem, login: { kind: 'personal' | 'enterprise' }): string | null {
  if (item.authStatus === authStatus.AUTHORIZING && item.mine && login.kind === 'personal') {
    return `/authorization-start/personal?${new URLSearchParams({ authId: item.authId, sealId: item.sealId })}`
  }
  return item.authFileId ? `/auth-file/${encodeURIComponent(item.authFileId)}` : null
}

/** 撤销授权 shows only on the 授权中 tab, for items whose seal user is someone else (000 §4, §6). */
export function canRevoke(item: AuthorizationItem, tab: AuthStatus): boolean {
  return tab === authStatus.AUTHORIZING && !item.mine
}

/** The add-authorizer button's target: the company start, or — no authorisable seal — the refusal of 000 §4. */
export const addAuthorizerTarget = '/authorization-start/company'
export const applySealTarget = '/seal-apply/readme'

/** The authorised persons' 新增授权人: the grantor's start for this one seal (000 §2 /seal-list with sealCode). */
export function newAuthorisedPersonTarget(seal: { id: string; sealCode: string }): string {
  return `/authorization-start/company?${new URLSearchParams({ sealCode: seal.sealCode, sealId: seal.id })}`
}

/**
 * Why removing this authorised person is refused, or null when the viewer may (000 §5): the legal
 * person's own row never (on a personal seal, the holder viewing their own row hears 法人无法解除自己的授权);
 * a manager (role 2) not another manager's.
 */
export function removalRefusal(person: AuthorisedPerson, viewer: { type: 'company' | 'personal'; role: number | null | undefined }): string | null {
  const role = effectiveSealRole(viewer.role)
  if (person.lawPersonFlag === 1) {
    return viewer.type === 'personal' && role === sealRole.LEGAL_PERSON ? messages.legalPersonCannotRemoveSelf : messages.cannotRemoveLegalPersonAuthorization
  }
  if (role === sealRole.MANAGER && person.authUseType === authUseType.MANAGE) return messages.cannotRemoveManagerAuthorization
  return null
}

/** Remove and edit show on a row unless removing it is refused (000 §5: hidden for the legal person, and for role 2 on managers). */
export function showsRowLinks(person: AuthorisedPerson, viewer: { type: 'company' | 'personal'; role: number | null | undefined }): boolean {
  return removalRefusal(person, viewer) === null
}

/**
 * 编辑 of an authorised person: the use-method switch (000 §2 "use-method switch", §7 POST /sealAuth/editUseType
 * {authId, personIdentity, useType}) for this authorisation.
 */
export function editAuthorisedPersonTarget(person: AuthorisedPerson): string {
  return `/batch-modify-call-type?${new URLSearchParams({ sealId: person.sealId, authId: person.id })}`
}

/** The route's type, company or personal (anything else reads as company). */
export function routeType(type: string | undefined): 'company' | 'personal' {
  return type === 'personal' ? 'personal' : 'company'
}
