import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

/**
 * The dashboard's per-day counts of days that are over (console/dashboard.ts): seals made and seal uses by
 * China day. Both are append-only (a seal or a use record is never deleted and its created_at never
 * changes), so a settled day's count is final; it is counted once, on the first reading that needs it.
 */
export const dashboardDays = pgTable(
  'dashboard_days',
  {
    /** What is counted: `seals` (seals made) or `uses` (seal use records). */
    figure: text('figure').notNull(),
    /** The China (Asia/Shanghai) calendar day. */
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.figure, t.day] })],
)
