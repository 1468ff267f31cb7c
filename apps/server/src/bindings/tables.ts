import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { persons } from '../auth/tables.ts'
import { createdAt, id } from '../db/columns.ts'
import { platforms } from '../platforms/tables.ts'
import { seals, sealAuths } from '../seals/tables.ts'

/**
 * A seal bound to a platform (spec 002 §3 "Binding record": bindState 1 in effect, 0 invalid), made by its
 * holder or by an authorised user within what their authorisation allows (`authId`). While in effect, the
 * platform may seal with it through the open API without the PIN: the binder confirmed with the seal
 * password or handwriting (`useType`) when binding. Cancelling sets bindState 0; 重新绑定 (rebind) sets it
 * back to 1 on the same record after a new confirmation.
 */
/** At most one binding in effect per seal and platform. */
export const ONE_BINDING_IN_EFFECT_INDEX = 'seal_bindings_one_in_effect_idx'

export const sealBindings = pgTable(
  'seal_bindings',
  {
    id: id(),
    sealId: text('seal_id')
      .notNull()
      .references(() => seals.id),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id),
    /** Who bound it: the holder, or an authorised user. */
    personId: text('person_id')
      .notNull()
      .references(() => persons.id),
    /** The authorisation the binder acted under; null for the holder. */
    authId: text('auth_id').references(() => sealAuths.id),
    /** How the binder confirmed (000 §3 use methods): 1 handwriting, 2 password, 3 both. */
    useType: text('use_type').notNull(),
    /** '1' in effect, '0' invalid (cancelled, or ended by the seal's or the authorisation's end). */
    bindState: text('bind_state', { enum: ['0', '1'] }).notNull().default('1'),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledByPersonId: text('cancelled_by_person_id').references(() => persons.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('seal_bindings_seal_idx').on(t.sealId, t.createdAt),
    index('seal_bindings_person_idx').on(t.personId, t.createdAt),
    // A platform's bindings stored in effect, in binding order (the open API's bound seals, keyset-paged),
    // with the seal and authorisation, so counting them (alreadyBind, totality) reads the index alone.
    index('seal_bindings_platform_in_effect_idx')
      .on(t.platformId, t.boundAt, t.id, t.sealId, t.authId)
      .where(sql`bind_state = '1'`),
    uniqueIndex(ONE_BINDING_IN_EFFECT_INDEX)
      .on(t.sealId, t.platformId)
      .where(sql`bind_state = '1'`),
  ],
)
export type SealBinding = typeof sealBindings.$inferSelect
