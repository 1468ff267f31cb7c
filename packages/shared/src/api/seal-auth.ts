import { z } from 'zod'
import { authUseType, authorizationUseType } from '../codes/authorization.ts'
import { messages } from '../messages.ts'
import { END_AFTER_CERTIFICATE } from '../rules/authorization.ts'
import { idCardSchema } from '../rules/id-card.ts'
import { mobilePhoneSchema } from '../rules/phone.ts'
import { sealUserNameSchema } from '../rules/names.ts'
import { requiredPasswordSchema, sealPasswordSchema } from '../rules/seal-password.ts'

/*
 * Seal authorisation (spec 000 §2 "Authorization routes", §3, §4, §7 "Authorization"): the legal
 * representative (or a manager) authorises a person to use or manage a seal with a signed letter; the
 * person accepts; either side can end it. One contract for the server (apps/server/src/seal-auth) and
 * the screens. Times are epoch milliseconds. † marks a path the spec does not show, named by us.
 */

const sealId = z.string().min(1, '缺少参数：sealId').max(64)
const authId = z.string().min(1, '缺少参数：authId').max(64)
const optionalCode = z.string().max(64).nullish()
const code = (values: readonly number[]) =>
  z.union([z.number(), z.string()]).transform((value) => Number(value)).refine((value) => values.includes(value), '参数错误')

/** The use methods an authorisation can carry: signature, password, both (a binding code is binding's). */
export const grantableUseTypes = [authorizationUseType.SIGNATURE_RECOGNITION, authorizationUseType.PASSWORD, authorizationUseType.SIGNATURE_AND_PASSWORD] as const
const needsPassword = (useType: number) => useType === authorizationUseType.PASSWORD || useType === authorizationUseType.SIGNATURE_AND_PASSWORD
const needsSignature = (useType: number) => useType === authorizationUseType.SIGNATURE_RECOGNITION || useType === authorizationUseType.SIGNATURE_AND_PASSWORD
export const authUseTypeNeeds = { password: needsPassword, signature: needsSignature }

/**
 * Create pending authorization (POST /sealAuth/createAuth †, and POST /sealAuth/stashAuthInfoNewV3 with the
 * same data as `signData`): the authorization creation data of 000 §3. The seal user's name, ID and phone
 * are checked with the form's own rules and messages (000 §5); the period with its rules on the server,
 * against the server's clock and the seal's certificate.
 */
export const authCreationData = z.object({
  sealId,
  sealCode: optionalCode,
  sealTypeCode: optionalCode,
  sealName: z.string().max(64).nullish(),
  socialCreditCode: optionalCode,
  name: sealUserNameSchema,
  personIdentity: idCardSchema,
  phone: mobilePhoneSchema,
  identityType: z.string().max(8).nullish(),
  startTime: z.number({ message: messages.endTimeRequired }).int(),
  endTime: z.number({ message: messages.endTimeRequired }).int(),
  useType: code(grantableUseTypes),
  authUseType: code([authUseType.USE, authUseType.MANAGE]),
  authInitiateCode: optionalCode,
  authInitiateType: z.union([z.number(), z.string()]).nullish(),
  scope: z.string().max(200).nullish(),
})
export type AuthCreationData = z.input<typeof authCreationData>
export const stashAuthBody = z.object({ signData: authCreationData })
export const stashAuthAnswer = z.object({ stashAuthId: z.string() })

/** A box on a letter page, PDF points from the bottom-left (the documents' positions). */
const pageBox = z.object({ page: z.number(), x: z.number(), y: z.number(), width: z.number(), height: z.number() })

/** GET /sealAuth/getLowPersonAuthFile, getManagerAuthFile (stashAuthId), getUseSealAuthFile (authId): the letter to sign. */
export const authFileAnswer = z.object({
  authFileId: z.string(),
  /** The draft or authorisation it belongs to. */
  stashAuthId: z.string().nullable(),
  authId: z.string().nullable(),
  sealLocation: pageBox,
  signLocation: pageBox,
  dateLocation: pageBox,
  authorizedSignLocation: pageBox,
  authorizedDateLocation: pageBox,
})
export type AuthFileAnswer = z.infer<typeof authFileAnswer>
export const stashAuthIdQuery = z.object({ stashAuthId: authId })
export const authIdQuery = z.object({ authId })

/**
 * POST /sealAuth/submitLowPersonAuthFile: the grantor signs the letter — their handwriting (`lawPersonSignId`,
 * one of their samples) and the unit's seal, unlocked by the seal password (`password`, our addition: the
 * screen asks for it, 000 §2 /authorization-sign). The authorisation becomes pending and the seal user is told.
 */
export const submitLowPersonAuthFileBody = z.object({
  stashAuthId: authId,
  authFileId: z.string().max(64).nullish(),
  lawPersonSignId: z.string().min(1, '请先签名').max(64),
  password: requiredPasswordSchema(messages.wrongSealPassword),
})
export const submittedAuth = z.object({ authId: z.string(), authFileId: z.string(), smsSent: z.boolean() })

/** POST /sealAuth/submitUseSealPersonAuthFile: the seal user countersigns; the authorisation is in force. */
export const submitUseSealPersonAuthFileBody = z.object({
  authId,
  authFileId: z.string().max(64).nullish(),
  useSealPersonSignId: z.string().min(1, '请先签名').max(64),
})

/** POST /sealAuth/sendSmsCode {idnum, name, tel} and POST /sealAuth/telAuth (+ code): the seal user proves the phone. */
export const telAuthSmsBody = z.object({ idnum: z.string().max(32), name: z.string().max(50), tel: mobilePhoneSchema })
export const telAuthBody = telAuthSmsBody.extend({ code: z.string().min(1, messages.smsCodeRequired).max(8) })

/** POST /sealAuth/confirmPersonNew: the seal user confirms and, for a password use, sets the use password. */
export const confirmPersonBody = z.object({
  sealId,
  sealCode: optionalCode,
  sealTypeCode: optionalCode,
  personIdentity: z.string().max(32).nullish(),
  identityType: z.string().max(8).nullish(),
  name: z.string().max(50).nullish(),
  phone: z.string().max(20).nullish(),
  useType: z.union([z.number(), z.string()]).nullish(),
  /** The spec's spellings (usePasswod, confirmUsePassowrd) are kept. */
  usePasswod: z.string().max(64).nullish(),
  confirmUsePassowrd: z.string().max(64).nullish(),
})
export const usePasswordSchema = sealPasswordSchema

/** Seal status check †: whether the seal may still be accepted or used (status 1 valid). */
export const sealReferenceBody = z.object({ sealId, sealCode: optionalCode, sealTypeCode: optionalCode })
export const sealStatusAnswer = z.object({ status: z.number() })
/** Role lookup †: the caller's role on the seal, null when none. */
export const queryRoleBody = sealReferenceBody.extend({ identityCode: z.string().max(32).nullish() })
export const queryRoleAnswer = z.object({ role: z.number().nullable() })

/** POST /sealAuth/querySealListByAll: one tab of the authorization list, paged. */
export const querySealListByAllBody = z.object({
  currentPage: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(10),
  status: code([1, 2, 3]),
  identity: z.string().max(32).nullish(),
  socialCreditCode: z.string().max(32).nullish(),
  filterAuth: z.union([z.boolean(), z.number(), z.string()]).nullish(),
})
export const authorizationItem = z.object({
  id: z.string(),
  authId: z.string(),
  businessName: z.string(),
  /** The seal user. */
  name: z.string(),
  /** Masked for anyone but the seal user and the grantor. */
  phone: z.string(),
  personIdentity: z.string(),
  identityType: z.string(),
  sealTypeCode: z.string(),
  sealName: z.string(),
  sealCode: z.string(),
  sealId: z.string(),
  socialCreditCode: z.string().nullable(),
  startTime: z.number(),
  endTime: z.number(),
  authFileId: z.string().nullable(),
  authStatus: z.number(),
  authUseType: z.number(),
  useType: z.number(),
  /** The caller is the seal user of this item (the list shows no revoke for it, 000 §4). */
  mine: z.boolean(),
  /** Who signed the letter as grantor: the legal person (holder) or a seal manager. */
  grantorName: z.string(),
})
export type AuthorizationItem = z.infer<typeof authorizationItem>
export const authorizationPage = z.object({ list: z.array(authorizationItem), total: z.number() })

/**
 * POST /sealAuth/queryAuthBySocialCreditCode: the authorisations, waiting or in force, of a unit's seals
 * the caller holds or manages (what a change of the unit carries over), a page at a time.
 */
export const queryAuthBySocialCreditCodeBody = z.object({
  socialCreditCode: z.string().trim().min(1, '缺少参数：socialCreditCode').max(32),
  currentPage: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(50),
})

/** POST /sealAuth/queryListBySeal: the authorised persons of one seal, the legal person's row first. */
export const queryListBySealBody = z.object({
  sealId,
  sealCode: optionalCode,
  sealTypeCode: optionalCode,
  socialCreditCode: optionalCode,
  currentPage: z.number().int().min(1).max(1).default(1),
  pageSize: z.number().int().min(1).max(30).default(30),
})
export const authorisedPerson = z.object({
  id: z.string(),
  name: z.string(),
  personIdentity: z.string(),
  phone: z.string(),
  startTime: z.number().nullable(),
  endTime: z.number().nullable(),
  useType: z.number(),
  authUseType: z.number(),
  /** 1 for the legal person's own row (it cannot be removed). */
  lawPersonFlag: z.number(),
  sealId: z.string(),
  authStatus: z.number(),
})
export type AuthorisedPerson = z.infer<typeof authorisedPerson>
export const authorisedPersons = z.object({ list: z.array(authorisedPerson), total: z.number() })

/** POST /sealAuth/v4/cancelAuth and /sealAuth/cancelAuth: end one authorisation. */
export const cancelAuthBody = z.object({ authId })
/** POST /sealAuth/queryAuthDetail †: one authorisation made to the caller, by id (the acceptance screens). */
export const queryAuthDetailBody = z.object({ authId })
/** POST /sealAuth/cancelAuthByParams: the seal user gives up their own authorisation of a seal. */
export const cancelAuthByParamsBody = z.object({ sealId, identityType: z.string().max(8).nullish(), personIdentity: z.string().max(32).nullish() })

/** POST /sealAuth/verifyAuthByIdentityAndSealId: the authorised user's password check. */
export const verifyAuthBody = z.object({ sealId, personIdentity: z.string().max(32).nullish(), usePassword: requiredPasswordSchema(messages.wrongSealPassword) })
export const verifyAuthAnswer = z.object({ pass: z.boolean(), success: z.boolean(), mess: z.string() })

/** POST /sealAuth/queryHistoryAuthPersonInfo: earlier seal users of the unit whose name starts with `name`. */
export const historyAuthPersonBody = z.object({ name: z.string().max(50), socialCreditCode: optionalCode, sealPlatType: z.union([z.number(), z.string()]).nullish() })
export const historyAuthPerson = z.object({ name: z.string(), personIdentity: z.string(), phone: z.string() })

/** Organisation directory query † (pageNum, pageSize 10, name): the unit's people (/select-seal-user). */
export const orgDirectoryBody = z.object({
  pageNum: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(10),
  name: z.string().max(50).nullish(),
  socialCreditCode: optionalCode,
})
export const sealUserCandidate = z.object({ name: z.string(), tel: z.string(), idCard: z.string() })
export const orgDirectoryPage = z.object({ list: z.array(sealUserCandidate), total: z.number() })

/** Signer sample check † {identityType, personIdentity} → hasSign: whether the caller has handwriting samples. */
export const hasSignAnswer = z.object({ hasSign: z.boolean() })

/** POST /sealAuth/getAvailableSeal: the caller's seals in effect they may authorise (role 1 or 2). */
export const availableSealBody = z.object({ socialCreditCode: optionalCode, personIdentity: z.string().max(32).nullish() })
export const availableSeal = z.object({
  sealId: z.string(),
  sealTypeCode: z.string(),
  sealName: z.string(),
  sealCode: z.string(),
  businessName: z.string(),
  socialCreditCode: z.string().nullable(),
  role: z.number(),
  certStartTime: z.number(),
  certEndTime: z.number(),
  /** A short-lived link to the picture (as in the seal lists). */
  sealPic: z.string().nullable(),
})

/**
 * POST /sealAuth/editLegalUseType (one unit) and POST /sealAuth/batchEditUseType (the batch variant): the
 * holder switches the use method of a unit's seals in effect — to signature with `handWrittenId` (a
 * signature written just now), to password with the seal `password`.
 */
export const editLegalUseTypeBody = z.object({
  socialCreditCode: z.string().min(1).max(32),
  useType: code(grantableUseTypes),
  password: z.string().max(64).nullish(),
  handWrittenId: z.string().max(64).nullish(),
  sealPlatType: z.union([z.number(), z.string()]).nullish(),
})
export const batchEditUseTypeBody = z.object({
  batchUseType: z.array(z.object({ socialCreditCode: z.string().min(1).max(32), useType: code(grantableUseTypes) })).min(1).max(50),
  password: z.string().max(64).nullish(),
  handWrittenId: z.string().max(64).nullish(),
})
export const useTypeSwitched = z.object({ switched: z.number() })
/** POST /sealAuth/editUseType: how one seal user uses the seal. */
export const editUseTypeBody = z.object({ authId, useType: code(grantableUseTypes), personIdentity: z.string().max(32).nullish() })

/**
 * Where the seal user accepts one authorisation (000 §2 /authorization-start/personal), for the SMS link,
 * home's notice and 待办中心.
 *
 * @example
 * acceptancePath('a1') // '/authorization-start/personal?authId=a1'
 */
export const acceptancePath = (authId: string) => `/authorization-start/personal?${new URLSearchParams({ authId })}`

/** Messages of ours for refusals the spec leaves unworded. */
export const sealAuthMessages = {
  tooManyDrafts: '此印章24小时内待签署的授权已达上限（20份），请先完成签署或稍后再试',
  alreadyAuthorised: '该用章人已获得此印章的授权，请勿重复授权',
  notAuthorisable: '您无权授权此印章',
  managerOnlyUse: '管理员仅可授权使用印章',
  draftGone: '授权信息已失效，请重新操作！',
  notYours: '该授权不属于您',
  notPending: '该授权已处理',
  phoneNotVerified: '请先完成手机号验证',
  phoneMismatch: '手机号与授权信息不一致',
  samplesMissing: `请先采集签名样本`,
  passwordMissing: '请设置用章密码',
  passwordsDiffer: messages.passwordsDiffer,
  endAfterCertificate: END_AFTER_CERTIFICATE,
  notAuthorised: '您未获得此印章的授权或授权已失效',
  notAccepted: '授权待确认，请先接受授权',
  authorisationNotStarted: '授权尚未生效',
  authorisationExpired: '授权已过期',
  cancelled: messages.authorizationRemoved,
  signatureRequired: '请手写签名后用章',
  signatureMismatch: '签名比对未通过，无法用章',
  selfAuthorisation: '不能授权给自己',
  granteeHasNoPassword: '用章人尚未设置用章密码，无法改为密码用章',
  granteeHasNoSamples: '用章人尚未采集签名样本，无法改为签名用章',
  /** An authorised user's own password (用章密码), counted and locking as the holder's seal PIN is, in its own name. */
  wrongUsePasswordRemaining: (remaining: number) => `用章密码错误，还可尝试${remaining}次`,
  usePasswordLocked: (until: string) => `用章密码已锁定，请于${until}后重试`,
  /** The seal user declines an authorisation before accepting it (the spec's 取消授权 of one's own, 000 §2). */
  declineConfirm: '拒绝后该授权即失效，如需用章，请联系授权人重新授权。',
  declined: '已拒绝该授权',
  /** The grantor's note outside a plain browser (000 §2 /authorization-success names it, not its words). */
  govAppNote: '请提醒用章人登录政务服务应用，进入电子印章确认授权。',
  /** Home's notice of authorisations waiting for the seal user (issue #19 §4). */
  waitingOne: (grantor: string, sealName: string, manages: boolean) => `${grantor}授权您${manages ? '管理' : '使用'}“${sealName}”，请确认`,
  waitingMany: (count: number) => `您有${count}项印章授权待接受`,
} as const
