import { shareCaches } from '../cache/read-through-cache.ts'
import { redisForgetChannel } from './forget-channel.ts'
import { openSharedState, type SharedState, type SharedStateLog } from './shared-state.ts'

export type ConnectedSharedState = SharedState & {
  /** Whether forgets from other processes reach this one now (else its caches keep nothing). */
  hearsForgets: () => boolean
}

/**
 * Opens the Redis of REDIS_URL and joins the caches of `db` to its forget channel. The rate limits, the
 * duplicate guard and the used host assertions take the answer from the app (`app.sharedState`).
 * `close` leaves the channel and closes the connections.
 */
export async function connectSharedState(options: { url: string; keyPrefix: string; log: SharedStateLog; db: object }): Promise<ConnectedSharedState> {
  const shared = await openSharedState(options)
  const forgets = redisForgetChannel(shared)
  const unshare = shareCaches(options.db, forgets)
  return {
    ...shared,
    hearsForgets: forgets.delivering,
    async close() {
      unshare()
      forgets.close()
      await shared.close()
    },
  }
}
