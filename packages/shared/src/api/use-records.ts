import { z } from 'zod'
import { dayOf, DAYS_END_MS, usePeriodProblem, useRecordRangeMessages } from '../rules/use-record-range.ts'

/** Records per page on the use-record screens; a call without `pageSize` gets up to the largest page. */
export const USE_RECORD_PAGE_SIZE = 20
export const USE_RECORD_MAX_PAGE_SIZE = 500

/**
 * POST /signSealLog/queryByTypeAndSocialCreditCode (spec 000 §7): one seal's use records, filtered by the
 * user's name, a period (epoch ms, `endTime` exclusive) and a keyword of the remark or file name, newest
 * first, a page at a time (`pageNum` from 1, our addition: the spec's payload has no paging). `lastId`,
 * also ours, asks for the page after that record instead, the same cost at any depth (infinite scroll
 * sends it). The other fields of the spec's payload are accepted; the session decides whose seal it is.
 */
export const useRecordQueryBody = z
  .object({
    sealId: z.string().min(1, '缺少参数：sealId').max(64),
    sealTypeCode: z.string().max(8).nullish(),
    socialCreditCode: z.string().max(32).nullish(),
    personIdentity: z.string().max(32).nullish(),
    userType: z.union([z.string().max(4), z.number()]).nullish(),
    userName: z.string().max(32, '使用人姓名过长').nullish(),
    startTime: z.number().int().nonnegative().lt(DAYS_END_MS).nullish(),
    endTime: z.number().int().nonnegative().max(DAYS_END_MS).nullish(),
    remark: z.string().max(64, '搜索内容过长').nullish(),
    pageNum: z.number().int().min(1).max(100_000).nullish(),
    pageSize: z.number().int().min(1).max(USE_RECORD_MAX_PAGE_SIZE).nullish(),
    /** The last record the client has: the page starts after it (pageNum is then ignored). */
    lastId: z.string().min(1).max(64).nullish(),
  })
  .superRefine((query, context) => {
    // Beyond the last day the fields' own limit has refused them already.
    if (!query.startTime || !query.endTime || query.startTime >= DAYS_END_MS || query.endTime > DAYS_END_MS) return
    // endTime is exclusive: its period's last day is the day of the instant before it.
    const problem =
      query.endTime < query.startTime
        ? useRecordRangeMessages.endBeforeStart
        : usePeriodProblem(dayOf(query.startTime), dayOf(Math.max(query.startTime, query.endTime - 1)))
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['endTime'] })
  })
export type UseRecordQuery = z.input<typeof useRecordQueryBody>

/** The spec's use record, with the seal's name for the card. */
export const useRecordItem = z.object({
  id: z.string(),
  sealId: z.string(),
  sealName: z.string(),
  remark: z.string().nullable(),
  fileName: z.string(),
  businessName: z.string().nullable(),
  platformName: z.string().nullable(),
  name: z.string().nullable(),
  /** Epoch ms. */
  timestamp: z.number(),
  /**
   * Ours: the signed document as stored, or null (records written before documents were kept). Whoever sees
   * the record reads it through GET /file/download/{fileId} and POST /file/previewLink.
   */
  fileId: z.string().nullable(),
})
export type UseRecordItem = z.infer<typeof useRecordItem>
