import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sealStatusHeld } from '@seal/shared/codes/seal-status'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { persons, units } from '../auth/tables.ts'
import { createdAt, id, jsonValue } from '../db/columns.ts'
import { files } from '../files/tables.ts'

/**
 * A seal (spec 000 §3 "Seal"): owned by a unit (its legal representative holds it) or by a person
 * (personal name seal, type 1000). Its key and certificate live in `seal_credentials`, its PIN in
 * `seal_pins`, its image in `files`.
 *
 * `status` uses the wide reading of the seal status codes (`sealStatusWide` in @seal/shared/codes/seal-status:
 * the server's own lifecycle); screens that use the management reading map it per call. The two readings
 * agree on the codes this module writes (1 valid, 2 cancelled, 4 pending activation).
 */
/** At most one personal name seal applied for or in effect per person (002 §5). */
export const ONE_PERSONAL_SEAL_INDEX = 'seals_one_personal_seal_idx'
/** At most one seal of each named type (01 … 05) applied for or in effect per unit; other-type (99) seals are many. */
export const ONE_UNIT_SEAL_PER_TYPE_INDEX = 'seals_one_unit_seal_per_type_idx'

const quoted = (codes: readonly string[]) => codes.map((c) => `'${c}'`).join(', ')
const heldList = quoted(sealStatusHeld)
const singleUnitTypes = quoted([
  sealTypeCode.UNIT_OFFICIAL,
  sealTypeCode.FINANCE,
  sealTypeCode.INVOICE,
  sealTypeCode.CONTRACT,
  sealTypeCode.LEGAL_REPRESENTATIVE_NAME,
])

export const seals = pgTable(
  'seals',
  {
    id: id(),
    ownerKind: text('owner_kind', { enum: ['unit', 'person'] }).notNull(),
    /** Set for a unit seal. */
    unitId: text('unit_id').references(() => units.id),
    /** Set for a personal seal: the holder. */
    personId: text('person_id').references(() => persons.id),
    sealName: text('seal_name').notNull(),
    sealTypeCode: text('seal_type_code').notNull(),
    /** The filing number (备案号) when the seal has one, else a code we assign (see makeSeal). */
    sealCode: text('seal_code').notNull(),
    status: text('status').notNull(),
    /** Use method (000 §3): 1 signature, 2 password, 3 both; personal seals allow password only. */
    useType: text('use_type').notNull().default('2'),
    imageFileId: text('image_file_id')
      .notNull()
      .references(() => files.id),
    /** SHA-256 (hex) of the seal image, also bound into the certificate. */
    imageSha256: text('image_sha256').notNull(),
    certStartTime: timestamp('cert_start_time', { withTimezone: true }).notNull(),
    certEndTime: timestamp('cert_end_time', { withTimezone: true }).notNull(),
    /** Why it stopped being usable (cancellation reason); shown for status 2 or 3. */
    failureReason: text('failure_reason'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Who cancelled it (revokePerson, shown masked). */
    revokedByPersonId: text('revoked_by_person_id').references(() => persons.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('seals_unit_idx').on(t.unitId),
    index('seals_person_idx').on(t.personId),
    index('seals_code_idx').on(t.sealCode, t.sealTypeCode),
    // The "only one" rules live here, so concurrent submissions cannot both pass a check (decisions.md).
    uniqueIndex(ONE_PERSONAL_SEAL_INDEX)
      .on(t.personId)
      .where(sql.raw(`seal_type_code = '${sealTypeCode.PERSONAL_NAME}' and status in (${heldList})`)),
    uniqueIndex(ONE_UNIT_SEAL_PER_TYPE_INDEX)
      .on(t.unitId, t.sealTypeCode)
      .where(sql.raw(`unit_id is not null and seal_type_code in (${singleUnitTypes}) and status in (${heldList})`)),
  ],
)

export type Seal = typeof seals.$inferSelect

/** What the seal events outbox records (seal-events.ts). */
export const SEAL_EVENT_TYPES = ['seal.made', 'seal.changed', 'seal.renewed', 'seal.cancelled'] as const
export type SealEventType = (typeof SEAL_EVENT_TYPES)[number]

/**
 * The seal events outbox: one row for each making, change, renewal or cancellation of a seal, written in
 * the transaction that made it, with what the seal was then (`payload`). The subscribers above (bindings,
 * platforms' webhooks) run on it in that same transaction and set `handledAt`; a row written where no
 * subscriber listens stays unhandled until the app's start delivers it.
 */
export const sealEvents = pgTable(
  'seal_events',
  {
    id: id(),
    sealId: text('seal_id')
      .notNull()
      .references(() => seals.id),
    type: text('type', { enum: SEAL_EVENT_TYPES }).notNull(),
    payload: jsonValue('payload').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('seal_events_seal_idx').on(t.sealId, t.occurredAt),
    index('seal_events_unhandled_idx')
      .on(t.createdAt)
      .where(sql`handled_at is null`),
  ],
)
