import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { accounts, persons } from '../auth/tables.ts'
import { createdAt, id } from '../db/columns.ts'
import { files } from '../files/tables.ts'
import { seals } from '../seals/tables.ts'

/**
 * What the activation pre-step (POST /seal/activeSealPre) hands out: a ranId proving, once and for a few
 * minutes, that this person showed his ID card for this seal. Only the ranId's SHA-256 is kept, as for
 * sessions; `usedAt` is set by the activation that spends it, in the transaction that activates the seal.
 * A new pre-step of the same person for the same seal replaces an unspent one.
 */
export const sealActivationTickets = pgTable(
  'seal_activation_tickets',
  {
    id: id(),
    ranIdSha256: text('ran_id_sha256').notNull(),
    sealId: text('seal_id')
      .notNull()
      .references(() => seals.id),
    /** The legal representative who showed his card: the only one who may spend it. */
    personId: text('person_id')
      .notNull()
      .references(() => persons.id),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The ID card photos read (his own stored files), kept for the audit trail. */
    frontFileId: text('front_file_id')
      .notNull()
      .references(() => files.id),
    backFileId: text('back_file_id')
      .notNull()
      .references(() => files.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('seal_activation_tickets_ran_id_idx').on(t.ranIdSha256), index('seal_activation_tickets_seal_person_idx').on(t.sealId, t.personId)],
)
export type SealActivationTicket = typeof sealActivationTickets.$inferSelect
