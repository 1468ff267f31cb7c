import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findCaller } from '../auth/sessions.ts'
import { bindSealForTest } from '../bindings/test-support.ts'
import { reissueSealCredential } from '../seals/make-seal.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor } from '../test/seals.ts'
import { crlReason } from '../trust/x509.ts'
import { idNumber } from '../unit-apply/test-support.ts'
import { webhookAttempts, webhookDeliveries } from './tables.ts'
import { adminCall, registerTestPlatform, type RegisteredPlatform } from './test-support.ts'
import { createWebhookWorker, PRIVATE_ADDRESS_REFUSED, WEBHOOK_BACKOFF_MS } from './webhook-worker.ts'

type Received = { headers: IncomingHttpHeaders; body: string }

/** A platform's webhook receiver: answers `status()` for each request, keeps what it received. */
async function receiver(status: () => number, delayMs = 0): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      received.push({ headers: request.headers, body })
      setTimeout(() => response.writeHead(status()).end('ok'), delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const holder = { phone: '13700000071', name: '郑推送', identityNo: idNumber(871) }

describe('webhooks: signed, retried with backoff, every attempt recorded', () => {
  let t: TestApp
  let token: string
  let personId: string
  let sealId: string

  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginPersonal(holder.phone, { name: holder.name, identityNo: holder.identityNo })
    personId = (await findCaller(t.db, token))!.person.id
    sealId = (await personalSealFor(t, token, { pin: 'seal2026', sealName: holder.name })).seal.id
  })
  afterAll(() => t.close())

  /** A worker on a clock the test moves. */
  const workerAt = (clock: { now: Date }, options: { timeoutMs?: number; allowPrivateAddresses?: boolean } = {}) =>
    createWebhookWorker({ db: t.db, keys: t.app.trust.keys, allowPrivateAddresses: true, now: () => clock.now, ...options })

  const deliveriesOf = (platform: RegisteredPlatform) => t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.platformId, platform.id))

  it('retries a failing receiver on the backoff schedule, records each attempt, and delivers once it recovers; the signature verifies', async () => {
    let failing = true
    const hook = await receiver(() => (failing ? 500 : 204))
    try {
      const platform = await registerTestPlatform(t, { webhookUrl: hook.url })
      const binding = await bindSealForTest(t.db, { sealId, platformId: platform.id, personId })
      const [queued] = await deliveriesOf(platform)
      const clock = { now: new Date(queued!.nextAttemptAt.getTime() + 1) }
      const worker = workerAt(clock)

      expect(await worker.runOnce()).toBe(1)
      let [delivery] = await deliveriesOf(platform)
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1 })
      expect(delivery!.nextAttemptAt.getTime() - clock.now.getTime()).toBeGreaterThanOrEqual(WEBHOOK_BACKOFF_MS[0]! - 50)
      expect(delivery!.nextAttemptAt.getTime() - clock.now.getTime()).toBeLessThanOrEqual(WEBHOOK_BACKOFF_MS[0]! + 50)

      // Not due yet: nothing is sent.
      clock.now = new Date(clock.now.getTime() + 5_000)
      expect(await worker.runOnce()).toBe(0)
      clock.now = new Date(clock.now.getTime() + 5_100)
      expect(await worker.runOnce()).toBe(1)
      ;[delivery] = await deliveriesOf(platform)
      expect(delivery).toMatchObject({ status: 'pending', attempts: 2 })
      // The second wait is the schedule's second step.
      expect(delivery!.nextAttemptAt.getTime() - clock.now.getTime()).toBe(WEBHOOK_BACKOFF_MS[1])

      failing = false
      clock.now = new Date(delivery!.nextAttemptAt.getTime())
      expect(await worker.runOnce()).toBe(1)
      ;[delivery] = await deliveriesOf(platform)
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 })
      expect(await worker.runOnce()).toBe(0)

      const attempts = await t.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery!.id))
      expect(attempts.sort((x, y) => x.attempt - y.attempt).map((a) => [a.attempt, a.statusCode, a.error])).toEqual([
        [1, 500, 'HTTP 500'],
        [2, 500, 'HTTP 500'],
        [3, 204, null],
      ])

      // What the receiver got: the event, signed with the platform's secret over timestamp.body.
      expect(hook.received).toHaveLength(3)
      const last = hook.received.at(-1)!
      expect(last.headers['x-seal-event']).toBe('binding.created')
      expect(last.headers['x-seal-delivery']).toBe(delivery!.id)
      const timestamp = last.headers['x-seal-timestamp'] as string
      expect(Number(timestamp)).toBe(Math.floor(clock.now.getTime() / 1000))
      const expected = createHmac('sha256', platform.clientSecret).update(`${timestamp}.${last.body}`).digest('hex')
      expect(last.headers['x-seal-signature']).toBe(expected)
      const other = createHmac('sha256', 'another-secret').update(`${timestamp}.${last.body}`).digest('hex')
      expect(last.headers['x-seal-signature']).not.toBe(other)
      expect(JSON.parse(last.body)).toEqual({
        id: delivery!.id,
        event: 'binding.created',
        createdAt: delivery!.createdAt.toISOString(),
        data: { bindingId: binding.id, sealId, bindState: '1' },
      })

      // The operator sees the delivery with its attempts.
      const listed = await adminCall(t, 'GET', `/api/admin/platforms/${platform.id}/webhook-deliveries`)
      expect(listed.data.deliveries).toEqual([
        expect.objectContaining({ id: delivery!.id, event: 'binding.created', status: 'delivered', attempts: 3, attemptLog: [expect.objectContaining({ attempt: 1, statusCode: 500 }), expect.objectContaining({ attempt: 2 }), expect.objectContaining({ attempt: 3, statusCode: 204 })] }),
      ])
    } finally {
      await hook.close()
    }
  })

  it('gives up after the last attempt; the operator queues it again and it is delivered', async () => {
    let status = 503
    const hook = await receiver(() => status)
    try {
      const platform = await registerTestPlatform(t, { webhookUrl: hook.url })
      await bindSealForTest(t.db, { sealId, platformId: platform.id, personId })
      const clock = { now: new Date(Date.now() + 1000) }
      const worker = workerAt(clock)
      for (let i = 0; i <= WEBHOOK_BACKOFF_MS.length; i++) {
        expect(await worker.runOnce()).toBe(1)
        clock.now = new Date(clock.now.getTime() + (WEBHOOK_BACKOFF_MS[i] ?? 0) + 1)
      }
      let [delivery] = await deliveriesOf(platform)
      expect(delivery).toMatchObject({ status: 'failed', attempts: WEBHOOK_BACKOFF_MS.length + 1 })
      expect(await worker.runOnce()).toBe(0)

      // Only a failed delivery can be queued again.
      status = 200
      const requeued = await adminCall(t, 'POST', `/api/admin/webhook-deliveries/${delivery!.id}/requeue`)
      expect(requeued.resultStatus, requeued.responseInfo).toBe('00')
      clock.now = new Date(Date.now() + 1000)
      expect(await worker.runOnce()).toBe(1)
      ;[delivery] = await deliveriesOf(platform)
      expect(delivery!.status).toBe('delivered')
      const again = await adminCall(t, 'POST', `/api/admin/webhook-deliveries/${delivery!.id}/requeue`)
      expect(again.responseInfo).toBe('只有发送失败的推送可以重新发送')
      const attempts = await t.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery!.id))
      expect(attempts.map((a) => a.attempt).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    } finally {
      await hook.close()
    }
  })

  it('records an unreachable receiver and one that answers too late', async () => {
    const slow = await receiver(() => 200, 1_500)
    try {
      const unreachable = await registerTestPlatform(t, { webhookUrl: 'http://127.0.0.1:9/webhooks' })
      const late = await registerTestPlatform(t, { webhookUrl: slow.url })
      await bindSealForTest(t.db, { sealId, platformId: unreachable.id, personId })
      await bindSealForTest(t.db, { sealId, platformId: late.id, personId })
      const worker = workerAt({ now: new Date(Date.now() + 1000) }, { timeoutMs: 300 })
      expect(await worker.runOnce()).toBeGreaterThanOrEqual(2)
      const [refused] = await deliveriesOf(unreachable)
      const [timedOut] = await deliveriesOf(late)
      const attemptOf = async (id: string) => (await t.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, id)))[0]!
      expect(await attemptOf(refused!.id)).toMatchObject({ statusCode: null, error: expect.stringContaining('无法连接') })
      expect(await attemptOf(timedOut!.id)).toMatchObject({ statusCode: null, error: '超时（300 ms）' })
      expect(refused!.status).toBe('pending')
    } finally {
      await slow.close()
    }
  })

  /** A receiver that does what `handle` says with each request, on a loopback port. */
  async function misbehaving(handle: (request: IncomingMessage, response: ServerResponse) => void) {
    const server = createServer(handle)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    return {
      url: `http://127.0.0.1:${port}/webhooks`,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections()
          server.close(() => resolve())
        }),
    }
  }

  it('does not follow a redirect (to an internal address or anywhere): the 3xx is the attempt’s answer', async () => {
    const internal = await receiver(() => 200)
    const redirecting = await misbehaving((_request, response) => response.writeHead(307, { location: `${internal.url}/admin` }).end())
    try {
      const platform = await registerTestPlatform(t, { webhookUrl: redirecting.url })
      await bindSealForTest(t.db, { sealId, platformId: platform.id, personId })
      expect(await workerAt({ now: new Date(Date.now() + 1000) }).runOnce()).toBeGreaterThanOrEqual(1)
      const [delivery] = await deliveriesOf(platform)
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1 })
      const [attempt] = await t.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery!.id))
      expect(attempt).toMatchObject({ statusCode: 307, error: 'HTTP 307' })
      expect(internal.received).toEqual([])
    } finally {
      await redirecting.close()
      await internal.close()
    }
  })

  it('reads nothing of an endless answer body and does not wait for it to end', async () => {
    let sent = 0
    let closed = false
    const chunk = Buffer.alloc(64 * 1024, 120)
    const endless = await misbehaving((request, response) => {
      request.resume()
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'text/plain' })
        const pump = () => {
          while (!closed && response.write(chunk)) sent += chunk.length
        }
        response.on('drain', pump)
        response.on('close', () => (closed = true))
        pump()
      })
    })
    const silent = await misbehaving((request, response) => {
      request.resume()
      // Headers, then nothing: the body never ends.
      request.on('end', () => response.writeHead(200).flushHeaders())
    })
    try {
      const huge = await registerTestPlatform(t, { webhookUrl: endless.url })
      const stalled = await registerTestPlatform(t, { webhookUrl: silent.url })
      await bindSealForTest(t.db, { sealId, platformId: huge.id, personId })
      await bindSealForTest(t.db, { sealId, platformId: stalled.id, personId })
      const started = performance.now()
      await workerAt({ now: new Date(Date.now() + 1000) }, { timeoutMs: 2_000 }).runOnce()
      expect(performance.now() - started).toBeLessThan(1_500)
      for (const platform of [huge, stalled]) expect((await deliveriesOf(platform))[0]).toMatchObject({ status: 'delivered', attempts: 1 })
      await new Promise((resolve) => setTimeout(resolve, 100))
      // The connection was dropped after the status line: a few socket buffers went out, not an endless stream.
      expect(closed).toBe(true)
      expect(sent).toBeLessThan(16 * 1024 * 1024)
    } finally {
      await endless.close()
      await silent.close()
    }
  })

  it('sends nothing to a loopback, private or link-local address unless allowed (production’s default), however it is written', async () => {
    const local = await receiver(() => 200)
    try {
      const port = new URL(local.url).port
      const urls = [local.url, `http://localhost:${port}/webhooks`, `http://[::ffff:127.0.0.1]:${port}/webhooks`, `http://[::1]:${port}/webhooks`, `http://[::127.0.0.1]:${port}/webhooks`, `http://[64:ff9b::7f00:1]:${port}/webhooks`, `http://2130706433:${port}/webhooks`, 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.8/hook', 'http://192.168.1.1/hook']
      const platforms = []
      for (const url of urls) {
        const platform = await registerTestPlatform(t, { webhookUrl: url })
        await bindSealForTest(t.db, { sealId, platformId: platform.id, personId })
        platforms.push(platform)
      }
      await workerAt({ now: new Date(Date.now() + 1000) }, { allowPrivateAddresses: false }).runOnce()
      for (const platform of platforms) {
        const [delivery] = await deliveriesOf(platform)
        const [attempt] = await t.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery!.id))
        expect(attempt, platform.clientName).toMatchObject({ statusCode: null, error: PRIVATE_ADDRESS_REFUSED })
      }
      expect(local.received).toEqual([])
      // Allowed (the sandbox's default), the same delivery goes out on its next attempt.
      await workerAt({ now: new Date(Date.now() + WEBHOOK_BACKOFF_MS[0]! + 2000) }).runOnce()
      expect((await deliveriesOf(platforms[0]!))[0]!.status).toBe('delivered')
    } finally {
      await local.close()
    }
  })

  it('sends a due delivery once even when two workers (two server processes) look at the same moment', async () => {
    const hook = await receiver(() => 200, 100)
    try {
      const platform = await registerTestPlatform(t, { webhookUrl: hook.url })
      await bindSealForTest(t.db, { sealId, platformId: platform.id, personId })
      const clock = { now: new Date(Date.now() + 1000) }
      const counts = await Promise.all([workerAt(clock).runOnce(), workerAt(clock).runOnce(), workerAt(clock).runOnce()])
      const [delivery] = await deliveriesOf(platform)
      expect(delivery!.status).toBe('delivered')
      expect(hook.received.filter((r) => r.headers['x-seal-delivery'] === delivery!.id)).toHaveLength(1)
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1)
    } finally {
      await hook.close()
    }
  })

  it('tells the platforms using a seal when it is renewed or changed, and queues nothing for a platform without a webhook', async () => {
    const withHook = await registerTestPlatform(t, { webhookUrl: 'http://127.0.0.1:9/webhooks' })
    const without = await registerTestPlatform(t)
    await bindSealForTest(t.db, { sealId, platformId: withHook.id, personId })
    await bindSealForTest(t.db, { sealId, platformId: without.id, personId })
    const caller = (await findCaller(t.db, token))!
    const certEndTime = new Date(Date.now() + 2 * 365 * 86_400_000)
    await reissueSealCredential(t.app.trust, {
      sealId,
      owner: { kind: 'person', personId, name: caller.person.name, identityNo: caller.person.identityNo },
      certStartTime: new Date(),
      certEndTime,
      reasonCode: crlReason.superseded,
    })
    const events = (await deliveriesOf(withHook)).map((d) => d.event).sort()
    expect(events).toEqual(['binding.created', 'seal.renewed'])
    const renewed = (await deliveriesOf(withHook)).find((d) => d.event === 'seal.renewed')!
    expect(renewed.payload).toMatchObject({ sealId, bindState: '1', certEndTime: new Date(Math.floor(certEndTime.getTime() / 1000) * 1000).toISOString() })
    expect(await deliveriesOf(without)).toEqual([])
  })
})
