import { randomBytes } from 'node:crypto'
import type { SharedState } from './shared-state.ts'

/** The shape of plugins/duplicate-guard.ts's InFlightStore (this layer sits below it). */
type InFlightKeys = {
  claim: (key: string) => Promise<boolean>
  release: (key: string) => Promise<void>
}

/**
 * How long a claim lives in Redis without being renewed: a process that dies mid-request frees its keys
 * within this time. A request that runs longer keeps its key by renewing it every third of the lease.
 */
export const IN_FLIGHT_LEASE_MS = 15_000

// Renew or delete only our own claim: after a lease ran out another request may hold the key.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`

/**
 * The duplicate guard's keys in Redis, so the same request in flight on two processes is refused once:
 * SET key token NX PX lease, renewed while the request runs, deleted (if still ours) when it ends.
 *
 * Every claim is also held in this process, so a duplicate meeting its twin here is refused without asking
 * Redis. While Redis cannot be reached, that is all there is: duplicates meeting in one process are still
 * refused, and a pair split over two processes runs twice and meets the database's own
 * rules (unique indexes, conditional updates), which never depended on this guard (docs/decisions.md).
 */
export function redisInFlightStore(shared: SharedState, options: { leaseMs?: number } = {}): InFlightKeys {
  const leaseMs = options.leaseMs ?? IN_FLIGHT_LEASE_MS
  const held = new Map<string, { token: string; renew: NodeJS.Timeout } | 'claiming' | 'here'>()
  const redisKey = (key: string) => shared.key(`in-flight:${key}`)

  return {
    async claim(key) {
      // In flight here already, whichever store holds it.
      if (held.has(key)) return false
      held.set(key, 'claiming')
      if (shared.available()) {
        const token = randomBytes(12).toString('base64url')
        try {
          const taken = await shared.commands.set(redisKey(key), token, 'PX', leaseMs, 'NX')
          if (taken !== 'OK') {
            held.delete(key)
            return false
          }
          const renew = setInterval(() => {
            shared.commands.eval(RENEW, 1, redisKey(key), token, leaseMs).catch((error: unknown) => shared.failed('duplicate guard', error))
          }, leaseMs / 3).unref()
          held.set(key, { token, renew })
          return true
        } catch (error) {
          shared.failed('duplicate guard', error)
        }
      }
      held.set(key, 'here')
      return true
    },
    async release(key) {
      const claim = held.get(key)
      if (!claim || claim === 'claiming') return
      held.delete(key)
      if (claim === 'here') return
      clearInterval(claim.renew)
      // Not released (Redis away): the lease ends it.
      await shared.commands.eval(RELEASE, 1, redisKey(key), claim.token).catch((error: unknown) => shared.failed('duplicate guard', error))
    },
  }
}
