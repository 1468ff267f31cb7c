import type { AppConfig } from '@seal/shared/api/config'
import { authUseType, offeredAuthUseTypes } from '@seal/shared/codes/authorization'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { messages, messageTemplates } from '@seal/shared/messages'
import { authPeriodProblem } from '@seal/shared/rules/authorization'
import { idCardSchema } from '@seal/shared/rules/id-card'
import { sealUserNameSchema } from '@seal/shared/rules/names'
import { mobilePhoneSchema } from '@seal/shared/rules/phone'
import { beijingDottedDate } from '@seal/shared/text/beijing-time'
import { maskLegalPhone } from '@seal/shared/text/masking'
import { readSessionJson, writeSessionJson } from '../../lib/session/session.ts'
import type { AvailableSeal } from './api.ts'

/**
 * The rules of the grant and acceptance screens (spec 000 §2, §4, §5), pure so they are tested without a
 * screen.
 */

export type AuthStartType = 'company' | 'personal'

/** The intro steps of /authorization-start/{type} (000 §2). */
export const startSteps: Record<AuthStartType, string[]> = {
  company: ['选择印章', '填写用章人信息并设置用章方式', '输入印章密码签署授权书', '完成授权，等待用章人接受'],
  personal: ['确认用章人信息', '签署授权书（采集5次签名）', '完成授权'],
}
export const startButton: Record<AuthStartType, string> = { company: '开始授权', personal: '接受授权' }

/**
 * The first configured seal-auth rule the caller's seals break (000 §5), as its tip; null when none does.
 * A rule `and` needs every listed type among the seals, `or` any of them.
 *
 * @example
 * sealAuthRuleProblem([{ enabled: true, mode: 'and', sealTypeCodes: ['01'] }], ['04']) // '需要拥有单位公章,才能进行授权'
 */
export function sealAuthRuleProblem(rules: AppConfig['sealAuthRules'], heldTypeCodes: string[]): string | null {
  for (const rule of rules) {
    if (!rule.enabled || rule.sealTypeCodes.length === 0) continue
    const names = rule.sealTypeCodes.map(sealTypeLabel).join('、')
    if (rule.mode === 'and' && !rule.sealTypeCodes.every((code) => heldTypeCodes.includes(code))) return messageTemplates.sealAuthRuleAll(names)
    if (rule.mode === 'or' && !rule.sealTypeCodes.some((code) => heldTypeCodes.includes(code))) return messageTemplates.sealAuthRuleAny(names)
  }
  return null
}

/** Seals as /seal-list shows them: by seal-type code, or the one named by `sealCode`. */
export function sealsToChoose(seals: AvailableSeal[], sealCode: string | null): AvailableSeal[] {
  const sorted = [...seals].sort((a, b) => a.sealTypeCode.localeCompare(b.sealTypeCode))
  return sealCode ? sorted.filter((seal) => seal.sealCode === sealCode) : sorted
}

/** What the authorisation form holds (dates as epoch ms of the chosen days). */
export type AuthForm = {
  name: string
  personIdentity: string
  phone: string
  useType: number
  authUseType: number | null
  startTime: number
  endTime: number | null
}

/** The authorisation items the form offers for the configured scope and the caller's role on the seal (000 §5). */
export function authItemsFor(scope: number, role: number) {
  return offeredAuthUseTypes({ scope, role }).map((value) => ({ value, label: value === authUseType.MANAGE ? '授权管理' : '授权使用' }))
}

/** The fields of the form a problem is shown at. */
export type AuthFormField = 'name' | 'personIdentity' | 'phone' | 'authUseType' | 'startTime' | 'endTime'
export type AuthFormProblems = Partial<Record<AuthFormField, string>>

/**
 * Every field's problem (000 §5), to be shown at the field: the seal user's name, ID, phone, the
 * authorisation item, and the period (a start before today at the start, any other at the end).
 */
export function authFormProblems(form: AuthForm, context: { now: number; certEndTime: number }): AuthFormProblems {
  const problems: AuthFormProblems = {}
  for (const [field, schema, value] of [
    ['name', sealUserNameSchema, form.name],
    ['personIdentity', idCardSchema, form.personIdentity],
    ['phone', mobilePhoneSchema, form.phone],
  ] as const) {
    const parsed = schema.safeParse(value)
    if (!parsed.success) problems[field] = parsed.error.issues[0]?.message ?? messages.validationFailed
  }
  if (!form.authUseType) problems.authUseType = messages.authorizationItemRequired
  const period = authPeriodProblem(form, context)
  if (period) problems[period === messages.startBeforeNow ? 'startTime' : 'endTime'] = period
  return problems
}

/** The first problem with the form, in the order of its fields (000 §5); null when it may be submitted. */
export function authFormProblem(form: AuthForm, context: { now: number; certEndTime: number }): string | null {
  return Object.values(authFormProblems(form, context))[0] ?? null
}

/**
 * The invitation link from the configured template (000 §2 /authorization-success: only when an authorized-url
 * is configured, the template holding the social credit code); null when none is.
 */
export function invitationLink(template: string, values: { authId: string; socialCreditCode: string | null }, origin: string): string | null {
  if (!template.trim()) return null
  const filled = template
    .replaceAll('{authId}', encodeURIComponent(values.authId))
    .replaceAll('{socialCreditCode}', encodeURIComponent(values.socialCreditCode ?? ''))
  return new URL(filled, origin).toString()
}

/** The invitation the grantor copies for the seal user (000 §2 /authorization-success): masked phone and validity. */
export function invitationText(input: { inviter: string; sealName: string; sealTypeCode: string; authorizer: string; phone: string; startTime: number; endTime: number; link: string }): string {
  return (
    `${input.inviter}邀请您接受电子印章授权：印章“${input.sealName}”（${sealTypeLabel(input.sealTypeCode)}），授权人${input.authorizer}，` +
    `用章人手机${maskLegalPhone(input.phone)}，有效期${beijingDottedDate(input.startTime)}至${beijingDottedDate(input.endTime)}。请打开链接登录后确认授权：${input.link}`
  )
}

/** What /authorization-sign/{info} carries (000 §2), encoded JSON in the path. */
export type SignInfo = {
  stashAuthId?: string
  /** The authorisation, when the seal user signs (role 0). */
  id?: string
  sealCode: string
  sealTypeCode: string
  sealId: string
  personIdentity: string
  personName: string
  socialCreditCode: string | null
  /** 1 the grantor's side, 0 the seal user's. */
  personType: number
}
export const encodeSignInfo = (info: SignInfo) => encodeURIComponent(JSON.stringify(info))
export function decodeSignInfo(text: string | undefined): SignInfo | null {
  if (!text) return null
  try {
    const info = JSON.parse(decodeURIComponent(text)) as SignInfo
    return typeof info === 'object' && info && typeof info.sealId === 'string' ? info : null
  } catch {
    return null
  }
}

/** Between the screens of one authorisation: the chosen seal, the picked seal user, the form so far (no secrets). */
const storageKeys = { seal: 'seal-auth:seal', user: 'seal-auth:user', form: 'seal-auth:form' } as const
export const flowStore = {
  read<T>(key: keyof typeof storageKeys): T | null {
    return readSessionJson(storageKeys[key]) as T | null
  },
  write(key: keyof typeof storageKeys, value: unknown) {
    writeSessionJson(storageKeys[key], value)
  },
  clear(key: keyof typeof storageKeys) {
    sessionStorage.removeItem(storageKeys[key])
  },
}
