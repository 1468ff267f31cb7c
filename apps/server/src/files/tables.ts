import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { accounts } from '../auth/tables.ts'
import { createdAt, id } from '../db/columns.ts'

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
  (t) => [index('files_owner_idx').on(t.ownerAccountId)],
)
