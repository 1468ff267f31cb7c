import { randomUUID } from 'node:crypto'
import { bigint, customType, text, timestamp } from 'drizzle-orm/pg-core'

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

/**
 * The columns of an entry in a hash chain (audit/chain.ts): its place, the hash of the entry before it and
 * its own. Empty until the chainer links it, a moment after it is written.
 */
export const chainLinkColumns = () => ({
  chainSeq: bigint('chain_seq', { mode: 'number' }),
  prevHash: text('prev_hash'),
  entryHash: text('entry_hash'),
})

/** Binary column: certificates, CRLs, signatures and wrapped keys are DER/opaque bytes. Both drivers hand back bytes. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
})
