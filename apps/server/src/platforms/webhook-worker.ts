import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import type { KeyWrapper } from '../trust/key-wrap.ts'
import { platformSecret } from './registry.ts'
import { webhookHeaders, webhookSignature } from './request-signature.ts'
import { platforms, webhookAttempts, webhookDeliveries, type Platform } from './tables.ts'
import { webhookReachesPrivateAddress } from './webhook-address.ts'
import { WEBHOOK_RETRY_MS } from '../config.ts'
import { queues, sendJob } from '../jobs/queue.ts'

/**
 * Waits after each failed attempt, in order: 10 s, 1 min, 5 min, 30 min, 2 h, 6 h. The delivery fails for
 * good after the attempt that finds no wait left (seven attempts over about nine hours); the operator
 * can queue it again (admin-routes.ts).
 */
export const WEBHOOK_BACKOFF_MS = WEBHOOK_RETRY_MS

export type WebhookWorkerOptions = {
  db: Database
  keys: KeyWrapper
  /** How long one attempt may take before it counts as failed. */
  timeoutMs?: number
  backoffMs?: number[]
  /**
   * Whether a webhook may go to a loopback, private or link-local address (config
   * WEBHOOK_ALLOW_PRIVATE_ADDRESSES). Off unless said: the worker must not become a way into the
   * operator's own network.
   */
  allowPrivateAddresses?: boolean
  /** Deliveries claimed per `runOnce`. */
  batchSize?: number
  now?: () => Date
  log?: { info: (detail: object, message: string) => void; warn: (detail: object, message: string) => void }
}

export type WebhookWorker = {
  /**
   * The job of the queue (`webhook-delivery`): attempts this delivery if it is due and nobody holds it;
   * one still pending but not due by this process's clock is queued again for when it is.
   */
  deliver: (deliveryId: string) => Promise<void>
  /** Attempts every delivery due now by the rows alone, once; answers how many (tests on their own clock). */
  runOnce: () => Promise<number>
}

const USER_AGENT = 'SealService-Webhook/1'
export const PRIVATE_ADDRESS_REFUSED = 'webhookUrl 指向本机或内网地址，未发送'

/**
 * Delivers queued platform events (events.ts) to each platform's webhook URL, signed with its secret
 * (request-signature.ts `webhookSignature`), and records every attempt. The rows are the record; the job
 * queue says when each is attempted: a job per attempt, queued with the row (events.ts) and, after a failed
 * attempt, in the transaction that records it, due at `next_attempt_at`. One worker fetches a job; the
 * attempt still claims its row first with a conditional update that sets `locked_until`, so no delivery is
 * sent twice at once whoever else looks (a second job, `runOnce`); a process that dies mid-attempt leaves
 * a lock that runs out and a job the queue gives to another. Delivery is at least once: receivers
 * de-duplicate by the delivery id.
 */
export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const now = options.now ?? (() => new Date())
  const timeoutMs = options.timeoutMs ?? 10_000
  const backoff = options.backoffMs ?? WEBHOOK_BACKOFF_MS
  const batchSize = options.batchSize ?? 10
  const db = options.db
  const lockUntil = (at: Date) => new Date(at.getTime() + timeoutMs + 30_000)

  async function claimDue(): Promise<(typeof webhookDeliveries.$inferSelect)[]> {
    const at = now()
    const due = dueAt(at)
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
      .set({ lockedUntil: lockUntil(at) })
      .where(and(inArray(webhookDeliveries.id, candidates), due))
      .returning()
  }

  async function deliver(deliveryId: string): Promise<void> {
    const at = now()
    const [claimed] = await db
      .update(webhookDeliveries)
      .set({ lockedUntil: lockUntil(at) })
      .where(and(eq(webhookDeliveries.id, deliveryId), dueAt(at)))
      .returning()
    if (claimed) return attempt(claimed)
    // Delivered, failed or gone: nothing to do. Pending: early by this clock, or another attempt holds it.
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId))
    if (row?.status !== 'pending') return
    const when = Math.max(row.nextAttemptAt.getTime(), row.lockedUntil?.getTime() ?? 0)
    await queueAttempt(db, deliveryId, new Date(when))
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
      // The next attempt's job, committed with the attempt that makes it due.
      if (!delivered && wait !== undefined) await queueAttempt(tx as unknown as Database, delivery.id, new Date(at.getTime() + wait))
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
    return claimed.length
  }

  return { deliver, runOnce }
}

/** A delivery that may be attempted at `at`: pending, due, and held by no attempt. */
function dueAt(at: Date) {
  return and(
    eq(webhookDeliveries.status, 'pending'),
    lte(webhookDeliveries.nextAttemptAt, at),
    or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, at)),
  )
}

/**
 * Queues an attempt of a delivery for `startAfter` (now when not given), through `db`: a transaction's
 * job commits with it. One waits per delivery: a second is not added.
 */
export async function queueAttempt(db: Database, deliveryId: string, startAfter?: Date): Promise<void> {
  await sendJob(db, queues.webhookDelivery, { deliveryId }, { singletonKey: deliveryId, ...(startAfter ? { startAfter } : {}) })
}

/** Sweep age: a pending delivery due this long and held by nobody has lost its job (or predates the queue). */
const SWEEP_AFTER_MS = 60_000

/**
 * Queues an attempt for each pending delivery due a minute ago that nobody holds: those written before the
 * queue existed, and any whose job was lost (its retries spent on a database outage). Runs at start and
 * every minute (`webhook-sweep`); a delivery whose job still waits gets no second one.
 */
export async function queueOverdueDeliveries(db: Database, now: Date): Promise<number> {
  const overdue = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(dueAt(new Date(now.getTime() - SWEEP_AFTER_MS)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(1000)
  for (const { id } of overdue) await queueAttempt(db, id)
  return overdue.length
}
