import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../db/columns.ts'

/**
 * The key of auth/'s accounts table, for the owner's foreign key: files/ is plumbing and imports no layer
 * above it. Not exported, so the schema (db/schema.ts) keeps auth/tables.ts's one definition; Drizzle
 * writes the same constraint as with that table.
 */
const accounts = pgTable('accounts', { id: text('id').primaryKey() })

/** Stored files; the bytes live in the file store under `storageKey`, never in the database. */
export const files = pgTable(
  'files',
  {
    id: id(),
    ownerAccountId: text('owner_account_id').references(() => accounts.id),
    originalName: text('original_name').notNull(),
    mediaType: text('media_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  // owner and time: an account's files, and what it stored within the upload quota's window (files/service.ts);
  // storage_key: the start-up sweep asks which stored objects a row points at (files/repair.ts).
  (t) => [index('files_owner_created_idx').on(t.ownerAccountId, t.createdAt), uniqueIndex('files_storage_key_idx').on(t.storageKey)],
)
