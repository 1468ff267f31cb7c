import { channel } from 'node:diagnostics_channel'
import { and, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { persons } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { containsText } from '../db/search.ts'
import { sealUseCounts, sealUseRecords, type SealUseRecord } from './tables.ts'
import { SEAL_USED_CHANNEL } from '../plugins/metric-channels.ts'

const sealUsed = channel(SEAL_USED_CHANNEL)

/**
 * Counts a use on /metrics (seal_uses_total). Called by whoever commits the transaction that wrote the
 * record (signing/seal-document.ts), after the commit: a use rolled back is not a use.
 */
export function publishSealUse(sealId: string): void {
  sealUsed.publish({ sealId })
}

export type SealUseInput = {
  sealId: string
  /** The person who used the seal; their current name is kept with the record. */
  userPersonId?: string | null
  fileName: string
  /** SHA-256 (hex) of the signed document. */
  documentSha256: string
  /** The signed document's file, already stored (decisions.md "Crash safety"). */
  documentFileId?: string | null
  businessName?: string | null
  platformName?: string | null
  /** The platform that used the seal through the open API. */
  platformId?: string | null
  remark?: string | null
}

/**
 * Writes the use record of one signature (spec 000 §3 "Use record"). Every signature made with a seal
 * calls this, after the signed document is stored, in the transaction that records the stored file, and
 * calls publishSealUse once that transaction has committed.
 *
 * @example
 * await recordSealUse(app.db, { sealId, userPersonId: caller.person.id, fileName: '授权书.pdf', documentSha256 })
 */
export async function recordSealUse(db: Database, input: SealUseInput): Promise<SealUseRecord> {
  // The user's name as it is now, read by the insert itself: one statement, not a read and a write.
  const userName = input.userPersonId ? sql`(select ${persons.name} from ${persons} where ${persons.id} = ${input.userPersonId})` : null
  const [row] = await db
    .insert(sealUseRecords)
    .values({
      sealId: input.sealId,
      userPersonId: input.userPersonId ?? null,
      userName,
      fileName: input.fileName,
      documentSha256: input.documentSha256.toLowerCase(),
      documentFileId: input.documentFileId ?? null,
      businessName: input.businessName ?? null,
      platformName: input.platformName ?? null,
      platformId: input.platformId ?? null,
      remark: input.remark ?? null,
    })
    .returning()
  // Not counted here: the transaction may still roll back (publishSealUse, after the commit).
  return row!
}

export type SealUseQuery = {
  /** The seals whose records to read; the caller decides which seals the asker may see. */
  sealIds: string[]
  /** Part of the user's name (the filter of the use-record screen). */
  userName?: string | undefined
  /** Only this user's records (role 3 sees only its own, spec 000 §6). */
  userPersonId?: string | undefined
  /** Inclusive start and exclusive end. */
  from?: Date | undefined
  to?: Date | undefined
  /** Part of the remark or of the file name (the search screen's keyword). */
  keyword?: string | undefined
  /** A page of the newest-first list: at most `limit` records (500 at most), after skipping `offset`. */
  limit?: number
  offset?: number
  /**
   * Keyset paging: the records after this one (its id) in the newest-first list, instead of `offset`.
   * Unknown or of another seal: nothing.
   */
  afterId?: string | undefined
}

/** The spec's use-record item, newest first. */
export type SealUseItem = {
  id: string
  sealId: string
  remark: string | null
  fileName: string
  businessName: string | null
  platformName: string | null
  name: string | null
  /** Epoch ms. */
  timestamp: number
  /** The signed document as stored (null for a record without one). */
  fileId: string | null
}

/**
 * Use records of some seals, newest first, filtered as the use-record screens filter them; one statement.
 * A page after a known record (`afterId`) starts from its position in the (seal_id, seq) index, and a page
 * by `offset` of one seal's unfiltered list from its record numbered so (seal_ordinal), so both cost the
 * same at any depth; a filtered page by `offset` skips the index entries before it (kept for `pageNum`).
 */
export async function querySealUseRecords(db: Database, query: SealUseQuery): Promise<SealUseItem[]> {
  if (query.sealIds.length === 0) return []
  const conditions: SQL[] = [inArray(sealUseRecords.sealId, query.sealIds)]
  if (query.userName) conditions.push(containsText(sealUseRecords.userName, query.userName))
  if (query.userPersonId) conditions.push(eq(sealUseRecords.userPersonId, query.userPersonId))
  if (query.keyword) {
    conditions.push(or(containsText(sealUseRecords.remark, query.keyword), containsText(sealUseRecords.fileName, query.keyword))!)
  }
  if (query.from) conditions.push(gte(sealUseRecords.createdAt, query.from))
  if (query.to) conditions.push(lt(sealUseRecords.createdAt, query.to))
  const filters = and(...conditions)
  const wholeListOfOneSeal = query.sealIds.length === 1 && conditions.length === 1
  const limit = Math.min(query.limit ?? 500, 500)
  let start: SQL | undefined
  if (query.afterId) {
    const after = db
      .select({ seq: sealUseRecords.seq })
      .from(sealUseRecords)
      .where(and(eq(sealUseRecords.id, query.afterId), inArray(sealUseRecords.sealId, query.sealIds)))
    start = lt(sealUseRecords.seq, sql`(${after})`)
  } else if (query.offset && wholeListOfOneSeal) {
    // A page by number of one seal's whole list: its first record is the one numbered (records so far −
    // offset) among the seal's records (seal_ordinal: no gap, in seq order within the seal), found by one
    // index lookup at any depth. Past the end the number is below 1 and the page is empty.
    const [sealId] = query.sealIds as [string]
    const records = db.select({ records: sealUseCounts.records }).from(sealUseCounts).where(eq(sealUseCounts.sealId, sealId))
    const first = db
      .select({ seq: sealUseRecords.seq })
      .from(sealUseRecords)
      .where(and(eq(sealUseRecords.sealId, sealId), eq(sealUseRecords.sealOrdinal, sql`(${records}) - ${query.offset}`)))
    start = lte(sealUseRecords.seq, sql`(${first})`)
  } else if (query.offset) {
    // A deep page by number of a filtered list: skip along the (seal_id, seq) index for the page's first seq, reading no
    // record before it (an offset over whole rows read 200k records for page 9999: 250 ms), then read the page.
    const first = db
      .select({ seq: sealUseRecords.seq })
      .from(sealUseRecords)
      .where(filters)
      .orderBy(desc(sealUseRecords.seq))
      .limit(1)
      .offset(query.offset)
    start = lte(sealUseRecords.seq, sql`(${first})`)
  }
  const rows = await db.select().from(sealUseRecords).where(and(filters, start)).orderBy(desc(sealUseRecords.seq)).limit(limit)
  return rows.map((r) => ({
    id: r.id,
    sealId: r.sealId,
    remark: r.remark,
    fileName: r.fileName,
    businessName: r.businessName,
    platformName: r.platformName,
    name: r.userName,
    timestamp: r.createdAt.getTime(),
    fileId: r.documentFileId,
  }))
}
