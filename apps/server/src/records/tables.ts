import { sql } from 'drizzle-orm'
import { bigserial, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { persons } from '../auth/tables.ts'
import { chainLinkColumns, createdAt, id } from '../db/columns.ts'
import { tripled } from '../db/search.ts'
import { files } from '../files/tables.ts'
import { platforms } from '../platforms/tables.ts'
import { seals } from '../seals/tables.ts'

/**
 * One use of a seal (spec 000 §3 "Use record": remark, fileName, businessName, platformName, name,
 * timestamp): written for every signature made with it. Append-only. The user's name is kept as it was
 * at the time of use, so a later rename does not rewrite history. Hash-chained: an edited, deleted or
 * reordered record is found by `npm run audit:verify`.
 */
export const sealUseRecords = pgTable(
  'seal_use_records',
  {
    id: id(),
    sealId: text('seal_id')
      .notNull()
      .references(() => seals.id),
    /** Who used it; null for a platform's automated use. */
    userPersonId: text('user_person_id').references(() => persons.id),
    userName: text('user_name'),
    fileName: text('file_name').notNull(),
    /** SHA-256 (hex) of the signed document, so a record can be matched to a file. */
    documentSha256: text('document_sha256').notNull(),
    /** The signed document as stored; written before this record, so the record never points at nothing. */
    documentFileId: text('document_file_id').references(() => files.id),
    businessName: text('business_name'),
    platformName: text('platform_name'),
    /** The platform that used the seal through the open API (its name is kept above as it was). */
    platformId: text('platform_id').references(() => platforms.id),
    remark: text('remark'),
    createdAt: createdAt(),
    /** Insertion order: newest-first lists sort by it, since two uses can share a clock tick. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /**
     * Its place among its seal's records, 1, 2, 3… with no gap, given by the database as the record is
     * written (the trigger in migration 20261128…_use-record-ordinal, counting in seal_use_counts), so a
     * page by number finds its first record directly instead of skipping every newer one. The default is
     * never stored (the trigger replaces it); it lets writers leave the column out.
     */
    sealOrdinal: integer('seal_ordinal').notNull().default(0),
    /** Its link in the use records' hash chain (records/use-record-chain.ts), set a moment after writing. */
    ...chainLinkColumns(),
  },
  (t) => [
    index('seal_use_records_seal_time_idx').on(t.sealId, t.createdAt),
    index('seal_use_records_seal_seq_idx').on(t.sealId, t.seq),
    uniqueIndex('seal_use_records_seal_ordinal_idx').on(t.sealId, t.sealOrdinal),
    // The console's use records across seals, newest first (console/use-records.ts): by period alone, by user,
    // by platform; and the dashboard's uses per day.
    index('seal_use_records_time_idx').on(t.createdAt, t.seq),
    index('seal_use_records_user_time_idx').on(t.userPersonId, t.createdAt, t.seq),
    index('seal_use_records_platform_time_idx').on(t.platformId, t.createdAt, t.seq),
    uniqueIndex('seal_use_records_chain_seq_idx').on(t.chainSeq),
    // The chainer's queue: records not linked yet, in writing order.
    index('seal_use_records_unlinked_idx')
      .on(t.seq)
      .where(sql`chain_seq is null`),
    // Who may read a stored file asks which record it is the document of (records/visibility.ts).
    index('seal_use_records_document_file_idx').on(t.documentFileId),
    // Contains-search of the use-record screens: trigram indexes of the tripled text (db/search.ts).
    index('seal_use_records_remark_trgm_idx').using('gin', sql`${tripled(t.remark)} gin_trgm_ops`),
    index('seal_use_records_file_name_trgm_idx').using('gin', sql`${tripled(t.fileName)} gin_trgm_ops`),
    index('seal_use_records_user_name_trgm_idx').using('gin', sql`${tripled(t.userName)} gin_trgm_ops`),
  ],
)

export type SealUseRecord = typeof sealUseRecords.$inferSelect

/**
 * How many use records each seal has: the counter the ordinal trigger takes the next `seal_ordinal` from.
 * Its row is locked by the writing transaction until it ends, so ordinals stay gapless (a rolled-back use
 * gives its number back) and follow `seq` within a seal.
 */
export const sealUseCounts = pgTable('seal_use_counts', {
  sealId: text('seal_id')
    .primaryKey()
    .references(() => seals.id),
  records: integer('records').notNull(),
})
