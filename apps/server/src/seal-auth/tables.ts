import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { units } from '../auth/tables.ts'
import { createdAt, id } from '../db/columns.ts'

/**
 * A unit's organisation directory (/select-seal-user): the people a seal user is picked from. Maintained by
 * the unit's administrators on the PC side (here: the operator API) and seeded with the demo unit's staff.
 */
export const unitMembers = pgTable(
  'unit_members',
  {
    id: id(),
    unitId: text('unit_id')
      .notNull()
      .references(() => units.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    identityNo: text('identity_no').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('unit_members_person_uq').on(t.unitId, t.identityNo), index('unit_members_name_idx').on(t.unitId, t.name)],
)
