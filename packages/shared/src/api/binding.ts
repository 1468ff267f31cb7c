import { z } from 'zod'
import { sealRole } from '../codes/authorization.ts'
import { bindSelection, bindState } from '../codes/binding.ts'
import { messages } from '../messages.ts'
import { authUseTypeNeeds } from './seal-auth.ts'
import { isSealPasswordAllowingDigits, SEAL_PASSWORD_MAX_LENGTH, stripWhitespace } from '../rules/seal-password.ts'

/*
 * Platform binding (spec 002 §2 "Platform binding routes", §3, §4 "Binding", §5 "Binding", §7 "Binding"):
 * a seal's holder — or a manager of the seal — binds it to a business platform, confirming with the seal
 * password or handwriting as the seal's use method says; while the binding is in effect the platform may
 * use the seal. One contract for the server (apps/server/src/bindings) and the screens
 * (apps/web/src/features/binding). Times are epoch milliseconds. † marks what the spec does not show.
 */

/** Binding records per page (002 §9). */
export const BINDING_RECORD_PAGE_SIZE = 10
export const BINDING_RECORD_MAX_PAGE_SIZE = 50
/** How long a binding access token (platform/token) is good for. */
export const BINDING_TOKEN_TTL_MS = 30 * 60_000

/** What the binding calls say (ours, except those quoted from the spec through `messages`). */
export const bindingMessages = {
  platformNotFound: messages.platformConfigNotFound,
  searchEmpty: messages.platformSearchEmpty,
  selectFirst: messages.selectSealToBind,
  unboundLeft: messages.unboundSealsConfirm,
  passwordRule: messages.bindingPasswordRule,
  alreadyBound: '该印章已绑定此平台，请勿重复绑定',
  platformFull: '该平台可绑定的印章数量已满',
  tokenInvalid: '绑定凭证已失效，请重新选择绑定平台',
  useOnly: '您的印章授权仅限用章，不能绑定平台，请联系印章管理员',
  sealNotInEffect: '印章当前不可用，无法绑定',
  notCancellable: '该绑定已失效，无需取消',
  stillInEffect: '该绑定仍在生效中，无需重新绑定',
  passwordRequired: '请输入用章密码',
  bound: '绑定成功',
  rebound: '重新绑定成功',
  cancelled: '取消绑定成功',
} as const

const platformId = z.string().min(1, messages.platformConfigNotFound).max(64)
const optionalText = z.string().max(64).nullish()
const optionalCode = z.union([z.string().max(8), z.number()]).nullish()

/**
 * A password as the binding screens take it (002 §5 "Seal password": 请输入正确的用章密码（数字+字母组合）):
 * whitespace removed, and it must be something a seal password or use password can be — 6-16 printable
 * characters of two kinds, or 6-16 digits (a PIN changed at step 2 of the change may be digits only, and
 * must still open its seal). Whether it is the right one is the server's check, counted.
 *
 * @example
 * bindingPasswordSchema.safeParse('abc123').success // true
 * bindingPasswordSchema.safeParse('abc').success // false
 */
export const bindingPasswordSchema = z
  .string()
  .overwrite(stripWhitespace)
  .min(1, { error: messages.bindingPasswordRule, abort: true })
  .refine(isSealPasswordAllowingDigits, messages.bindingPasswordRule)

/** A password field on the wire: presence and length only, so a wrong one is counted by the server. */
const passwordField = z.string().max(SEAL_PASSWORD_MAX_LENGTH * 4).nullish()

// --- Platforms ------------------------------------------------------------------------------------------

/**
 * POST /paas-composite-seal/sealBind/platform/config: the platforms seals can be bound to. The spec's
 * identity fields are accepted and ignored (the session says who asks). `clientName` † filters by name
 * (the search box: the name contains what was typed, so the full name finds its platform), `platformType` †
 * by type (a host that opens the screen for one platform).
 */
export const platformConfigBody = z
  .object({
    identityType: optionalCode,
    personIdentity: optionalText,
    socialCreditCode: optionalText,
    clientName: z.string().max(64, '平台名称过长').nullish(),
    platformType: optionalText,
  })
  .partial()
export type PlatformConfigBody = z.input<typeof platformConfigBody>

export const platformItem = z.object({
  id: z.string(),
  clientName: z.string(),
  platformType: z.string(),
  /** How many seals the platform accepts in all; null: no limit. */
  totality: z.number().nullable(),
  /** How many seals are bound to it now (the list's "(applied/total)"). */
  alreadyBind: z.number(),
  usageNotes: z.string().nullable(),
  apiUrl: z.string().nullable(),
  sdkUrl: z.string().nullable(),
})
export type PlatformItem = z.infer<typeof platformItem>

/**
 * POST /paas-composite-seal/sealBind/platform/token: the binding service's access token for one platform
 * (`id`, as the config list gives it). It is ours to define (docs/api.md "Platform binding"): an HMAC-signed
 * token naming the caller's session and the platform, good for {@link BINDING_TOKEN_TTL_MS}; the binding
 * calls (sealVerifyAndReturnSealInfo, rebind) must carry it for the same platform, so a binding is always
 * to the platform the person chose on the screen, in this session.
 */
export const platformTokenBody = z.object({
  id: platformId,
  platformType: optionalText,
  identityType: optionalCode,
  personIdentity: optionalText,
  realName: optionalText,
})
export const platformTokenAnswer = z.object({
  accessToken: z.string(),
  /** Epoch ms. */
  expiresAt: z.number(),
  platformId: z.string(),
  clientName: z.string(),
  platformType: z.string(),
})
export type PlatformTokenAnswer = z.infer<typeof platformTokenAnswer>

/** POST /role/queryIsCorporation: role 1 when the caller is the legal representative (of that unit, when named). */
export const queryIsCorporationBody = z.object({ identityCode: optionalText, socialCreditCode: optionalText }).partial()
export const queryIsCorporationAnswer = z.object({ role: z.number() })

// --- Bindable seals -------------------------------------------------------------------------------------

/**
 * POST /sealBind/queryCanBind: the seals the caller may bind, grouped by company. `id` † is the chosen
 * platform: each seal then says whether it is bound to it already (selection 1) or may be bound (2).
 */
export const queryCanBindBody = z
  .object({
    queryAvailable: z.union([z.boolean(), z.string().max(8), z.number()]).nullish(),
    identityType: optionalCode,
    personIdentity: optionalText,
    id: z.string().max(64).nullish(),
  })
  .partial()

/** A bindable seal (002 §3 "Seal (bindable/listed)"). */
export const bindableSeal = z.object({
  id: z.string(),
  sealName: z.string(),
  sealCode: z.string(),
  sealTypeCode: z.string(),
  /** A short-lived link to the picture (GET /api/seal/picture/…). */
  sealPic: z.string().nullable(),
  businessName: z.string(),
  socialCreditCode: z.string().nullable(),
  unitTypeCode: z.string().nullable(),
  /** The filing number (备案号): the seal code. */
  recordsNumber: z.string(),
  /** 1 when the caller holds the seal (the legal person, or the person of a name seal). */
  lawPersonFlag: z.number(),
  /** What confirming a binding takes for this caller: 1 handwriting, 2 password, 3 both (000 §3). */
  useType: z.number(),
  status: z.string(),
  personName: z.string(),
  /** Masked. */
  personIdentity: z.string(),
  /** The caller's role on the seal: 1 holder, 2 manager. */
  role: z.number(),
  /** 1 already bound to the chosen platform (or no platform chosen), 2 selectable (002 §3). */
  selection: z.union([z.literal(bindSelection.UNAVAILABLE), z.literal(bindSelection.SELECTABLE)]),
  /** The binding in effect to the chosen platform, if any. */
  recordId: z.string().nullable(),
})
export type BindableSeal = z.infer<typeof bindableSeal>
export const bindableGroup = z.object({ businessName: z.string(), socialCreditCode: z.string().nullable(), list: z.array(bindableSeal) })
export type BindableGroup = z.infer<typeof bindableGroup>

// --- Binding, rebinding, cancelling ---------------------------------------------------------------------

/**
 * POST /paas-composite-seal/sealBind/sealVerifyAndReturnSealInfo, and /rebind when `recordId` is given: the
 * spec's payload, where `id` is the chosen platform, plus `accessToken` † (platform/token for that platform)
 * and `signatureId` † (a signature saved a moment ago with purpose `verify`, for a handwriting use method).
 */
export const sealBindBody = z.object({
  id: platformId,
  sealId: z.string().min(1, '缺少参数：sealId').max(64),
  sealCode: optionalText,
  sealTypeCode: optionalText,
  password: passwordField,
  signatureId: z.string().max(64).nullish(),
  identityType: optionalCode,
  personIdentity: optionalText,
  recordId: z.string().max(64).nullish(),
  accessToken: z.string().min(1, bindingMessages.tokenInvalid).max(200),
})
export type SealBindBody = z.input<typeof sealBindBody>

export const sealBindAnswer = z.object({
  recordId: z.string(),
  sealId: z.string(),
  sealName: z.string(),
  sealCode: z.string(),
  sealTypeCode: z.string(),
  platformId: z.string(),
  clientName: z.string(),
  bindState: z.number(),
  /** How the binding was confirmed: 1 handwriting, 2 password, 3 both. */
  useType: z.number(),
  bindTime: z.number(),
})
export type SealBindAnswer = z.infer<typeof sealBindAnswer>

/**
 * What 取消绑定 asks this caller (002 §4 "Binding"): the holder (role 1) gives the seal PIN; a manager what
 * their authorisation's use method asks — their use password when it has one (2, 3), a handwritten signature
 * when it is handwriting only (1), since such a manager has no use password. 1 signature, 2 password: one
 * rule for the server's check and the screens' confirmation.
 *
 * @example
 * cancelProofUseType(1, 1) // 2: the holder's seal PIN
 * cancelProofUseType(2, 1) // 1: a handwriting-only manager signs
 * cancelProofUseType(2, 3) // 2: a manager with a password gives it
 */
export function cancelProofUseType(role: number, useType: number): 1 | 2 {
  const handwritingOnly = authUseTypeNeeds.signature(useType) && !authUseTypeNeeds.password(useType)
  return role !== sealRole.LEGAL_PERSON && handwritingOnly ? 1 : 2
}

/**
 * POST /paas-composite-seal/sealBind/cancel: `id` is the binding record; the proof is the caller's, as
 * {@link cancelProofUseType} says — `password`, or `signatureId` † (a signature saved a moment ago with
 * purpose `verify`) for a manager whose use method is handwriting only.
 */
export const cancelBindBody = z.object({
  id: z.string().min(1, '缺少参数：id').max(64),
  password: passwordField,
  signatureId: z.string().max(64).nullish(),
  identityType: optionalCode,
  personIdentity: optionalText,
})

// --- Records --------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000

/**
 * A time filter: epoch ms, or a day YYYY-MM-DD in Beijing time — its first instant as a start, the first
 * instant of the next day as an (exclusive) end, so a day given as both start and end means that day.
 */
const timeFilter = (end: boolean) =>
  z
    .union([z.number().int().nonnegative(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为YYYY-MM-DD'), z.literal('')])
    .nullish()
    .transform((value) => {
      if (value === null || value === undefined || value === '') return undefined
      if (typeof value === 'number') return value
      return Date.parse(`${value}T00:00:00+08:00`) + (end ? DAY_MS : 0)
    })
    .refine((time) => time === undefined || Number.isFinite(time), '日期格式应为YYYY-MM-DD')

/**
 * POST /paas-composite-seal/sealBind/queryBindSealLogList: binding records, newest first, 10 a page.
 * startTime/endTime (epoch ms, or YYYY-MM-DD in Beijing time; endTime exclusive) bound when the record
 * was made; bindState filters by the state shown. identityType, personIdentity and role are accepted and
 * ignored: what the caller may see is decided from the session.
 */
export const bindRecordQueryBody = z.object({
  sealId: z.string().max(64).nullish(),
  currentPage: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(BINDING_RECORD_MAX_PAGE_SIZE).default(BINDING_RECORD_PAGE_SIZE),
  startTime: timeFilter(false),
  endTime: timeFilter(true),
  bindState: z
    .union([z.literal(bindState.IN_EFFECT), z.literal(bindState.INVALID), z.enum(['0', '1', ''])])
    .nullish()
    .transform((value) => (value === '' || value === null || value === undefined ? undefined : Number(value))),
  personIdentity: optionalText,
  identityType: optionalCode,
  role: optionalCode,
})
export type BindRecordQuery = z.input<typeof bindRecordQueryBody>

/** A binding record (002 §3 "Binding record"). */
export const bindRecord = z.object({
  id: z.string(),
  sealId: z.string(),
  sealName: z.string(),
  sealTypeCode: z.string(),
  platformId: z.string(),
  clientName: z.string(),
  /** 1 in effect; 0 cancelled, or ended with the seal or with the binder's authorisation. */
  bindState: z.number(),
  /** When the record was made, and when it was last bound (a rebind moves it). */
  createTime: z.number(),
  bindTime: z.number(),
  cancelTime: z.number().nullable(),
  /** Who bound it. */
  personName: z.string(),
  /** How it was confirmed: 1 handwriting, 2 password, 3 both. */
  useType: z.number(),
  /** The password 取消绑定 asks this caller for: the seal password (holder) or their use password. */
  bindPassword: z.enum(['印章密码', '用章密码']),
  /** † What 取消绑定 asks this caller ({@link cancelProofUseType}): 1 a handwritten signature, 2 the password. */
  cancelUseType: z.union([z.literal(1), z.literal(2)]),
  /** Whether 重新绑定 can work for this caller now: the seal in effect and the caller its holder or manager. */
  canRebind: z.boolean(),
})
export type BindRecord = z.infer<typeof bindRecord>
export const bindRecordPage = z.object({ list: z.array(bindRecord), total: z.number(), currentPage: z.number(), pageSize: z.number() })
export type BindRecordPage = z.infer<typeof bindRecordPage>
