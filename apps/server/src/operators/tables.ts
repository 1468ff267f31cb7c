import { sql } from 'drizzle-orm'
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { OperatorRole } from '@seal/shared/api/operators'
import { bytea, createdAt, id } from '../db/columns.ts'

/**
 * A person who runs the service (issue #22): reviewer, platform manager, configuration manager, auditor or
 * administrator. Created by an administrator (the first one from the command line, operators/cli.ts).
 */
export const operators = pgTable(
  'operators',
  {
    id: id(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    /** The person's resident ID number: a reviewer never decides an application he made or is named in. */
    identityNo: text('identity_no').notNull(),
    roles: jsonb('roles').$type<OperatorRole[]>().notNull(),
    /** argon2id (trust/pin.ts's parameters). */
    passwordHash: text('password_hash').notNull(),
    /** An initial password (set by an administrator) is changed at first login. */
    passwordMustChange: integer('password_must_change').notNull().default(1),
    /** Wrong passwords in a row, and the lock they set (trust/counted-secret.ts). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The TOTP secret, wrapped by the master key like every key (trust/key-wrap.ts); null until enrolled. */
    totpSecretWrapped: bytea('totp_secret_wrapped'),
    /** Confirmed by a first code: until then the secret is only offered. */
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
    /** The last time step whose code was accepted: a code is good once (replay refused). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    /** Wrong codes in a row, counted before comparing, and their lock. */
    totpFailedAttempts: integer('totp_failed_attempts').notNull().default(0),
    totpLockedUntil: timestamp('totp_locked_until', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('operators_username_uq').on(sql`lower(${t.username})`)],
)

/** An operator's session: the bearer token's SHA-256, an idle limit slid on use and an absolute end. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    operatorId: text('operator_id')
      .notNull()
      .references(() => operators.id),
    /** 'enrol': may only enrol TOTP and change the initial password; 'full': what the roles allow. */
    stage: text('stage', { enum: ['enrol', 'full'] }).notNull(),
    idleUntil: timestamp('idle_until', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
)

/** A scoped API key for automation: named, limited to roles, revocable; the key is shown once (only its SHA-256 is kept). */
export const apiKeys = pgTable('api_keys', {
  id: id(),
  name: text('name').notNull(),
  prefix: text('prefix').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  roles: jsonb('roles').$type<OperatorRole[]>().notNull(),
  createdBy: text('created_by'),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
})
