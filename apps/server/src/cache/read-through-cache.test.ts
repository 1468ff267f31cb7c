import { describe, expect, it } from 'vitest'
import { memoryCache } from './read-through-cache.ts'

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
    const cache = memoryCache<string>({ ttlMs: 60_000, maxEntries: 2 })
    await cache.get('a', async () => 'A')
    await cache.get('b', async () => 'B')
    cache.forget((key) => key === 'a')
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
