import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import type { KeyWrapper } from '../trust/key-wrap.ts'
import { platformSecret } from './registry.ts'
import { webhookHeaders, webhookSignature } from './request-signature.ts'
import { platforms, webhookAttempts, webhookDeliveries, type Platform } from './tables.ts'
import { webhookReachesPrivateAddress } from './webhook-address.ts'
import { WEBHOOK_RETRY_MS } from '../config.ts'

/**
 * Waits after each failed attempt, in order: 10 s, 1 min, 5 min, 30 min, 2 h, 6 h. The delivery fails for
 * good after the attempt that finds no wait left (seven attempts over about nine hours); the operator
 * can queue it again (admin-routes.ts).
 */
export const WEBHOOK_BACKOFF_MS = WEBHOOK_RETRY_MS

export type WebhookWorkerOptions = {
  db: Database
  keys: KeyWrapper
  /** How often to look for due deliveries. */
  intervalMs?: number
  /** How long one attempt may take before it counts as failed. */
  timeoutMs?: number
  backoffMs?: number[]
  /**
   * Whether a webhook may go to a loopback, private or link-local address (config
   * WEBHOOK_ALLOW_PRIVATE_ADDRESSES). Off unless said: the worker must not become a way into the
   * operator's own network.
   */
  allowPrivateAddresses?: boolean
  /** Deliveries claimed per round. */
  batchSize?: number
  /**
   * Tidying that rides on the worker's rounds, at most once a minute (main.ts gives the open API's: old
   * nonces, idempotency keys, long-expired tokens).
   */
  housekeeping?: (db: Database, now: Date) => Promise<void>
  now?: () => Date
  log?: { info: (detail: object, message: string) => void; warn: (detail: object, message: string) => void }
}

export type WebhookWorker = {
  /** Delivers what is due now, once; answers how many deliveries it attempted. */
  runOnce: () => Promise<number>
  /** Stops the interval and waits for the round in progress. */
  stop: () => Promise<void>
}

const USER_AGENT = 'SealService-Webhook/1'
export const PRIVATE_ADDRESS_REFUSED = 'webhookUrl 指向本机或内网地址，未发送'

/** The housekeeping given at most this often. */
const HOUSEKEEPING_EVERY_MS = 60_000

/**
 * Delivers queued platform events (events.ts) to each platform's webhook URL, signed with its secret
 * (request-signature.ts `webhookSignature`), and records every attempt. Safe with several server
 * processes: a round claims due rows with one conditional update that sets `locked_until` (a row another
 * process holds is skipped), so no delivery is sent twice at once; a process that dies mid-attempt leaves
 * a lock that simply runs out. Delivery is at least once: receivers de-duplicate by the delivery id.
 */
export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const now = options.now ?? (() => new Date())
  const timeoutMs = options.timeoutMs ?? 10_000
  const backoff = options.backoffMs ?? WEBHOOK_BACKOFF_MS
  const batchSize = options.batchSize ?? 10
  const db = options.db
  let lastHousekeeping = 0

  async function claimDue(): Promise<(typeof webhookDeliveries.$inferSelect)[]> {
    const at = now()
    const due = and(
      eq(webhookDeliveries.status, 'pending'),
      lte(webhookDeliveries.nextAttemptAt, at),
      or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, at)),
    )
    const candidates = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(due)
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(batchSize)
      .for('update', { skipLocked: true })
    // The conditions again on the row itself: a row another process claimed meanwhile no longer matches.
    return db
      .update(webhookDeliveries)
      .set({ lockedUntil: new Date(at.getTime() + timeoutMs + 30_000) })
      .where(and(inArray(webhookDeliveries.id, candidates), due))
      .returning()
  }

  async function attempt(delivery: typeof webhookDeliveries.$inferSelect): Promise<void> {
    const [platform] = await db.select().from(platforms).where(eq(platforms.id, delivery.platformId))
    const started = performance.now()
    const outcome = await send(platform!, delivery)
    const durationMs = Math.round(performance.now() - started)
    const attemptNumber = delivery.attempts + 1
    const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300
    const wait = backoff[attemptNumber - 1]
    const at = now()
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({
        deliveryId: delivery.id,
        // Numbered across re-queues, so the list of attempts reads in order.
        attempt: sql`(select count(*) + 1 from ${webhookAttempts} where ${webhookAttempts.deliveryId} = ${delivery.id})`,
        statusCode: outcome.statusCode,
        error: outcome.error,
        durationMs,
      })
      await tx
        .update(webhookDeliveries)
        .set(
          delivered
            ? { status: 'delivered', attempts: attemptNumber, deliveredAt: at, lockedUntil: null }
            : wait === undefined
              ? { status: 'failed', attempts: attemptNumber, lockedUntil: null }
              : { attempts: attemptNumber, nextAttemptAt: new Date(at.getTime() + wait), lockedUntil: null },
        )
        .where(eq(webhookDeliveries.id, delivery.id))
    })
    const detail = { deliveryId: delivery.id, platformId: delivery.platformId, event: delivery.event, attempt: attemptNumber, statusCode: outcome.statusCode }
    if (delivered) options.log?.info(detail, 'webhook delivered')
    else options.log?.warn({ ...detail, error: outcome.error }, wait === undefined ? 'webhook failed for good' : 'webhook attempt failed')
  }

  async function send(platform: Platform, delivery: typeof webhookDeliveries.$inferSelect): Promise<{ statusCode: number | null; error: string | null }> {
    if (platform.status !== 'active') return { statusCode: null, error: '平台已停用，未发送' }
    if (!platform.webhookUrl) return { statusCode: null, error: '平台未设置 webhookUrl，未发送' }
    const { event: _event, ...data } = delivery.payload as Record<string, unknown>
    const body = JSON.stringify({ id: delivery.id, event: delivery.event, createdAt: delivery.createdAt.toISOString(), data })
    const timestamp = String(Math.floor(now().getTime() / 1000))
    try {
      // Again at each attempt, though the operator API refused such a URL: a name may be pointed inward
      // later. A name that changes between this lookup and fetch's own is not caught (decisions.md
      // "Outside checks of issue #12").
      if (!options.allowPrivateAddresses && (await webhookReachesPrivateAddress(platform.webhookUrl))) return { statusCode: null, error: PRIVATE_ADDRESS_REFUSED }
      const response = await fetch(platform.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': USER_AGENT,
          [webhookHeaders.event]: delivery.event,
          [webhookHeaders.delivery]: delivery.id,
          [webhookHeaders.timestamp]: timestamp,
          [webhookHeaders.signature]: webhookSignature(await platformSecret(options.keys, platform), timestamp, body),
        },
        body,
        // A redirect is the receiver's mistake to fix, not a place we send signed events to.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
      await response.body?.cancel().catch(() => {})
      const ok = response.status >= 200 && response.status < 300
      return { statusCode: response.status, error: ok ? null : `HTTP ${response.status}` }
    } catch (error) {
      const name = (error as Error).name
      return { statusCode: null, error: name === 'TimeoutError' ? `超时（${timeoutMs} ms）` : `无法连接：${String((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message).slice(0, 200)}` }
    }
  }

  async function runOnce(): Promise<number> {
    const claimed = await claimDue()
    await Promise.all(claimed.map((delivery) => attempt(delivery)))
    const at = now()
    if (options.housekeeping && at.getTime() - lastHousekeeping >= HOUSEKEEPING_EVERY_MS) {
      lastHousekeeping = at.getTime()
      await options.housekeeping(db, at)
    }
    return claimed.length
  }

  let stopped = false
  let round: Promise<unknown> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  const tick = () => {
    round = runOnce()
      .catch((error: unknown) => options.log?.warn({ err: error }, 'webhook round failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs ?? 2_000).unref()
      })
  }
  if (options.intervalMs !== 0) timer = setTimeout(tick, options.intervalMs ?? 2_000).unref()

  return {
    runOnce,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await round
    },
  }
}
