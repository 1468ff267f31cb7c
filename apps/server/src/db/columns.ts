import { randomUUID } from 'node:crypto'
import { customType, text, timestamp } from 'drizzle-orm/pg-core'

/** A text primary key filled with a random UUID: ids travel as strings in every payload of the spec. */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => randomUUID())

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/**
 * A jsonb column whose value may be a bare string. Both drivers (node-postgres, PGlite) already parse jsonb;
 * Drizzle's own jsonb parses a string result again, so the text '2' came back as the number 2.
 */
export const jsonValue = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
})
