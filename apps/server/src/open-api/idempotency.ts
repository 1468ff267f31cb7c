import { randomBytes } from 'node:crypto'
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { platformIdempotencyKeys } from '../platforms/tables.ts'
import { openApiError } from './errors.ts'

/**
 * Idempotent sealing (docs/platforms.md "Retrying a sealing"). A platform that lost an answer sends the
 * same POST /open/v1/documents again with the same `Idempotency-Key`; it hears the first answer (the same
 * document), and no second signature or use record is made.
 *
 * - The unique index on (platform, key) decides which request runs: it takes the key with a lease.
 * - Another request with the key and the same body answers the stored result once there is one, and
 *   IDEMPOTENCY_KEY_IN_PROGRESS (409, Retry-After) while the first still runs; with another body,
 *   IDEMPOTENCY_KEY_REUSED (409).
 * - The result is written in the sealing's own transaction, only while the lease is still the writer's
 *   (`completeIdempotencyKey`); a request that fails gives the key back (`releaseIdempotencyKey`), so it
 *   may be sent again; one that crashed holds it until its lease runs out, then a retry takes it over.
 * - A key is kept 24 hours; after that it is new again.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
/** Set on an answer given again for a retry (the first request's), as other APIs with idempotency keys do. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed'
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000
/**
 * How long a running request holds its key without renewing it. The request renews it every
 * IDEMPOTENCY_LEASE_RENEW_MS while it runs (`renewIdempotencyLease`), so a sealing of any length keeps its
 * key, and a process that dies mid-request (a crash, kill -9) blocks the retries only until the lease runs
 * out: 30 s. Should a request stall past it (its process frozen), the retry that takes over may sign too,
 * but only one of the two writes its document and use record (the other's completion finds the lease gone
 * and rolls back).
 */
export const IDEMPOTENCY_LEASE_MS = 30_000
export const IDEMPOTENCY_LEASE_RENEW_MS = 10_000
/** Retry-After for a key in use: soon, but not a busy loop. */
const IN_PROGRESS_RETRY_SECONDS = 2

/** The key a running request holds. */
export type IdempotencyLease = { rowId: string; token: string }

export type IdempotencyClaim = { kind: 'run'; lease: IdempotencyLease } | { kind: 'replay'; response: unknown }

/** The request's key, if it sent one; a malformed one is refused (IDEMPOTENCY_KEY_INVALID). */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers[IDEMPOTENCY_KEY_HEADER]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) throw openApiError('IDEMPOTENCY_KEY_INVALID')
  return value
}

/**
 * Takes the key for this request, or answers what an earlier request with it left: its stored answer
 * (`replay`), or a refusal (in progress; used for another body). A few rounds, since a key given back or
 * run out between the insert and the read is free again.
 */
export async function claimIdempotencyKey(
  db: Database,
  input: { platformId: string; key: string; requestSha256: string; now: Date },
): Promise<IdempotencyClaim> {
  const { platformId, key, requestSha256, now } = input
  const token = randomBytes(16).toString('hex')
  const leaseUntil = new Date(now.getTime() + IDEMPOTENCY_LEASE_MS)
  const forgottenBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)
  for (let round = 0; round < 3; round++) {
    const [taken] = await db
      .insert(platformIdempotencyKeys)
      .values({ platformId, idempotencyKey: key, requestSha256, leaseToken: token, leaseUntil, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: platformIdempotencyKeys.id })
    if (taken) return { kind: 'run', lease: { rowId: taken.id, token } }

    const [earlier] = await db
      .select()
      .from(platformIdempotencyKeys)
      .where(and(eq(platformIdempotencyKeys.platformId, platformId), eq(platformIdempotencyKeys.idempotencyKey, key)))
    if (!earlier) continue
    const forgotten = earlier.createdAt <= forgottenBefore
    if (!forgotten) {
      if (earlier.requestSha256 !== requestSha256) throw openApiError('IDEMPOTENCY_KEY_REUSED')
      if (earlier.completedAt) return { kind: 'replay', response: earlier.response }
      if (earlier.leaseUntil && earlier.leaseUntil > now) throw openApiError('IDEMPOTENCY_KEY_IN_PROGRESS', undefined, IN_PROGRESS_RETRY_SECONDS)
    }
    // A key older than a day is new again; one whose request crashed (lease run out, no result) is taken
    // over. The condition decides between retries racing for it.
    const [takenOver] = await db
      .update(platformIdempotencyKeys)
      .set({ requestSha256, leaseToken: token, leaseUntil, documentId: null, response: null, completedAt: null, createdAt: now })
      .where(
        and(
          eq(platformIdempotencyKeys.id, earlier.id),
          or(
            lte(platformIdempotencyKeys.createdAt, forgottenBefore),
            and(isNull(platformIdempotencyKeys.completedAt), lte(platformIdempotencyKeys.leaseUntil, now)),
          ),
        ),
      )
      .returning({ id: platformIdempotencyKeys.id })
    if (takenOver) return { kind: 'run', lease: { rowId: takenOver.id, token } }
  }
  throw openApiError('IDEMPOTENCY_KEY_IN_PROGRESS', undefined, IN_PROGRESS_RETRY_SECONDS)
}

/**
 * Writes the request's answer under its key, inside the transaction that writes the document and its use
 * record. If the lease is no longer this request's (it ran past it and a retry took over), the transaction
 * is refused, so that only one of them leaves a document.
 */
export async function completeIdempotencyKey(tx: Database, lease: IdempotencyLease, result: { documentId: string; response: unknown; now: Date }) {
  const [done] = await tx
    .update(platformIdempotencyKeys)
    .set({ documentId: result.documentId, response: result.response, completedAt: result.now, leaseToken: null, leaseUntil: null })
    .where(and(eq(platformIdempotencyKeys.id, lease.rowId), eq(platformIdempotencyKeys.leaseToken, lease.token)))
    .returning({ id: platformIdempotencyKeys.id })
  if (!done) throw openApiError('IDEMPOTENCY_KEY_IN_PROGRESS', undefined, IN_PROGRESS_RETRY_SECONDS)
}

/** Moves a running request's lease on; false when it is no longer this request's. */
export async function renewIdempotencyLease(db: Database, lease: IdempotencyLease, now: Date): Promise<boolean> {
  const renewed = await db
    .update(platformIdempotencyKeys)
    .set({ leaseUntil: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS) })
    .where(and(eq(platformIdempotencyKeys.id, lease.rowId), eq(platformIdempotencyKeys.leaseToken, lease.token), isNull(platformIdempotencyKeys.completedAt)))
    .returning({ id: platformIdempotencyKeys.id })
  return renewed.length > 0
}

/** Gives the key back after a refusal or a failure, so the platform may send the request again. */
export async function releaseIdempotencyKey(db: Database, lease: IdempotencyLease) {
  await db
    .delete(platformIdempotencyKeys)
    .where(and(eq(platformIdempotencyKeys.id, lease.rowId), eq(platformIdempotencyKeys.leaseToken, lease.token), isNull(platformIdempotencyKeys.completedAt)))
}

/** Deletes keys older than a day (housekeeping.ts); a key still leased is left alone. */
export async function deleteOldIdempotencyKeys(db: Database, now: Date) {
  await db
    .delete(platformIdempotencyKeys)
    .where(
      and(
        lt(platformIdempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)),
        sql`(${platformIdempotencyKeys.leaseUntil} is null or ${platformIdempotencyKeys.leaseUntil} < ${now})`,
      ),
    )
}
