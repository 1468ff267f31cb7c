import { createHash } from 'node:crypto'
import { AppError } from '../errors.ts'
import type { SharedState } from './shared-state.ts'

/** Said when a once-only id cannot be checked because Redis is away: the caller may try again shortly. */
export const SHARED_STATE_BUSY = '系统繁忙，请稍后再试'

/**
 * Ids that may be used once until they expire (a host channel's login assertion, by channel and jti), in
 * Redis so that every process knows them: SET key NX PXAT expiry. The shape of auth/host-assertion.ts's
 * UsedAssertions.
 *
 * While Redis cannot be reached a claim is refused (HTTP 503, 系统繁忙，请稍后再试), never let through: an id
 * this process has not seen may have been used on another, and a replayed assertion is a login as someone
 * else (docs/decisions.md "A Redis that is down").
 */
export function redisUsedOnce(shared: SharedState, namespace: string): { claim: (id: string, expiresAt: Date, now: Date) => Promise<boolean> } {
  return {
    async claim(id, expiresAt, now) {
      if (shared.available()) {
        try {
          // At least a second, so an id that expires as it arrives is still held while it is checked.
          const keepMs = Math.max(1_000, expiresAt.getTime() - now.getTime())
          return (await shared.commands.set(shared.key(`${namespace}:${createHash('sha256').update(id).digest('hex')}`), '1', 'PX', keepMs, 'NX')) === 'OK'
        } catch (error) {
          shared.failed(namespace, error)
        }
      }
      throw new AppError({ message: SHARED_STATE_BUSY, httpStatus: 503 })
    },
  }
}
