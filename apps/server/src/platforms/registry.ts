import { randomBytes } from 'node:crypto'
import { and, asc, eq, gt, or } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { uniqueViolationOf } from '../db/errors.ts'
import { businessError, notFound } from '../errors.ts'
import type { KeyWrapper } from '../trust/key-wrap.ts'
import { platformMessages } from './messages.ts'
import { platformTokens, platforms, type Platform } from './tables.ts'

/** What the operator gives when registering a platform (the operator API validates it first). */
export type PlatformInput = {
  clientName: string
  platformType: string
  usageNotes?: string | null
  totality?: number | null
  apiUrl?: string | null
  sdkUrl?: string | null
  webhookUrl?: string | null
  rateLimitPerMinute?: number
}

/**
 * Calls a minute a platform may make unless the operator says otherwise: 40 a second, what one process
 * serves of the calls that cost most (docs/decisions.md "Open-API throughput": 16–20 sealings of a
 * 50-page contract a second, each with its fetch of the sealed document). A guard against a runaway
 * loop, not a share: a platform sealing flat out fills a process before it reaches it.
 */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 2400

/** The wrapped secret is bound to its platform's client id: copied onto another row it does not unwrap. */
const secretContext = (clientId: string) => `platform-secret:${clientId}`

/**
 * Registers a platform and gives it client credentials. The secret is returned this once (the operator
 * hands it to the platform) and kept only wrapped by the master key.
 */
export async function registerPlatform(
  db: Database,
  keys: KeyWrapper,
  input: PlatformInput,
): Promise<{ platform: Platform; clientSecret: string }> {
  const clientId = `pf_${randomBytes(12).toString('hex')}`
  const { clientSecret, secretWrapped } = await newSecret(keys, clientId)
  try {
    const [platform] = await db
      .insert(platforms)
      .values({ ...input, rateLimitPerMinute: input.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE, clientId, secretWrapped })
      .returning()
    return { platform: platform!, clientSecret }
  } catch (error) {
    if (uniqueViolationOf(error) === 'platforms_client_name_uq') throw businessError(platformMessages.nameTaken)
    throw error
  }
}

async function newSecret(keys: KeyWrapper, clientId: string) {
  const clientSecret = randomBytes(32).toString('base64url')
  const secretWrapped = Buffer.from(await keys.wrap(Buffer.from(clientSecret, 'utf8'), secretContext(clientId))).toString('base64')
  return { clientSecret, secretWrapped }
}

/**
 * Secrets unwrapped in this process, by their wrapped form: every signed request needs one, and with a KMS
 * behind the key wrapper an unwrap is a network call. A rotated secret has a new wrapped form, so the old
 * entry is simply never asked for again.
 */
const unwrapped = new Map<string, string>()
const UNWRAPPED_KEPT = 1000

/** The platform's secret in the clear, for checking a request's HMAC or signing a webhook. Never log it. */
export async function platformSecret(keys: KeyWrapper, platform: Pick<Platform, 'clientId' | 'secretWrapped'>): Promise<string> {
  const known = unwrapped.get(platform.secretWrapped)
  if (known !== undefined) return known
  const plain = await keys.unwrap(Buffer.from(platform.secretWrapped, 'base64'), secretContext(platform.clientId))
  const secret = Buffer.from(plain).toString('utf8')
  if (unwrapped.size >= UNWRAPPED_KEPT) unwrapped.delete(unwrapped.keys().next().value!)
  unwrapped.set(platform.secretWrapped, secret)
  return secret
}

/** What the operator may change of a platform (its credentials change only by rotation). */
export type PlatformChange = Partial<PlatformInput> & { status?: Platform['status'] }

/**
 * Changes a platform. Disabling it ends every access token it holds, in the same transaction: enabled
 * again, it starts from its credentials, and a token from before stays dead (TOKEN_EXPIRED: get a new one).
 */
export async function updatePlatform(db: Database, platformId: string, change: PlatformChange, now = new Date()): Promise<Platform> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(platforms)
        .set({ ...change, updatedAt: now })
        .where(eq(platforms.id, platformId))
        .returning()
      if (!row) throw notFound(platformMessages.notFound)
      // Expired rather than deleted, so the platform still hears PLATFORM_DISABLED while it is (tokens.ts).
      if (change.status === 'disabled') await tx.update(platformTokens).set({ expiresAt: now }).where(and(eq(platformTokens.platformId, platformId), gt(platformTokens.expiresAt, now)))
      return row
    })
  } catch (error) {
    if (uniqueViolationOf(error) === 'platforms_client_name_uq') throw businessError(platformMessages.nameTaken)
    throw error
  }
}

/**
 * Gives the platform a new secret (returned this once) and ends every access token it holds: whoever
 * had the old secret, or a token got with it, is out at once.
 */
export async function rotatePlatformSecret(db: Database, keys: KeyWrapper, platformId: string): Promise<{ platform: Platform; clientSecret: string }> {
  const [current] = await db.select().from(platforms).where(eq(platforms.id, platformId))
  if (!current) throw notFound(platformMessages.notFound)
  const { clientSecret, secretWrapped } = await newSecret(keys, current.clientId)
  const platform = await db.transaction(async (tx) => {
    const [row] = await tx.update(platforms).set({ secretWrapped, updatedAt: new Date() }).where(eq(platforms.id, platformId)).returning()
    await tx.delete(platformTokens).where(eq(platformTokens.platformId, platformId))
    return row!
  })
  return { platform, clientSecret }
}

/** Platforms in the order they were registered, a page at a time after `afterId`. */
export async function listPlatforms(db: Database, page: { afterId?: string | undefined; limit: number }): Promise<Platform[]> {
  let after
  if (page.afterId) {
    const [anchor] = await db.select({ createdAt: platforms.createdAt, id: platforms.id }).from(platforms).where(eq(platforms.id, page.afterId))
    if (!anchor) return []
    after = or(gt(platforms.createdAt, anchor.createdAt), and(eq(platforms.createdAt, anchor.createdAt), gt(platforms.id, anchor.id)))
  }
  return db.select().from(platforms).where(after).orderBy(asc(platforms.createdAt), asc(platforms.id)).limit(page.limit)
}

/**
 * The sandbox's business platforms, present on every start so the binding screens have something to
 * choose. Their secrets are made and thrown away: to call the open API, register a platform of your own
 * through the operator API (docs/platforms.md; the sample client in examples/platform-client does).
 */
export const sandboxPlatforms: PlatformInput[] = [
  { clientName: '政府采购电子交易平台', platformType: '1', usageNotes: '用于投标文件、合同的电子签章', totality: 20 },
  { clientName: '电子税务局', platformType: '2', usageNotes: '用于涉税文书的电子签章', totality: 10 },
  { clientName: '政务服务网', platformType: '3', usageNotes: '用于政务服务申报材料的电子签章', totality: null },
]

export async function seedSandboxPlatforms(db: Database, keys: KeyWrapper): Promise<void> {
  for (const input of sandboxPlatforms) {
    const [existing] = await db.select({ id: platforms.id }).from(platforms).where(eq(platforms.clientName, input.clientName))
    if (!existing) await registerPlatform(db, keys, input)
  }
}
