import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
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
    // The console's seal search, newest made first (console/seals.ts), and the dashboard's seals made per day.
    index('seals_created_idx').on(t.createdAt, t.id),
    // The "only one" rules live here, so concurrent submissions cannot both pass a check (decisions.md).
    uniqueIndex(ONE_PERSONAL_SEAL_INDEX)
      .on(t.personId)
      .where(sql.raw(`seal_type_code = '${sealTypeCode.PERSONAL_NAME}' and status in (${heldList})`)),
    uniqueIndex(ONE_UNIT_SEAL_PER_TYPE_INDEX)
      .on(t.unitId, t.sealTypeCode)
      .where(
        sql.raw(`unit_id is not null and seal_type_code in (${singleUnitTypes}) and status in (${heldList})`),
      ),
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

/**
 * One authorisation of a seal to a person (spec 000 §3 "Authorization item", §4), through its life:
 *
 * - `draft`: the grantor filled the form (the spec's stashAuthId); nobody is authorised yet.
 * - `pending`: the grantor signed the letter with the seal; the grantee is told and must accept (授权中).
 * - `active`: the grantee proved their phone, set their password or handwriting, countersigned (已授权).
 * - `revoked`: cancelled by the grantor or given up by the grantee (已失效). An active authorisation whose
 *   end time has passed is also 已失效; that is read from `end_time`, not written.
 *
 * The grantee's use password is hashed (argon2id) like a seal PIN and counted like one. The roles on a seal
 * stand on these rows (roles.ts); the authorisation act (seal-auth/) writes them.
 */
export const SEAL_AUTH_STATUSES = ['draft', 'pending', 'active', 'revoked'] as const
export type SealAuthStatus = (typeof SEAL_AUTH_STATUSES)[number]

/** At most one live (pending or active) authorisation of a seal per person. */
export const ONE_LIVE_AUTH_INDEX = 'seal_auths_one_live_idx'

export const sealAuths = pgTable(
  'seal_auths',
  {
    id: id(),
    sealId: text('seal_id')
      .notNull()
      .references(() => seals.id),
    /** The seal user. */
    granteePersonId: text('grantee_person_id')
      .notNull()
      .references(() => persons.id),
    /** The phone the grantee is told on and proves at acceptance (the form's, not necessarily the one on record). */
    granteePhone: text('grantee_phone').notNull(),
    /** Who authorised: the legal representative (role 1) or a manager (role 2). */
    grantorPersonId: text('grantor_person_id')
      .notNull()
      .references(() => persons.id),
    grantorRole: integer('grantor_role').notNull(),
    /** 1 authorise use, 2 authorise management. */
    authUseType: text('auth_use_type').notNull(),
    /** Authorization-flow reading: 1 signature, 2 password, 3 both. */
    useType: text('use_type').notNull(),
    scope: text('scope'),
    status: text('status', { enum: SEAL_AUTH_STATUSES }).notNull().default('draft'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    /** The letter: signed by the grantor when pending, countersigned by the grantee when active. */
    letterFileId: text('letter_file_id').references(() => files.id),
    usePasswordHash: text('use_password_hash'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** When the grantee proved the phone the authorisation was sent to (telAuth); acceptance needs it recent. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedByPersonId: text('revoked_by_person_id').references(() => persons.id),
    /**
     * When the seal user was told by SMS that the authorisation ends soon (seal-auth/expiry-notices.ts): set once, by
     * the one process whose conditional update claims it.
     */
    expiryNoticeSentAt: timestamp('expiry_notice_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('seal_auths_seal_idx').on(t.sealId, t.status),
    // What the expiry-notice job walks: authorisations in force not yet noticed, by end time.
    index('seal_auths_expiry_notice_idx')
      .on(t.endTime, t.id)
      .where(sql`status = 'active' and expiry_notice_sent_at is null`),
    index('seal_auths_grantee_idx').on(t.granteePersonId, t.status),
    uniqueIndex(ONE_LIVE_AUTH_INDEX)
      .on(t.sealId, t.granteePersonId)
      .where(sql`status in ('pending', 'active')`),
  ],
)
export type SealAuth = typeof sealAuths.$inferSelect
