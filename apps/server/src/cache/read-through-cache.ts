/**
 * A read-through cache of database answers that are read on every request and change rarely (the caller
 * behind a session, the configuration in force). The seam for several server processes: there it becomes
 * Redis (or PostgreSQL LISTEN/NOTIFY), and until then the TTL bounds how long another process can serve a
 * value this one has already invalidated (docs/decisions.md).
 */
export type ReadThroughCache<V> = {
  /** The cached value, or the loader's answer (cached unless undefined: misses are not remembered). */
  get: (key: string, load: () => Promise<V | undefined>) => Promise<V | undefined>
  /** Forgets the entries that match, and any load that was running: call after the write has committed. */
  forget: (match?: (key: string, value: V) => boolean) => void
}

/** In process memory, at most `maxEntries` (oldest dropped first), each kept `ttlMs`. */
export function memoryCache<V>(options: { ttlMs: number; maxEntries: number }): ReadThroughCache<V> {
  const entries = new Map<string, { value: V; until: number }>()
  const loading = new Map<string, Promise<V | undefined>>()
  // A load that began before a `forget` must not store what it read: it may be the value just changed.
  let generation = 0

  return {
    async get(key, load) {
      const entry = entries.get(key)
      if (entry && entry.until > Date.now()) return entry.value
      // Requests arriving together on a cold key share one load.
      const running = loading.get(key)
      if (running) return running
      const startedIn = generation
      const promise = load().then(
        (value) => {
          if (generation === startedIn) {
            loading.delete(key)
            if (value !== undefined) store(key, value)
          }
          return value
        },
        (error: unknown) => {
          if (generation === startedIn) loading.delete(key)
          throw error
        },
      )
      loading.set(key, promise)
      return promise
    },
    forget(match) {
      generation++
      loading.clear()
      if (!match) return entries.clear()
      for (const [key, entry] of entries) if (match(key, entry.value)) entries.delete(key)
    },
  }

  function store(key: string, value: V) {
    entries.delete(key)
    if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!)
    entries.set(key, { value, until: Date.now() + options.ttlMs })
  }
}

/** One cache per database handle, so two servers in one process (tests) never share entries. */
export function cachePerDatabase<V>(create: () => ReadThroughCache<V>): (db: object) => ReadThroughCache<V> {
  const caches = new WeakMap<object, ReadThroughCache<V>>()
  return (db) => {
    let cache = caches.get(db)
    if (!cache) caches.set(db, (cache = create()))
    return cache
  }
}
