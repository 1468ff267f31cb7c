import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../db/columns.ts'

/** Append-only audit trail: who did what to which object. Never holds secrets (no PIN, code or token). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    accountId: text('account_id'),
    action: text('action').notNull(),
    target: text('target'),
    detail: jsonb('detail'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_events_account_idx').on(t.accountId)],
)
