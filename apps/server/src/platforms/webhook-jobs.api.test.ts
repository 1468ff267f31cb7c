import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findCaller } from '../auth/sessions.ts'
import { startBackgroundJobs } from '../background-jobs.ts'
import { bindSealForTest } from '../bindings/test-support.ts'
import type { JobQueue } from '../jobs/queue.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor } from '../test/seals.ts'
import { until } from '../test/waits.ts'
import { idNumber } from '../unit-apply/test-support.ts'
import { webhookAttempts, webhookDeliveries } from './tables.ts'
import { adminCall, registerTestPlatform } from './test-support.ts'

/** A receiver that answers `status(n)` to its n-th request after `delayMs`, and counts what each delivery id got. */
async function receiver(status: (n: number) => number, delayMs = 0) {
  const byDelivery = new Map<string, number>()
  let requests = 0
  const server: Server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      const id = String(request.headers['x-seal-delivery'])
      byDelivery.set(id, (byDelivery.get(id) ?? 0) + 1)
      const answer = status(++requests)
      setTimeout(() => response.writeHead(answer).end(), delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    byDelivery,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}

const holder = { phone: '13700000072', name: '钱队列', identityNo: idNumber(872) }

/**
 * Webhooks on the job queue (issue #23 §1 "Jobs"): two server processes on one database work the queue, and
 * each delivery is attempted by one of them, on the documented schedule (WEBHOOK_RETRY_SECONDS, short here).
 */
describe('webhook deliveries driven by the job queue', () => {
  let t: TestApp
  let beside: TestApp
  let jobs: JobQueue[] = []
  let personId: string
  let sealId: string
  const env = { WEBHOOK_RETRY_SECONDS: '1,2' }

  beforeAll(async () => {
    t = await startTestApp({ env })
    beside = await startTestApp({ env, beside: t })
    const token = await t.loginPersonal(holder.phone, { name: holder.name, identityNo: holder.identityNo })
    personId = (await findCaller(t.db, token))!.person.id
    sealId = (await personalSealFor(t, token, { pin: 'seal2026', sealName: holder.name })).seal.id
  })
  afterAll(async () => {
    for (const queue of jobs) await queue.stop()
    await beside.close()
    await t.close()
  })

  const rowsOf = async <T>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows
  const deliveriesOf = (platformIds: string[]) => t.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.platformId, platformIds))
  const startWorkers = async (...apps: TestApp[]) => {
    const started = await Promise.all(apps.map((app) => startBackgroundJobs(app.app, { pollingSeconds: 0.5 })))
    jobs.push(...started)
    return started
  }
  const stopWorkers = async () => {
    for (const queue of jobs) await queue.stop()
    jobs = []
  }

  it('delivers each job exactly once while two server processes race for the queue', async () => {
    const hook = await receiver(() => 204, 50)
    try {
      const platforms = []
      for (let i = 0; i < 12; i++) platforms.push(await registerTestPlatform(t, { webhookUrl: hook.url }))
      // Queued before any worker runs, so both processes find all twelve waiting at once.
      for (const platform of platforms) await bindSealForTest(t.db, { sealId, platformId: platform.id, personId })
      const ids = platforms.map((p) => p.id)
      await startWorkers(t, beside)
      await until(async () => (await deliveriesOf(ids)).every((d) => d.status === 'delivered'))

      const deliveries = await deliveriesOf(ids)
      expect(deliveries).toHaveLength(12)
      for (const delivery of deliveries) {
        expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lockedUntil: null })
        expect(hook.byDelivery.get(delivery.id), delivery.id).toBe(1)
      }
      expect(hook.requests()).toBe(12)
      const attempts = await t.db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, deliveries.map((d) => d.id)))
      expect(attempts).toHaveLength(12)
      // Nothing of theirs is left waiting or running in the queue. The queue marks a job completed only after
      // its handler has recorded the delivery, so a moment after the rows say delivered.
      const unfinished = async () =>
        Number((await rowsOf<{ count: number }>(sql`select count(*)::int as count from jobs.job where name = 'webhook-delivery' and state < 'completed' and singleton_key in ${deliveries.map((d) => d.id)}`))[0]!.count)
      await until(async () => (await unfinished()) === 0, { timeoutMs: 10_000, waitingFor: 'the queue to complete the twelve jobs' })
      expect(hook.requests()).toBe(12)
    } finally {
      await stopWorkers()
      await hook.close()
    }
  })

  it('retries a failing receiver on the schedule, fails for good after the last wait, and a re-queue from the console is delivered', async () => {
    let failing = true
    const hook = await receiver(() => (failing ? 500 : 204))
    try {
      const platform = await registerTestPlatform(t, { webhookUrl: hook.url })
      await bindSealForTest(t.db, { sealId, platformId: platform.id, personId })
      await startWorkers(t, beside)
      // Three attempts: at once, 1 s later, 2 s after that (WEBHOOK_RETRY_SECONDS=1,2); then it has failed.
      await until(async () => (await deliveriesOf([platform.id]))[0]!.status === 'failed')
      let [delivery] = await deliveriesOf([platform.id])
      expect(delivery).toMatchObject({ status: 'failed', attempts: 3, lockedUntil: null })
      const attempts = await t.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery!.id)).orderBy(asc(webhookAttempts.attempt))
      expect(attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
        [1, 500],
        [2, 500],
        [3, 500],
      ])
      const gaps = attempts.slice(1).map((a, i) => a.createdAt.getTime() - attempts[i]!.createdAt.getTime())
      // Each wait at least its step (less the attempt's own duration, recorded as it ends), within a poll or two.
      expect(gaps[0]).toBeGreaterThanOrEqual(900)
      expect(gaps[1]).toBeGreaterThanOrEqual(1_900)
      expect(gaps[1]!).toBeGreaterThan(gaps[0]!)
      expect(hook.byDelivery.get(delivery!.id)).toBe(3)

      // The console's re-queue: the queue attempts it again, without anyone looking at the rows.
      failing = false
      const requeued = await adminCall(t, 'POST', `/api/admin/webhook-deliveries/${delivery!.id}/requeue`)
      expect(requeued.resultStatus, requeued.responseInfo).toBe('00')
      await until(async () => (await deliveriesOf([platform.id]))[0]!.status === 'delivered')
      ;[delivery] = await deliveriesOf([platform.id])
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 })
      expect(hook.byDelivery.get(delivery!.id)).toBe(4)
    } finally {
      await stopWorkers()
      await hook.close()
    }
  })

  it('a stop waits for the attempt under way and leaves nothing held', async () => {
    const hook = await receiver(() => 204, 1_500)
    try {
      const platform = await registerTestPlatform(t, { webhookUrl: hook.url })
      await bindSealForTest(t.db, { sealId, platformId: platform.id, personId })
      const [queue] = await startWorkers(t)
      await until(async () => hook.requests() === 1)
      // SIGTERM's path: the queue stops while the receiver is still answering.
      await queue!.stop()
      jobs = []
      const [delivery] = await deliveriesOf([platform.id])
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lockedUntil: null })
      const states = await rowsOf<{ state: string }>(sql`select state::text as state from jobs.job where name = 'webhook-delivery' and singleton_key = ${delivery!.id}`)
      expect(states.map((r) => r.state)).toEqual(['completed'])
    } finally {
      await stopWorkers()
      await hook.close()
    }
  })
})
