import { describe, expect, it } from 'vitest'
import { cachePerDatabase, memoryCache, shareCaches, type ForgetChannel, type ForgetListener } from './read-through-cache.ts'

describe('memory read-through cache', () => {
  it('loads once for requests arriving together and answers later ones from memory', async () => {
    const cache = memoryCache<number>({ ttlMs: 60_000, maxEntries: 10 })
    let loads = 0
    const load = async () => {
      loads++
      await new Promise((resolve) => setTimeout(resolve, 10))
      return 42
    }
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual([42, 42, 42])
    expect(await cache.get('k', load)).toBe(42)
    expect(loads).toBe(1)
  })

  it('does not keep a value read before it was forgotten (a logout racing a request)', async () => {
    const cache = memoryCache<string>({ ttlMs: 60_000, maxEntries: 10 })
    let release!: () => void
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = () => resolve('before the change'))))
    cache.forget()
    release()
    expect(await slow).toBe('before the change')
    expect(await cache.get('k', async () => 'after the change')).toBe('after the change')
  })

  it('forgets only what matches, never remembers a miss, and drops the oldest entry when full', async () => {
    const cache = memoryCache<string, { key: string }>({ ttlMs: 60_000, maxEntries: 2, matches: (what, key) => key === what.key })
    await cache.get('a', async () => 'A')
    await cache.get('b', async () => 'B')
    cache.forget({ key: 'a' })
    expect(await cache.get('a', async () => 'A2')).toBe('A2')
    expect(await cache.get('b', async () => 'B2')).toBe('B')
    expect(await cache.get('none', async () => undefined)).toBeUndefined()
    expect(await cache.get('none', async () => 'found')).toBe('found')
    // 'b' was the oldest of a full cache when 'none' arrived.
    expect(await cache.get('b', async () => 'B3')).toBe('B3')
  })

  it('reads again once the time to live has passed', async () => {
    const cache = memoryCache<string>({ ttlMs: 20, maxEntries: 10 })
    await cache.get('k', async () => 'old')
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(await cache.get('k', async () => 'new')).toBe('new')
  })
})

/** A forget channel between the "processes" of one test: what Redis pub/sub does between real ones. */
function testChannel() {
  const listeners = new Set<ForgetListener>()
  let up = true
  const channel = (self: { listener?: ForgetListener }): ForgetChannel => ({
    async publish(cache, what) {
      if (up) for (const listener of listeners) if (listener !== self.listener) listener.forget(cache, what)
    },
    listen(listener) {
      self.listener = listener
      listeners.add(listener)
      listener.delivering(up)
      return () => listeners.delete(listener)
    },
  })
  return {
    join: () => channel({}),
    setUp(value: boolean) {
      up = value
      for (const listener of listeners) listener.delivering(value)
    },
  }
}

describe('caches shared by several processes through a forget channel', () => {
  const cacheOf = cachePerDatabase('test-values', () =>
    memoryCache<string, { key: string }>({ ttlMs: 60_000, maxEntries: 10, matches: (what, key) => key === what.key }),
  )

  it('forgets in every process what one forgets, and only what it names', async () => {
    const bus = testChannel()
    const [one, two] = [{}, {}]
    shareCaches(one, bus.join())
    shareCaches(two, bus.join())
    await cacheOf(two).get('a', async () => 'A')
    await cacheOf(two).get('b', async () => 'B')
    await cacheOf(one).forget({ key: 'a' })
    expect(await cacheOf(two).get('a', async () => 'A2')).toBe('A2')
    expect(await cacheOf(two).get('b', async () => 'B2')).toBe('B')
    await cacheOf(one).forget()
    expect(await cacheOf(two).get('b', async () => 'B3')).toBe('B3')
  })

  it('keeps nothing while the channel cannot deliver, and serves nothing from before once it can again', async () => {
    const bus = testChannel()
    const [one, two] = [{}, {}]
    shareCaches(one, bus.join())
    shareCaches(two, bus.join())
    await cacheOf(two).get('k', async () => 'before')
    bus.setUp(false)
    // A change made meanwhile in process one never reaches process two ...
    await cacheOf(one).forget({ key: 'k' })
    // ... which reads through while it cannot hear forgets, and keeps nothing.
    expect(await cacheOf(two).get('k', async () => 'during')).toBe('during')
    expect(await cacheOf(two).get('k', async () => 'during, again')).toBe('during, again')
    bus.setUp(true)
    expect(await cacheOf(two).get('k', async () => 'after')).toBe('after')
    expect(await cacheOf(two).get('k', async () => 'cached')).toBe('after')
  })

  it('keeps nothing before the channel first delivers, and keeps again in one process once left', async () => {
    const bus = testChannel()
    bus.setUp(false)
    const db = {}
    const leave = shareCaches(db, bus.join())
    await cacheOf(db).get('k', async () => 'first')
    expect(await cacheOf(db).get('k', async () => 'second')).toBe('second')
    leave()
    await cacheOf(db).get('k', async () => 'third')
    expect(await cacheOf(db).get('k', async () => 'fourth')).toBe('third')
  })
})
