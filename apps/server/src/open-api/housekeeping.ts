import type { Database } from '../db/client.ts'
import { deleteOldIdempotencyKeys } from './idempotency.ts'
import { deleteOldNonces } from './nonces.ts'
import { deleteExpiredTokens } from './tokens.ts'

/**
 * Deletes what the open API keeps only for a while: nonces past the replay window, idempotency keys older
 * than a day, tokens long expired. main.ts runs it on the webhook worker's rounds (its `housekeeping`).
 */
export async function openApiHousekeeping(db: Database, now: Date): Promise<void> {
  await deleteOldNonces(db, now)
  await deleteOldIdempotencyKeys(db, now)
  await deleteExpiredTokens(db, now)
}
