import { randomBytes } from 'node:crypto'
import { eq, lt } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { platformSecret } from '../platforms/registry.ts'
import { sameSignature, sha256Hex } from '../platforms/request-signature.ts'
import { platformTokens, platforms, type Platform } from '../platforms/tables.ts'
import type { KeyWrapper } from '../trust/key-wrap.ts'
import { openApiError } from './errors.ts'

/** How long an open-API access token lives. */
export const TOKEN_TTL_MS = 2 * 3600_000
/** Expired tokens are kept a day so their holder is told "expired" rather than "invalid", then deleted. */
const EXPIRED_TOKENS_KEPT_MS = 24 * 3600_000

/**
 * Client credentials for an access token (docs/platforms.md "Access token"). A wrong client id and a
 * wrong secret get the same answer; a disabled platform is told so only once its secret is right. The
 * token is random; only its SHA-256 is stored.
 */
export async function exchangeCredentials(
  db: Database,
  keys: KeyWrapper,
  credentials: { clientId: string; clientSecret: string },
  now: Date,
): Promise<{ accessToken: string; expiresAt: Date }> {
  const [platform] = await db.select().from(platforms).where(eq(platforms.clientId, credentials.clientId))
  // The same work for an unknown client as for a known one, so a timing does not tell which it was.
  const expected = platform ? sha256Hex(await platformSecret(keys, platform)) : sha256Hex(randomBytes(32))
  if (!platform || !sameSignature(sha256Hex(credentials.clientSecret), expected)) throw openApiError('INVALID_CLIENT')
  if (platform.status !== 'active') throw openApiError('PLATFORM_DISABLED')
  const accessToken = `pat_${randomBytes(32).toString('base64url')}`
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS)
  await db.transaction(async (tx) => {
    // The secret checked above may have been rotated away, or the platform disabled, while the secret was
    // unwrapped (both delete every token in the same transaction as they change the row): the token is
    // written only under the secret and status still in place, the row held so a rotation or a disabling
    // waits for this insert and then deletes it.
    const [still] = await tx.select({ secretWrapped: platforms.secretWrapped, status: platforms.status }).from(platforms).where(eq(platforms.id, platform.id)).for('share')
    if (still?.secretWrapped !== platform.secretWrapped) throw openApiError('INVALID_CLIENT')
    if (still.status !== 'active') throw openApiError('PLATFORM_DISABLED')
    await tx.insert(platformTokens).values({ platformId: platform.id, tokenSha256: sha256Hex(accessToken), expiresAt })
  })
  return { accessToken, expiresAt }
}

/** The platform an access token speaks for, if the token is known, unexpired and the platform active. */
export async function platformOfToken(db: Database, token: string, now: Date): Promise<Platform> {
  const [row] = await db
    .select({ platform: platforms, expiresAt: platformTokens.expiresAt })
    .from(platformTokens)
    .innerJoin(platforms, eq(platforms.id, platformTokens.platformId))
    .where(eq(platformTokens.tokenSha256, sha256Hex(token)))
  if (!row) throw openApiError('TOKEN_INVALID')
  // Disabling expires the platform's tokens: while it is disabled, it is told so rather than "expired".
  if (row.platform.status !== 'active') throw openApiError('PLATFORM_DISABLED')
  if (row.expiresAt <= now) throw openApiError('TOKEN_EXPIRED')
  return row.platform
}

/** Deletes tokens long expired (housekeeping.ts). */
export async function deleteExpiredTokens(db: Database, now: Date): Promise<void> {
  await db.delete(platformTokens).where(lt(platformTokens.expiresAt, new Date(now.getTime() - EXPIRED_TOKENS_KEPT_MS)))
}
