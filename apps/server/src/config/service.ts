import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Caller } from '../plugins/caller.ts'
import { cachePerDatabase, memoryCache } from '../cache/read-through-cache.ts'
import type { Database } from '../db/client.ts'
import { configDefaults, type AppConfig, type ConfigKey } from '@seal/shared/api/config'
import { configEntries } from './tables.ts'

/** Whose configuration: the channel they came through, their unit, themselves (each optional). */
export type ConfigIdentity = { channel?: string | null; socialCreditCode?: string | null; identityNo?: string | null }

/**
 * Scopes from widest to narrowest; a narrower one wins key by key: global, the channel (many units come
 * through one), the unit, the person.
 */
export function scopesOf(identity: ConfigIdentity): string[] {
  const scopes = ['global']
  if (identity.channel) scopes.push(`channel:${identity.channel}`)
  if (identity.socialCreditCode) scopes.push(`unit:${identity.socialCreditCode}`)
  if (identity.identityNo) scopes.push(`person:${identity.identityNo}`)
  return scopes
}

/**
 * How long resolved configuration is kept before it is read again. A change is seen at once by every
 * process (with REDIS_URL, through the caches' forget channel); this TTL bounds only what a lost forget
 * could leave (docs/decisions.md "Sessions and configuration are cached").
 */
export const CONFIG_CACHE_TTL_MS = 10_000

const configCache = cachePerDatabase('config', () => memoryCache<Readonly<AppConfig>>({ ttlMs: CONFIG_CACHE_TTL_MS, maxEntries: 10_000 }))

/**
 * The configuration in force for an identity (spec 002 §4 step 2: "query configuration by identity").
 * Read on every start-up call, so cached per scope list; the answer is shared: never modify it.
 */
export async function resolveConfig(db: Database, identity: ConfigIdentity): Promise<Readonly<AppConfig>> {
  const scopes = scopesOf(identity)
  return (await configCache(db).get(scopes.join(' '), () => loadConfig(db, scopes)))!
}

async function loadConfig(db: Database, scopes: string[]): Promise<Readonly<AppConfig>> {
  const rows = await db.select().from(configEntries).where(inArray(configEntries.scope, scopes))
  const resolved = { ...configDefaults } as Record<string, unknown>
  for (const scope of scopes) {
    for (const row of rows) if (row.scope === scope && row.key in configDefaults) resolved[row.key] = row.value
  }
  return Object.freeze(resolved as AppConfig)
}

/** The configuration for whoever calls: their channel, unit and person scopes (only global before login). */
export const configForCaller = (db: Database, caller: Caller | null) => resolveConfig(db, configIdentityOf(caller))

export const configIdentityOf = (caller: Caller | null): ConfigIdentity => ({
  channel: caller?.channel,
  socialCreditCode: caller?.unit?.socialCreditCode,
  identityNo: caller?.person.identityNo,
})

export async function setConfig(db: Database, entry: { scope: string; key: ConfigKey; value: unknown }): Promise<void> {
  await db
    .insert(configEntries)
    .values({ scope: entry.scope, key: entry.key, value: entry.value })
    .onConflictDoUpdate({
      target: [configEntries.scope, configEntries.key],
      set: { value: entry.value, updatedAt: sql`now()` },
    })
  await configCache(db).forget()
}

export async function removeConfig(db: Database, entry: { scope: string; key: ConfigKey }): Promise<void> {
  await db.delete(configEntries).where(and(eq(configEntries.scope, entry.scope), eq(configEntries.key, entry.key)))
  await configCache(db).forget()
}
