import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../../db/columns.ts'

/**
 * One government-app face check (spec 000 §7 "Government-app face flow"): the ticket the government
 * platform opened for the caller's own identity (kept as a hash), single-use and short-lived. PENDING
 * until the platform's result is final; then SUCCESS or FAILED once, with the face verification it became
 * (face_verifications: what every face step reads). The app's authCode is kept as a hash, once.
 */
export const govFaceTickets = pgTable(
  'gov_face_tickets',
  {
    id: id(),
    ticketHash: text('ticket_hash').notNull().unique(),
    authCodeHash: text('auth_code_hash').notNull().unique(),
    requestedBy: text('requested_by').notNull(),
    personId: text('person_id').notNull(),
    identityType: text('identity_type').notNull(),
    identityNo: text('identity_no').notNull(),
    realName: text('real_name').notNull(),
    provider: text('provider').notNull(),
    status: text('status', { enum: ['PENDING', 'SUCCESS', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    msg: text('msg'),
    faceVerificationId: text('face_verification_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('gov_face_tickets_requester_idx').on(t.requestedBy, t.createdAt)],
)

/**
 * The sandbox government platform's authorisation codes (docs/providers.md "Government-app face"): what
 * its app hands the H5 for the user logged in to it, as a hash; single-use, valid 5 minutes.
 */
export const sandboxGovAuthCodes = pgTable('sandbox_gov_auth_codes', {
  codeHash: text('code_hash').primaryKey(),
  identityType: text('identity_type').notNull(),
  identityNo: text('identity_no').notNull(),
  name: text('name').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})

/**
 * The sandbox government platform's face checks: one per ticket it opened, with the selfie its app sent
 * (stored as a file) and what it decided from the sandbox person registry.
 */
export const sandboxGovFaces = pgTable('sandbox_gov_faces', {
  ticketHash: text('ticket_hash').primaryKey(),
  identityType: text('identity_type').notNull(),
  identityNo: text('identity_no').notNull(),
  name: text('name').notNull(),
  status: text('status', { enum: ['PENDING', 'SUCCESS', 'FAILED'] })
    .notNull()
    .default('PENDING'),
  msg: text('msg'),
  selfieFileId: text('selfie_file_id'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  capturedAt: timestamp('captured_at', { withTimezone: true }),
})

/**
 * Every market-regulator authentication (/samr/authentication) asked and answered: who asked, the hashes of
 * the unit's credit code and name (the legal representative's are the caller's own), the answer.
 * id is the ranId of the answer.
 */
export const samrAuthentications = pgTable(
  'samr_authentications',
  {
    id: id(),
    requestedBy: text('requested_by').notNull(),
    personId: text('person_id').notNull(),
    mode: text('mode', { enum: ['1', '2'] }).notNull(),
    socialCreditCodeHash: text('social_credit_code_hash').notNull(),
    unitNameHash: text('unit_name_hash').notNull(),
    provider: text('provider').notNull(),
    status: text('status', { enum: ['1', '2', '3', '4'] }).notNull(),
    msg: text('msg').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('samr_authentications_requester_idx').on(t.requestedBy, t.createdAt)],
)
