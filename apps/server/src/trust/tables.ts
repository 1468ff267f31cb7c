import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { persons } from '../auth/tables.ts'
import { bytea, createdAt, id } from '../db/columns.ts'

/**
 * The seal a credential, PIN or PIN reset belongs to, as their foreign keys name it: the table and its key
 * only. The seal row itself is a layer up (seals/tables.ts); trust knows a seal by its id. Not exported, so
 * not a table of the schema: drizzle-kit reads the foreign keys by these names.
 */
const sealKeys = pgTable('seals', { id: text('id').primaryKey() })

/**
 * The service's own CA: one root and one issuing CA, created at first start (trust/ca.ts). The private keys
 * are stored only wrapped by the master key (trust/key-wrap.ts).
 */
export const trustCa = pgTable('trust_ca', {
  id: id(),
  role: text('role', { enum: ['root', 'issuing'] })
    .notNull()
    .unique(),
  subject: text('subject').notNull(),
  serialNumber: text('serial_number').notNull(),
  certificateDer: bytea('certificate_der').notNull(),
  wrappedPrivateKey: bytea('wrapped_private_key').notNull(),
  /** The master key that wrapped it (KeyWrapper.keyId). */
  wrappingKeyId: text('wrapping_key_id').notNull(),
  notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
  notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
})

/** Every CRL the issuing CA published; the one with the highest number is current. */
export const trustCrls = pgTable('trust_crls', {
  id: id(),
  crlNumber: integer('crl_number').notNull().unique(),
  der: bytea('der').notNull(),
  thisUpdate: timestamp('this_update', { withTimezone: true }).notNull(),
  nextUpdate: timestamp('next_update', { withTimezone: true }).notNull(),
  /** How many revoked certificates it lists: the served CRL is re-signed when the database holds more. */
  revokedCount: integer('revoked_count'),
  createdAt: createdAt(),
})

/**
 * A seal's key pair and certificate. A seal has one active credential; a renewal or change adds a new
 * one and revokes the old (superseded), so old signatures keep a certificate to point at.
 */
export const sealCredentials = pgTable(
  'seal_credentials',
  {
    id: id(),
    sealId: text('seal_id')
      .notNull()
      .references(() => sealKeys.id),
    algorithm: text('algorithm', { enum: ['ECDSA_P256', 'RSA_2048'] }).notNull(),
    publicKeyDer: bytea('public_key_der').notNull(),
    wrappedPrivateKey: bytea('wrapped_private_key').notNull(),
    wrappingKeyId: text('wrapping_key_id').notNull(),
    certificateDer: bytea('certificate_der').notNull(),
    /** Certificate serial number, lower-case hex. */
    serialNumber: text('serial_number').notNull().unique(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['active', 'revoked'] })
      .notNull()
      .default('active'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** RFC 5280 CRLReason code as published in the CRL. */
    revocationReasonCode: integer('revocation_reason_code'),
    revocationReason: text('revocation_reason'),
    createdAt: createdAt(),
  },
  (t) => [index('seal_credentials_seal_idx').on(t.sealId)],
)

/**
 * The seal's PIN (印章密码): an argon2id hash only. Wrong attempts are counted and lock the PIN for a while.
 * A change key is handed out after a verified PIN (sealVerify) and spent by the password change.
 */
export const sealPins = pgTable('seal_pins', {
  sealId: text('seal_id')
    .primaryKey()
    .references(() => sealKeys.id),
  pinHash: text('pin_hash').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  changeKeyHash: text('change_key_hash'),
  changeKeyPersonId: text('change_key_person_id').references(() => persons.id),
  changeKeyExpiresAt: timestamp('change_key_expires_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** PIN resets after a face verification; a verification resets a PIN once. */
export const sealPinResets = pgTable(
  'seal_pin_resets',
  {
    id: id(),
    sealId: text('seal_id')
      .notNull()
      .references(() => sealKeys.id),
    faceSerialNo: text('face_serial_no').notNull(),
    personId: text('person_id')
      .notNull()
      .references(() => persons.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('seal_pin_resets_face_uq').on(t.faceSerialNo)],
)

/**
 * The service's own signing credentials (not a seal): `document-signing` signs documents a person signed
 * by hand, so that the handwriting is bound to the document by a signature verifiers accept; `timestamping`
 * is the sandbox TSA; `audit-signing` signs the heads of the hash chains (trust/chain-heads.ts). Issued by
 * the issuing CA at first use; the key is stored only wrapped.
 */
export const serviceCredentials = pgTable('service_credentials', {
  id: id(),
  purpose: text('purpose', { enum: ['document-signing', 'timestamping', 'audit-signing'] })
    .notNull()
    .unique(),
  certificateDer: bytea('certificate_der').notNull(),
  wrappedPrivateKey: bytea('wrapped_private_key').notNull(),
  wrappingKeyId: text('wrapping_key_id').notNull(),
  notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
  notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
})

export type ServiceCredential = typeof serviceCredentials.$inferSelect
