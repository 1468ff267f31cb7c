import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { persons, units } from '../auth/tables.ts'
import { createdAt, id } from '../db/columns.ts'
import { files } from '../files/tables.ts'
import { seals } from '../seals/tables.ts'

/**
 * One authorisation of a seal to a person (spec 000 §3 "Authorization item", §4), through its life:
 *
 * - `draft`: the grantor filled the form (the spec's stashAuthId); nobody is authorised yet.
 * - `pending`: the grantor signed the letter with the seal; the grantee is told and must accept (授权中).
 * - `active`: the grantee proved their phone, set their password or handwriting, countersigned (已授权).
 * - `revoked`: cancelled by the grantor or given up by the grantee (已失效). An active authorisation whose
 *   end time has passed is also 已失效; that is read from `end_time`, not written.
 *
 * The grantee's use password is hashed (argon2id) like a seal PIN and counted like one.
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
     * When the seal user was told by SMS that the authorisation ends soon (expiry-notices.ts): set once, by
     * the one process whose conditional update claims it.
     */
    expiryNoticeSentAt: timestamp('expiry_notice_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('seal_auths_seal_idx').on(t.sealId, t.status),
    // What the expiry-notice job walks: authorisations in force not yet noticed, by end time.
    index('seal_auths_expiry_notice_idx').on(t.endTime, t.id).where(sql`status = 'active' and expiry_notice_sent_at is null`),
    index('seal_auths_grantee_idx').on(t.granteePersonId, t.status),
    uniqueIndex(ONE_LIVE_AUTH_INDEX)
      .on(t.sealId, t.granteePersonId)
      .where(sql`status in ('pending', 'active')`),
  ],
)
export type SealAuth = typeof sealAuths.$inferSelect

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
