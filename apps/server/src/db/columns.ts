import { randomUUID } from 'node:crypto'
import { text, timestamp } from 'drizzle-orm/pg-core'

/** A text primary key filled with a random UUID: ids travel as strings in every payload of the spec. */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => randomUUID())

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
