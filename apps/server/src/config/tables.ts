import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { jsonValue } from '../db/columns.ts'

/**
 * Configuration values by scope: 'global', then 'channel:<channel id>', then 'unit:<credit code>', then
 * 'person:<ID number>'. A narrower scope overrides a wider one key by key.
 */
export const configEntries = pgTable(
  'config_entries',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    value: jsonValue('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
)
