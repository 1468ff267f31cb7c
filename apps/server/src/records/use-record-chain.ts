import { asc, count, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import type { ChainSource } from '../audit/chain.ts'
import { sealUseRecords, type SealUseRecord } from './tables.ts'

/**
 * What a use record's hash covers: every column it was written with, its writing order (`seq`) included.
 * Not its place among its seal's records (`sealOrdinal`): numbered for paging, it follows from the seal and
 * the seq the hash covers, and records linked before it existed were hashed without it.
 */
const contentOf = ({ chainSeq: _seq, prevHash: _prev, entryHash: _hash, sealOrdinal: _ordinal, ...content }: SealUseRecord) => content

/** The use records (seal_use_records) as a hash chain, linked in writing order. */
export const useRecordChain: ChainSource = {
  name: 'use',
  lockKey: 7_301_102,
  async last(db) {
    const [row] = await db
      .select({ chainSeq: sealUseRecords.chainSeq, entryHash: sealUseRecords.entryHash })
      .from(sealUseRecords)
      .where(isNotNull(sealUseRecords.chainSeq))
      .orderBy(desc(sealUseRecords.chainSeq))
      .limit(1)
    return row ? { chainSeq: row.chainSeq!, entryHash: row.entryHash! } : null
  },
  async unlinked(db, limit) {
    const rows = await db.select().from(sealUseRecords).where(isNull(sealUseRecords.chainSeq)).orderBy(asc(sealUseRecords.seq)).limit(limit)
    return rows.map((row) => ({ id: row.id, content: contentOf(row) }))
  },
  async link(db, id, link) {
    await db.update(sealUseRecords).set(link).where(eq(sealUseRecords.id, id))
  },
  async linked(db, afterSeq, limit) {
    const rows = await db.select().from(sealUseRecords).where(gt(sealUseRecords.chainSeq, afterSeq)).orderBy(asc(sealUseRecords.chainSeq)).limit(limit)
    return rows.map((row) => ({ id: row.id, chainSeq: row.chainSeq!, prevHash: row.prevHash ?? '', entryHash: row.entryHash ?? '', content: contentOf(row) }))
  },
  async count(db) {
    const [linked] = await db.select({ n: count() }).from(sealUseRecords).where(isNotNull(sealUseRecords.chainSeq))
    const [unlinked] = await db.select({ n: count() }).from(sealUseRecords).where(isNull(sealUseRecords.chainSeq))
    return { linked: Number(linked?.n ?? 0), unlinked: Number(unlinked?.n ?? 0) }
  },
}
