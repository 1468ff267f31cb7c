import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import type { KeyWrapper } from '../trust/key-wrap.ts'
import { platforms, type Platform } from './tables.ts'

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
  const clientSecret = randomBytes(32).toString('base64url')
  const secretWrapped = Buffer.from(await keys.wrap(Buffer.from(clientSecret, 'utf8'), secretContext(clientId))).toString('base64')
  const [platform] = await db
    .insert(platforms)
    .values({ ...input, clientId, secretWrapped })
    .returning()
  return { platform: platform!, clientSecret }
}

/** The platform's secret in the clear, for checking a request's HMAC or signing a webhook. Never log it. */
export async function platformSecret(keys: KeyWrapper, platform: Pick<Platform, 'clientId' | 'secretWrapped'>): Promise<string> {
  const plain = await keys.unwrap(Buffer.from(platform.secretWrapped, 'base64'), secretContext(platform.clientId))
  return Buffer.from(plain).toString('utf8')
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
