import { sql } from 'drizzle-orm'
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../db/columns.ts'
import { tripled } from '../db/search.ts'

/** A natural person, identified by ID type and number (111 = resident ID card). */
export const persons = pgTable(
  'persons',
  {
    id: id(),
    name: text('name').notNull(),
    identityType: text('identity_type').notNull().default('111'),
    identityNo: text('identity_no').notNull(),
    phone: text('phone').notNull(),
    /**
     * When the person was verified, and how (docs/decisions.md "Who is who"): the carriers' check of
     * phone + name + ID number together, or a face check against the ID. Null: self-declared only, so
     * never a legal representative, signer, manager or grantee of anyone's seal.
     */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verificationMethod: text('verification_method', { enum: ['three-element', 'face'] }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('persons_identity_uq').on(t.identityType, t.identityNo),
    index('persons_phone_idx').on(t.phone),
    // The console finds a person by ID number of any type, by exact name (the audit log's "who") and by a part
    // of the name (the seal search; the tripled text of db/search.ts).
    index('persons_identity_no_idx').on(t.identityNo),
    index('persons_name_idx').on(t.name),
    index('persons_name_trgm_idx').using('gin', sql`${tripled(t.name)} gin_trgm_ops`),
  ],
)

/** An organisation (enterprise, government or public institution), identified by its credit code. */
export const units = pgTable(
  'units',
  {
    id: id(),
    name: text('name').notNull(),
    socialCreditCode: text('social_credit_code').notNull().unique(),
    unitTypeCode: text('unit_type_code').notNull().default('02'),
    legalPersonId: text('legal_person_id')
      .notNull()
      .references(() => persons.id),
    /** Registration region: the district code of the three-level tree. */
    regionCode: text('region_code'),
    createdAt: createdAt(),
  },
  (t) => [
    // A person's unit seal list starts from the units they represent.
    index('units_legal_person_idx').on(t.legalPersonId),
    // The console's seal search by a part of the unit name (db/search.ts tripled text).
    index('units_name_trgm_idx').using('gin', sql`${tripled(t.name)} gin_trgm_ops`),
  ],
)

/**
 * Who logs in. A personal account acts for a person; an enterprise account acts for a unit through its
 * legal representative (spec 002 §4 "Start-up": enterprise login needs the legal person's name and ID).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    kind: text('kind', { enum: ['personal', 'enterprise'] }).notNull(),
    personId: text('person_id')
      .notNull()
      .references(() => persons.id),
    unitId: text('unit_id').references(() => units.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_kind_person_unit_uq').on(t.kind, t.personId, t.unitId),
    // A person's accounts (the audit log's `who`: the accounts of the persons a phone, ID number or name names).
    index('accounts_person_idx').on(t.personId),
  ],
)

/** Bearer sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable('sessions', {
  id: id(),
  tokenHash: text('token_hash').notNull().unique(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /**
   * The channel the person came through: a host channel's id when its signed launch opened the session
   * (auth/host-assertion.ts), 'h5' for our own login screens. Its configuration scope applies (config/service.ts).
   */
  channel: text('channel').notNull().default('h5'),
})

/** SMS verification codes (hashed), with the limits the providers section of DESIGN.md asks for. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose)],
)

/**
 * When a phone was last sent a code, per purpose: the 60-second rule is one conditional upsert of this
 * row, so requests arriving together cannot all pass it (auth/sms-codes.ts).
 */
export const smsSendSlots = pgTable(
  'sms_send_slots',
  {
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.phone, t.purpose] })],
)

/** `/login/record`: who entered, with or without a face check (spec 002 §4 step 4). */
export const loginRecords = pgTable('login_records', {
  id: id(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id),
  identity: text('identity').notNull(),
  name: text('name').notNull(),
  serialNoFace: text('serial_no_face'),
  type: text('type', { enum: ['face', 'non-face'] }).notNull(),
  createdAt: createdAt(),
})
