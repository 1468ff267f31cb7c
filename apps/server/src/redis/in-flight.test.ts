import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redisInFlightStore } from './in-flight.ts'
import { openSharedState, type SharedState } from './shared-state.ts'
import { forgetAll } from './test-support.ts'

const REDIS_URL = process.env.REDIS_URL
const quiet = { info: () => {}, warn: () => {} }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The duplicate guard's keys in Redis, between two processes' stores, with a lease short enough to watch. */
describe.skipIf(!REDIS_URL)('requests in flight held in Redis', () => {
  const keyPrefix = `seal-test-${randomBytes(6).toString('hex')}:`
  let one: SharedState
  let two: SharedState
  beforeAll(async () => {
    one = await openSharedState({ url: REDIS_URL!, keyPrefix, log: quiet })
    two = await openSharedState({ url: REDIS_URL!, keyPrefix, log: quiet })
  })
  afterAll(async () => {
    await one?.close()
    await two?.close()
    await forgetAll(REDIS_URL!, keyPrefix)
  })

  it('keeps a key past its lease while the request runs, and frees it when the request ends', async () => {
    const [here, there] = [redisInFlightStore(one, { leaseMs: 300 }), redisInFlightStore(two, { leaseMs: 300 })]
    expect(await here.claim('slow')).toBe(true)
    expect(await here.claim('slow')).toBe(false)
    expect(await there.claim('slow')).toBe(false)
    await sleep(800) // more than two leases: renewed meanwhile
    expect(await there.claim('slow')).toBe(false)
    await here.release('slow')
    expect(await there.claim('slow')).toBe(true)
    await there.release('slow')
  })

  it('frees the key of a process that died mid-request when its lease runs out', async () => {
    const dying = await openSharedState({ url: REDIS_URL!, keyPrefix, log: quiet })
    expect(await redisInFlightStore(dying, { leaseMs: 300 }).claim('orphan')).toBe(true)
    dying.commands.disconnect() // dies: no release, no more renewals
    dying.subscriber.disconnect()
    const there = redisInFlightStore(two, { leaseMs: 300 })
    expect(await there.claim('orphan')).toBe(false)
    await sleep(500)
    expect(await there.claim('orphan')).toBe(true)
    await there.release('orphan')
  })

  it('never deletes a key another request took after its own lease ran out', async () => {
    const here = redisInFlightStore(one, { leaseMs: 200 })
    expect(await here.claim('late')).toBe(true)
    // The renewals stop reaching Redis (the key is taken from under it, as an expired lease would be).
    await one.commands.del(`${keyPrefix}in-flight:late`)
    const there = redisInFlightStore(two, { leaseMs: 60_000 })
    expect(await there.claim('late')).toBe(true)
    await here.release('late')
    expect(await redisInFlightStore(two).claim('late')).toBe(false)
    await there.release('late')
  })
})
