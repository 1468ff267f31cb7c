import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, jsonValue } from '../db/columns.ts'
import { files } from '../files/tables.ts'
import { seals } from '../seals/tables.ts'

/**
 * A business platform (spec 002 §3 "Platform": clientName, totality, platformType; its config holds apiUrl
 * and sdkUrl) that seals can be bound to, and a client of our open API (/open/v1): it authenticates with
 * `clientId` and a secret, signs every request with the secret (HMAC), and receives signed webhooks.
 *
 * The secret is needed in the clear to check and make HMACs, so it is kept wrapped by the master key like a
 * seal key (`secretWrapped`), never hashed and never logged. Registered and changed through the operator API.
 */
export const PLATFORM_STATUSES = ['active', 'disabled'] as const

export const platforms = pgTable(
  'platforms',
  {
    id: id(),
    /** Full name, searched by the binding screen (/binding/platform). */
    clientName: text('client_name').notNull(),
    /** The spec's platformType: which configuration (apiUrl, sdkUrl) the platform uses. */
    platformType: text('platform_type').notNull(),
    /** Usage notes shown under the name in the platform list. */
    usageNotes: text('usage_notes'),
    /** How many seals the platform accepts in all (the list's "(applied/total)"); null: no limit. */
    totality: integer('totality'),
    apiUrl: text('api_url'),
    sdkUrl: text('sdk_url'),
    /** Where binding and seal events are delivered; null: the platform takes no webhooks. */
    webhookUrl: text('webhook_url'),
    clientId: text('client_id').notNull(),
    secretWrapped: text('secret_wrapped').notNull(),
    /** Open-API calls a minute this platform may make (per-platform rate limit). */
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(600),
    status: text('status', { enum: PLATFORM_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('platforms_client_id_uq').on(t.clientId),
    uniqueIndex('platforms_client_name_uq').on(t.clientName),
  ],
)
export type Platform = typeof platforms.$inferSelect

/** An open-API access token: only its SHA-256 is kept; it lives until `expiresAt`. */
export const platformTokens = pgTable(
  'platform_tokens',
  {
    id: id(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id),
    tokenSha256: text('token_sha256').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('platform_tokens_sha_uq').on(t.tokenSha256), index('platform_tokens_platform_idx').on(t.platformId)],
)

/**
 * The nonces of signed open-API requests seen inside the replay window: a second request with the same
 * nonce is refused by the unique index, so two copies racing cannot both pass. Rows older than the window
 * are deleted as new ones arrive.
 */
export const platformRequestNonces = pgTable(
  'platform_request_nonces',
  {
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id),
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('platform_request_nonces_uq').on(t.platformId, t.nonce), index('platform_request_nonces_time_idx').on(t.createdAt)],
)

/** A document a platform had sealed through the open API: the sealed file, fetched later by its id. */
export const platformDocuments = pgTable(
  'platform_documents',
  {
    id: id(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id),
    sealId: text('seal_id')
      .notNull()
      .references(() => seals.id),
    /** The sealed PDF (stored before this row is written). */
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('platform_documents_platform_idx').on(t.platformId, t.createdAt)],
)

/**
 * An `Idempotency-Key` a platform sent with POST /open/v1/documents (docs/platforms.md "Retrying a
 * sealing"): the unique index on (platform, key) lets exactly one request seal; the others with the same
 * key and body answer its result. While a request runs it holds a lease (`leaseToken` until `leaseUntil`),
 * so a crashed one blocks the key only until the lease runs out; the result (`response`, `documentId`) is
 * written in the same transaction as the document and its use record, on the condition that the lease is
 * still the writer's. Kept 24 hours from `createdAt`.
 */
export const platformIdempotencyKeys = pgTable(
  'platform_idempotency_keys',
  {
    id: id(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 (hex) of the request body's bytes: the same key with another body is refused. */
    requestSha256: text('request_sha256').notNull(),
    /** The running request's own token; null once the result is written. */
    leaseToken: text('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    documentId: text('document_id').references(() => platformDocuments.id),
    /** The answer the first request gave, given again to every retry. */
    response: jsonValue('response'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('platform_idempotency_keys_uq').on(t.platformId, t.idempotencyKey), index('platform_idempotency_keys_time_idx').on(t.createdAt)],
)

/**
 * One event to tell a platform about (binding made, cancelled, rebound; a seal it uses cancelled, changed,
 * renewed), delivered to its webhook URL, signed, retried with backoff until delivered or out of attempts.
 * Written in the same transaction as the change it reports, so no event is lost to a crash; a worker
 * picks due rows (`next_attempt_at`) and records every attempt in `webhook_attempts`.
 */
export const WEBHOOK_STATUSES = ['pending', 'delivered', 'failed'] as const

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id),
    event: text('event').notNull(),
    payload: jsonValue('payload').notNull(),
    status: text('status', { enum: WEBHOOK_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a worker is delivering it, so two workers never send the same row at once. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_platform_idx').on(t.platformId, t.createdAt),
  ],
)

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    attempt: integer('attempt').notNull(),
    /** The receiver's HTTP status; null when it could not be reached. */
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
)
