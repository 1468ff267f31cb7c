/**
 * A read-through cache of database answers that are read on every request and change rarely (the caller
 * behind a session, the configuration in force). Each process keeps its own copy in memory; with several
 * processes a forget travels to all of them over a forget channel (Redis pub/sub, redis/forget-channel.ts),
 * so a logout or a configuration change is seen everywhere at once rather than after the TTL. While the
 * channel cannot promise delivery the caches keep nothing and read through (docs/decisions.md "Sessions and
 * configuration are cached in process; forgets cross processes through Redis").
 */
export type ReadThroughCache<V, F = never> = {
  /** The cached value, or the loader's answer (cached unless undefined: misses are not remembered). */
  get: (key: string, load: () => Promise<V | undefined>) => Promise<V | undefined>
  /**
   * Forgets what `what` names (everything when omitted), and any load that was running: here at once, and
   * in every other process when the caches share a forget channel; resolves once the channel has carried it
   * (it never rejects: a forget it could not send is made good by a forget of everything when it can).
   * Call after the write has committed.
   */
  forget: (what?: F) => Promise<void>
}

/** One process's copy: what the forget channel and `cachePerDatabase` drive. */
export type LocalCache<V, F = never> = {
  get: ReadThroughCache<V, F>['get']
  /** Forgets here only. */
  forget: (what?: F) => void
  /** While on, nothing is kept: every get loads (the forget channel is down, so forgets may be lost). */
  keepNothing: (on: boolean) => void
}

/**
 * In process memory, at most `maxEntries` (oldest dropped first), each kept `ttlMs`. `matches` says which
 * entries a forget names (a forget message, plain data, so it can travel to other processes).
 */
export function memoryCache<V, F = never>(options: { ttlMs: number; maxEntries: number; matches?: (what: F, key: string, value: V) => boolean }): LocalCache<V, F> {
  const entries = new Map<string, { value: V; until: number }>()
  const loading = new Map<string, Promise<V | undefined>>()
  // A load that began before a `forget` must not store what it read: it may be the value just changed.
  let generation = 0
  let keeping = true

  const forget = (what?: F) => {
    generation++
    loading.clear()
    if (what === undefined || !options.matches) return entries.clear()
    for (const [key, entry] of entries) if (options.matches(what, key, entry.value)) entries.delete(key)
  }

  return {
    async get(key, load) {
      if (!keeping) return load()
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
            if (value !== undefined && keeping) store(key, value)
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
    forget,
    keepNothing(on) {
      keeping = !on
      forget()
    },
  }

  function store(key: string, value: V) {
    entries.delete(key)
    if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!)
    entries.set(key, { value, until: Date.now() + options.ttlMs })
  }
}

/**
 * Carries forgets between processes. `publish` sends one to every process (resolving once it has been sent
 * to all that listen; it never rejects); `listen` hears the others' and whether delivery can be promised.
 */
export type ForgetChannel = {
  publish: (cache: string, what: unknown) => Promise<void>
  listen: (listener: ForgetListener) => () => void
}

export type ForgetListener = {
  /** Another process forgot `what` (null: everything) in the cache named `cache`. */
  forget: (cache: string, what: unknown) => void
  /**
   * false: forgets from other processes may be lost from now on, so keep nothing; true: they are heard
   * again (what was kept before has been dropped, so nothing missed meanwhile is served).
   */
  delivering: (up: boolean) => void
}

/** The caches of one database handle, and the channel they share with other processes, if any. */
type Group = { caches: Map<string, LocalCache<unknown, unknown>>; channel?: ForgetChannel; delivering: boolean }
const groups = new WeakMap<object, Group>()

function groupOf(db: object): Group {
  let group = groups.get(db)
  if (!group) groups.set(db, (group = { caches: new Map(), delivering: true }))
  return group
}

/**
 * One cache per database handle, so two servers in one process (tests) never share entries. `name` names
 * the cache in forgets sent to other processes: one name per cache.
 */
export function cachePerDatabase<V, F = never>(name: string, create: () => LocalCache<V, F>): (db: object) => ReadThroughCache<V, F> {
  const views = new WeakMap<object, ReadThroughCache<V, F>>()
  return (db) => {
    let view = views.get(db)
    if (view) return view
    const group = groupOf(db)
    const local = create()
    if (!group.delivering) local.keepNothing(true)
    group.caches.set(name, local as LocalCache<unknown, unknown>)
    view = {
      get: local.get,
      async forget(what) {
        local.forget(what)
        if (group.channel) await group.channel.publish(name, what ?? null)
      },
    }
    views.set(db, view)
    return view
  }
}

/**
 * Joins the caches of `db` (those made already and those to come) to a forget channel: their forgets go to
 * every process and the others' come here. Until the channel says it delivers, they keep nothing. Returns
 * the way out (at the server's close).
 */
export function shareCaches(db: object, channel: ForgetChannel): () => void {
  const group = groupOf(db)
  group.channel = channel
  const deliver = (up: boolean) => {
    group.delivering = up
    for (const cache of group.caches.values()) cache.keepNothing(!up)
  }
  deliver(false)
  const stop = channel.listen({
    forget: (name, what) => group.caches.get(name)?.forget(what ?? undefined),
    delivering: deliver,
  })
  return () => {
    stop()
    group.channel = undefined
    deliver(true)
  }
}
