import { createRequire } from 'node:module'
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { SharedState } from './shared-state.ts'

type Result = { current: number; ttl: number }
type Callback = (error: Error | null, result?: Result) => void
/** The plugin's own stores: `incr`, the non-counting `read` (createRateLimit's `{ increment: false }`), `child`. */
type Store = FastifyRateLimitStore & { read: (key: string, callback: Callback, timeWindow: number, max: number) => void }
type StoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, target: unknown, options?: unknown) => Store

// @fastify/rate-limit's stores are not in its exports' types; they are its files, as its `redis` option uses them.
const load = createRequire(import.meta.url)
const RedisStore = load('@fastify/rate-limit/store/RedisStore.js') as StoreClass
const LocalStore = load('@fastify/rate-limit/store/LocalStore.js') as StoreClass
/** Clients a process remembers while Redis is away (the plugin's own default). */
const LOCAL_ENTRIES = 5000

/**
 * The rate-limit plugin's store. With `shared` (REDIS_URL): @fastify/rate-limit's Redis store (one atomic
 * INCR and PEXPIRE per call, under REDIS_KEY_PREFIX), so every process counts against one counter; while
 * Redis cannot be reached it counts in this process instead (the plugin's own memory store), so a client is
 * still limited, to the limit times the number of processes, and is never refused for Redis's sake
 * (docs/decisions.md "A Redis that is down"). Without: the memory store alone.
 *
 * Either way each call gets its own count: the memory store hands every caller the same counter object,
 * which it goes on incrementing, so calls arriving together all read the last count and were all refused.
 */
export function rateLimitStore(shared: SharedState | undefined): FastifyRateLimitStoreCtor {
  // The plugin constructs its store with its settings, of which these two shape the counting.
  function SharedRateLimitStore(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }): Counting {
    const continueExceeding = options.continueExceeding ?? false
    const exponentialBackoff = options.exponentialBackoff ?? false
    return new Counting(
      shared,
      shared ? new RedisStore(continueExceeding, exponentialBackoff, shared.commands, shared.key('rate-limit:')) : undefined,
      new LocalStore(continueExceeding, exponentialBackoff, LOCAL_ENTRIES),
    )
  }
  return SharedRateLimitStore as unknown as FastifyRateLimitStoreCtor
}

class Counting implements FastifyRateLimitStore {
  constructor(
    private readonly shared: SharedState | undefined,
    private readonly redis: Store | undefined,
    private readonly local: Store,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.either('incr', key, callback, timeWindow, max)
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.either('read', key, callback, timeWindow, max)
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new Counting(this.shared, this.redis?.child(routeOptions) as Store | undefined, this.local.child(routeOptions) as Store)
  }

  private either(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number) {
    const answer: Callback = (error, result) => callback(error, result && { current: result.current, ttl: result.ttl })
    const { shared, redis } = this
    if (!shared || !redis || !shared.available()) return this.local[method](key, answer, timeWindow, max)
    redis[method](
      key,
      (error, result) => {
        if (!error) return answer(null, result)
        shared.failed('rate limit', error)
        this.local[method](key, answer, timeWindow, max)
      },
      timeWindow,
      max,
    )
  }
}
