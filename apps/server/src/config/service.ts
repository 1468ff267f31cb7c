import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Caller } from '../auth/caller.ts'
import type { Database } from '../db/client.ts'
import { configDefaults, type AppConfig, type ConfigKey } from '@seal/shared/api/config'
import { configEntries } from './tables.ts'

/** Scopes from widest to narrowest; a narrower one wins key by key. */
export function scopesOf(identity: { socialCreditCode?: string | null; identityNo?: string | null }): string[] {
  const scopes = ['global']
  if (identity.socialCreditCode) scopes.push(`unit:${identity.socialCreditCode}`)
  if (identity.identityNo) scopes.push(`person:${identity.identityNo}`)
  return scopes
}

/** The configuration in force for an identity (spec 002 §4 step 2: "query configuration by identity"). */
export async function resolveConfig(
  db: Database,
  identity: { socialCreditCode?: string | null; identityNo?: string | null },
): Promise<AppConfig> {
  const scopes = scopesOf(identity)
  const rows = await db.select().from(configEntries).where(inArray(configEntries.scope, scopes))
  const resolved = { ...configDefaults } as Record<string, unknown>
  for (const scope of scopes) {
    for (const row of rows) if (row.scope === scope && row.key in configDefaults) resolved[row.key] = row.value
  }
  return resolved as AppConfig
}

export const configForCaller = (db: Database, caller: Caller | null) =>
  resolveConfig(db, { socialCreditCode: caller?.unit?.socialCreditCode, identityNo: caller?.person.identityNo })

export async function setConfig(db: Database, entry: { scope: string; key: ConfigKey; value: unknown }): Promise<void> {
  await db
    .insert(configEntries)
    .values({ scope: entry.scope, key: entry.key, value: entry.value })
    .onConflictDoUpdate({
      target: [configEntries.scope, configEntries.key],
      set: { value: entry.value, updatedAt: sql`now()` },
    })
}

export async function removeConfig(db: Database, entry: { scope: string; key: ConfigKey }): Promise<void> {
  await db.delete(configEntries).where(and(eq(configEntries.scope, entry.scope), eq(configEntries.key, entry.key)))
}
