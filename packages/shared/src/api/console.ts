import { z } from 'zod'
import { applyStatuses } from './unit-apply.ts'

/**
 * The console's reads (issue #22): seals with their certificate, authorisations, bindings and uses; the
 * dashboard; the audit log and the use records with their CSV exports; the sandbox registries. Every list is
 * keyset-paged (newest first, the sandbox registries by key): pass the last record's `id` as `lastId` for the
 * next page, the same cost at any depth. Times are epoch ms; days are China time (YYYY-MM-DD).
 */

export const CONSOLE_PAGE_SIZE = 20
export const CONSOLE_MAX_PAGE_SIZE = 100
/** Rows one CSV export holds at most; a larger result is cut there, and says so in its last line. */
export const CONSOLE_EXPORT_MAX_ROWS = 100_000

const text = (max: number) => z.string().trim().min(1).max(max, '搜索内容过长').optional()
/** An epoch-ms bound given in a query string. */
const epochMs = z.coerce
  .number()
  .int('时间格式不正确')
  .nonnegative('时间格式不正确')
  .max(8_640_000_000_000, '时间格式不正确')
  .optional()

const pageQuery = {
  /** The last record of the previous page. */
  lastId: z.string().trim().min(1).max(64).optional(),
  pageSize: z.coerce.number().int().min(1).max(CONSOLE_MAX_PAGE_SIZE).default(CONSOLE_PAGE_SIZE),
}

/** `from` (inclusive) must not come after `to` (exclusive). */
const periodInOrder = (query: { from?: number | undefined; to?: number | undefined }) =>
  query.from === undefined || query.to === undefined || query.from < query.to

export const consoleMessages = {
  periodOutOfOrder: '开始时间须早于结束时间',
  sealAlreadyCancelled: '该印章已注销',
  revokeReasonRequired: '请填写注销原因',
  exportCut: (max: number) => `导出结果超过${max}条，仅包含最新的${max}条，请缩小筛选范围`,
} as const

/** A page of a console list. */
export function consolePage<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    /** Pass as `lastId` for the next page; null when this page is the last. */
    lastId: z.string().nullable(),
    hasMore: z.boolean(),
  })
}

// ── Seals ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * GET /admin/seals. Every filter given must hold. `unitName` and `personName` are contains-searches; the
 * others exact. `personName`/`identityNo` find the holder: the person of a personal seal, the legal
 * representative of a unit seal.
 */
export const sealSearchQuery = z.object({
  unitName: text(50),
  socialCreditCode: text(18),
  personName: text(30),
  identityNo: text(18),
  sealCode: text(40),
  sealId: text(64),
  /** The seal's status (wide reading, @seal/shared/codes/seal-status sealStatusWide). */
  status: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, '印章状态不正确')
    .optional(),
  sealTypeCode: z
    .string()
    .trim()
    .regex(/^\d{2,4}$/, '印章类型不正确')
    .optional(),
  ...pageQuery,
})
export type SealSearchQuery = z.input<typeof sealSearchQuery>

export const consoleSealItem = z.object({
  id: z.string(),
  sealName: z.string(),
  sealTypeCode: z.string(),
  sealCode: z.string(),
  /** Wide reading (sealStatusWide): 1 valid, 2 cancelled, 4 pending activation… */
  status: z.string(),
  ownerKind: z.enum(['unit', 'person']),
  unitId: z.string().nullable(),
  unitName: z.string().nullable(),
  socialCreditCode: z.string().nullable(),
  /** The person of a personal seal, or the unit's legal representative. */
  holderName: z.string(),
  /** A short-lived, cacheable link to the seal's picture. */
  pictureUrl: z.string(),
  certStartTime: z.number().int(),
  certEndTime: z.number().int(),
  revokedAt: z.number().int().nullable(),
  createdAt: z.number().int(),
})
export type ConsoleSealItem = z.infer<typeof consoleSealItem>
export const sealSearchAnswer = consolePage(consoleSealItem)

export const consolePerson = z.object({
  id: z.string(),
  name: z.string(),
  identityNo: z.string(),
  phone: z.string(),
  verified: z.boolean(),
})

export const consoleCertificate = z.object({
  serialNumber: z.string(),
  /** e.g. `C=CN, O=示例科技有限公司, CN=公章, organizationIdentifier=NTRCN-…` */
  subject: z.string(),
  issuer: z.string(),
  algorithm: z.string(),
  notBefore: z.number().int(),
  notAfter: z.number().int(),
  status: z.enum(['active', 'revoked']),
  revokedAt: z.number().int().nullable(),
  revocationReason: z.string().nullable(),
  /** RFC 5280 CRLReason code as published in the CRL. */
  revocationReasonCode: z.number().int().nullable(),
})

export const consoleSealAuthorization = z.object({
  id: z.string(),
  granteeName: z.string(),
  granteePhone: z.string(),
  grantorName: z.string(),
  /** 1 authorise use, 2 authorise management. */
  authUseType: z.string(),
  status: z.enum(['draft', 'pending', 'active', 'revoked']),
  startTime: z.number().int(),
  endTime: z.number().int(),
  acceptedAt: z.number().int().nullable(),
  revokedAt: z.number().int().nullable(),
})

export const consoleSealBinding = z.object({
  id: z.string(),
  platformId: z.string(),
  platformName: z.string(),
  /** Who bound it. */
  personName: z.string(),
  /** '1' in effect, '0' ended. */
  bindState: z.enum(['0', '1']),
  boundAt: z.number().int(),
  cancelledAt: z.number().int().nullable(),
})

/** One use record as the console lists it. */
export const consoleUseRecord = z.object({
  id: z.string(),
  /** Its place in the use records' hash chain; null for a moment after writing, until it is linked. */
  chainSeq: z.number().int().nullable(),
  sealId: z.string(),
  sealName: z.string(),
  sealCode: z.string(),
  userName: z.string().nullable(),
  userPersonId: z.string().nullable(),
  fileName: z.string(),
  businessName: z.string().nullable(),
  platformId: z.string().nullable(),
  platformName: z.string().nullable(),
  remark: z.string().nullable(),
  documentSha256: z.string(),
  /** The signed document as stored; null for records written before documents were kept. */
  documentFileId: z.string().nullable(),
  createdAt: z.number().int(),
})
export type ConsoleUseRecord = z.infer<typeof consoleUseRecord>

/** GET /admin/seals/:id. */
export const consoleSealDetail = z.object({
  seal: consoleSealItem.extend({
    useType: z.string(),
    imageSha256: z.string(),
    failureReason: z.string().nullable(),
    revokedByName: z.string().nullable(),
  }),
  /** The holder: the person of a personal seal, the unit's legal representative. */
  holder: consolePerson,
  unit: z
    .object({ id: z.string(), name: z.string(), socialCreditCode: z.string(), unitTypeCode: z.string() })
    .nullable(),
  /** Every certificate the seal had, newest first: the first is the one in use unless revoked. */
  certificates: z.array(consoleCertificate),
  authorizations: z.array(consoleSealAuthorization),
  bindings: z.array(consoleSealBinding),
  /** The newest uses (at most 20); the whole list is GET /admin/audit/use-records?sealId=. */
  latestUses: z.array(consoleUseRecord),
})
export type ConsoleSealDetail = z.infer<typeof consoleSealDetail>

/** POST /admin/seals/:id/revoke: cancels the seal, revokes its certificates (the CRL follows) and tells its platforms. */
export const consoleRevokeBody = z.object({
  reason: z.string().trim().min(1, consoleMessages.revokeReasonRequired).max(200, '注销原因不超过200个字'),
})
export const consoleRevokeAnswer = z.object({ sealId: z.string(), revokedSerialNumbers: z.array(z.string()) })

// ── Dashboard ─────────────────────────────────────────────────────────────────────────────────────────

export const DASHBOARD_DAYS = 30

export const dayCount = z.object({ day: z.string(), count: z.number().int() })
const durations = z.object({
  count: z.number().int(),
  /** Milliseconds; null when there is nothing to measure. */
  p50Ms: z.number().nullable(),
  p90Ms: z.number().nullable(),
})

/** GET /admin/dashboard. */
export const dashboardAnswer = z.object({
  /** Enterprise applications (drafts deleted by their applicant left out), by status. */
  applicationsByStatus: z.array(z.object({ status: z.enum(applyStatuses), count: z.number().int() })),
  /** The last DASHBOARD_DAYS days, oldest first, today last, days without any at 0. */
  sealsIssuedPerDay: z.array(dayCount),
  usesPerDay: z.array(dayCount),
  review: z.object({
    /** Applications waiting for a reviewer now, by how long they have waited. */
    waiting: durations,
    /** Applications decided in the last DASHBOARD_DAYS days, by the time from submission to decision. */
    decided: durations,
  }),
  asOf: z.number().int(),
})
export type DashboardAnswer = z.infer<typeof dashboardAnswer>

// ── Audit ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * GET /admin/audit/events and …/export. `who`: an operator's or API key's name, an account id, or a
 * person's phone, ID number or name (the accounts of that person); `action`: a prefix (`seal.` finds
 * seal.revoked and seal.made); `target`: exact; `from` inclusive, `to` exclusive.
 */
export const auditEventQuery = z
  .object({
    who: text(64),
    action: text(64),
    target: text(128),
    from: epochMs,
    to: epochMs,
    ...pageQuery,
  })
  .refine(periodInOrder, { message: consoleMessages.periodOutOfOrder, path: ['to'] })
export type AuditEventQuery = z.input<typeof auditEventQuery>

export const auditEventItem = z.object({
  id: z.string(),
  /** Its place in the audit log's hash chain; null for a moment after writing, until it is linked. */
  chainSeq: z.number().int().nullable(),
  /** Its hash in the chain (hex), once linked. */
  entryHash: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  /** The operator or API key that did it, with the name it had then. */
  operatorId: z.string().nullable(),
  operatorName: z.string().nullable(),
  /** The user account that did it, and its person's name. */
  accountId: z.string().nullable(),
  personName: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.unknown(),
  createdAt: z.number().int(),
})
export type AuditEventItem = z.infer<typeof auditEventItem>
export const auditEventAnswer = consolePage(auditEventItem)

/**
 * GET /admin/audit/use-records and …/export. `person`: the user's ID number (exact) or name (contains);
 * `platformId` exact; `from` inclusive, `to` exclusive.
 */
export const useRecordSearchQuery = z
  .object({
    sealId: text(64),
    person: text(30),
    platformId: text(64),
    from: epochMs,
    to: epochMs,
    ...pageQuery,
  })
  .refine(periodInOrder, { message: consoleMessages.periodOutOfOrder, path: ['to'] })
export type UseRecordSearchQuery = z.input<typeof useRecordSearchQuery>
export const useRecordSearchAnswer = consolePage(consoleUseRecord)

// ── Sandbox registries (only while the sandbox providers are on) ─────────────────────────────────────

/** GET /admin/sandbox/enterprises and /admin/sandbox/persons: `keyword` a part of the name, credit code or phone. */
export const sandboxRegistryQuery = z.object({ keyword: text(50), ...pageQuery })

export const sandboxEnterpriseItem = z.object({
  socialCreditCode: z.string(),
  unitName: z.string(),
  legalPersonName: z.string(),
  legalPersonIdentityNo: z.string(),
  unitTypeCode: z.string(),
  regionCode: z.string().nullable(),
  outcome: z.enum(['normal', '40075', 'timeout']),
  createdAt: z.number().int(),
})
/** `lastId` is the last record's credit code. */
export const sandboxEnterpriseList = consolePage(sandboxEnterpriseItem)

export const sandboxPersonItem = z.object({
  phone: z.string(),
  name: z.string(),
  identityNo: z.string(),
  outcome: z.enum(['normal', 'timeout']),
  createdAt: z.number().int(),
})
/** `lastId` is the last record's phone. */
export const sandboxPersonList = consolePage(sandboxPersonItem)
