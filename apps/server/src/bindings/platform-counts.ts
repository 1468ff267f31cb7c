import { cachePerDatabase, memoryCache } from '../cache/read-through-cache.ts'
import type { Database } from '../db/client.ts'
import { countBindingsInEffectByPlatform } from './state.ts'

/**
 * How long the platform list's counts (alreadyBind) are kept before they are counted again. Counting every
 * binding in effect of every platform joins each to its seal (the state is computed, state.ts): tens of
 * milliseconds at 100k bindings, too much for a list every binding journey opens (decisions.md "Binding
 * records at scale"). A binding, cancellation or rebinding forgets them at once, in every process with
 * REDIS_URL; a seal cancelled shows within this time. The totality check at binding time counts
 * exactly, under the platform's row lock (service.ts), so a stale count never lets a platform take one
 * seal too many.
 */
export const PLATFORM_COUNTS_TTL_MS = 10_000

const countsCache = cachePerDatabase('platform-counts', () => memoryCache<Map<string, number>>({ ttlMs: PLATFORM_COUNTS_TTL_MS, maxEntries: 1 }))

/** The bindings in effect on each platform (platforms with none are absent), at most 10 s old. */
export async function bindingsInEffectByPlatform(db: Database, now: Date): Promise<Map<string, number>> {
  // Callers arriving while it counts share the one statement.
  return (await countsCache(db).get('all', () => countBindingsInEffectByPlatform(db, now)))!
}

/**
 * Forgets the counts after a binding changed (bound, cancelled, rebound): call with the database the
 * list reads (not a transaction), after the change has committed.
 */
export function forgetPlatformCounts(db: Database): void {
  void countsCache(db).forget()
}
