import { z } from 'zod'

/**
 * A seal as the management screens list and show it (spec 000 §3 "Seal", 002 §3). `sealPic`, when asked
 * for (`needPic`), is a short-lived signed link to the PNG (GET /api/seal/picture/…, cacheable), not the
 * data itself; POST /seal/getSealPicById gives the data. Times are epoch milliseconds; the status is the
 * management reading.
 */
export const sealItem = z.object({
  id: z.string(),
  sealName: z.string(),
  sealTypeCode: z.string(),
  sealCode: z.string(),
  status: z.string(),
  useType: z.string(),
  businessName: z.string(),
  socialCreditCode: z.string().nullable(),
  personName: z.string(),
  /** Masked: the first and last 4 characters. */
  personIdentity: z.string(),
  certStartTime: z.number(),
  certEndTime: z.number(),
  /** A link for an <img>, usable without the bearer header for a few minutes. */
  sealPic: z.string().nullable(),
  /** The caller's role on this seal: 1 holder (legal person or the person themself). */
  role: z.number(),
  failureReason: z.string().nullable(),
  revokePerson: z.string().nullable(),
  /**
   * In effect and its certificate ends within the configured days (`sealWillExpireDays`, 30 by default, in
   * the seal's scope): the list shows 即将到期.
   */
  blnWillExpires: z.boolean(),
  /**
   * The renewal rule (POST /seal/canRenewal): a unit's seal in effect, of a unit that is no administrative or
   * public institution (06). The detail offers 印章续期 on it to roles 1 and 2.
   */
  canRenewal: z.boolean(),
  /**
   * An application under way that names this seal (a change, renewal or cancellation 待签署, 待审核 or
   * 处理中), or null. While there is one the seal is not renewable again; `mine` (the caller applied) offers
   * 取消印章申请 on the detail menu, which withdraws it (GET /seal-apply/apply/withdraw).
   */
  application: z
    .object({ id: z.string(), businessType: z.string(), applyStatus: z.string(), mine: z.boolean() })
    .nullable()
    .default(null),
})
export type SealItem = z.infer<typeof sealItem>

/** POST /seal/queryGroupByBusiness: the unit seals the caller may see, grouped by unit. */
export const queryGroupByBusinessBody = z
  .object({
    socialCreditCode: z.string().max(18),
    identity: z.string().max(18),
    /** Only seals in effect. */
    queryAvailable: z.boolean(),
    needPic: z.boolean(),
    /** Part of the unit name (the list's search box). */
    businessName: z.string().max(100),
  })
  .partial()

export const sealGroup = z.object({
  businessName: z.string(),
  socialCreditCode: z.string().nullable(),
  list: z.array(sealItem),
})
export type SealGroup = z.infer<typeof sealGroup>

/** POST /seal/queryPersonSeals †: the caller's personal name seals. */
export const queryPersonSealsBody = z.object({ needPic: z.boolean().default(true) }).partial()

/** POST /seal/detail † and POST /seal/getSealPicById: one seal the caller may see. */
export const sealByIdBody = z.object({ sealId: z.string().min(1, '缺少参数：sealId').max(64) })

/** POST /seal/canRenewal (001 §7): the unit's seals the caller may renew. */
export const canRenewalBody = z.object({ socialCreditCode: z.string().max(18).default(''), needPic: z.boolean().default(false) })

/** POST /seal/v4/queryWillExpires (payload not shown in the spec; ours, docs/api.md "Seal management"). */
export const queryWillExpiresBody = z.object({ needPic: z.boolean().default(false) }).partial()

/** An authorisation of the caller (as seal user) in force and ending within `authWillExpireDays`. */
export const willExpireAuth = z.object({
  authId: z.string(),
  sealId: z.string(),
  sealName: z.string(),
  sealTypeCode: z.string(),
  businessName: z.string(),
  socialCreditCode: z.string().nullable(),
  startTime: z.number(),
  endTime: z.number(),
  /** 1 authorise use, 2 authorise management. */
  authUseType: z.number(),
})
export type WillExpireAuth = z.infer<typeof willExpireAuth>

/**
 * What is about to end for the caller, soonest first: the seals they may see that are 即将到期 (the same
 * rule as blnWillExpires), and their own authorisations ending soon.
 */
export const willExpires = z.object({ seals: z.array(sealItem), auths: z.array(willExpireAuth) })
export type WillExpires = z.infer<typeof willExpires>

/**
 * The spec's `filterAuth` flag (not explained there; our reading, docs/api.md "Seals"): leave out the seals
 * the caller has only through an authorisation, keeping those they hold (role 1).
 */
const filterAuth = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .nullish()
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true')

/** The identity fields the spec's list calls send; the session says who asks, so they are not read. */
const askedIdentity = { identityType: z.string().max(8).nullish(), personIdentity: z.string().max(32).nullish() }

/** POST /seal/queryByBussiness: the unit seals the caller may see, as one list (one unit with `socialCreditCode`). */
export const queryByBusinessBody = z.object({
  socialCreditCode: z.string().max(18).nullish(),
  needPic: z.boolean().default(true),
  filterAuth,
})

/** POST /seal/queryByPersonManage: the seals the caller holds or manages (role 1 or 2). */
export const queryByPersonManageBody = z.object({
  ...askedIdentity,
  socialCreditCode: z.string().max(18).nullish(),
  needPic: z.boolean().default(true),
  filterAuth,
})

/** POST /seal/enterprise/info: the units the caller acts for as holder of their seals. */
export const enterpriseInfoBody = z.object({ personIdentity: askedIdentity.personIdentity, socialCreditCode: z.string().max(18).nullish() })
export const enterpriseInfo = z.object({
  businessName: z.string(),
  socialCreditCode: z.string(),
  unitTypeCode: z.string(),
  /** Its seals in effect. */
  sealCount: z.number(),
})
export type EnterpriseInfo = z.infer<typeof enterpriseInfo>
