import { lt } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { REPLAY_WINDOW_SECONDS } from '../platforms/request-signature.ts'
import { platformRequestNonces } from '../platforms/tables.ts'

/**
 * Takes a request's nonce for its platform; false when it was used already. The unique index decides, so
 * two copies of one request racing cannot both pass.
 */
export async function claimNonce(db: Database, platformId: string, nonce: string): Promise<boolean> {
  const taken = await db.insert(platformRequestNonces).values({ platformId, nonce }).onConflictDoNothing().returning({ nonce: platformRequestNonces.nonce })
  return taken.length > 0
}

/**
 * Deletes nonces no request can repeat any more: a request older than the window is refused by its
 * timestamp before its nonce is looked at, so twice the window is kept (housekeeping.ts).
 */
export async function deleteOldNonces(db: Database, now: Date): Promise<void> {
  await db.delete(platformRequestNonces).where(lt(platformRequestNonces.createdAt, new Date(now.getTime() - 2 * REPLAY_WINDOW_SECONDS * 1000)))
}
