import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBackgroundJobs } from '../background-jobs.ts'
import { queueDepths, type JobQueue } from '../jobs/queue.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { sendSmsNotice } from './sms-notice.ts'
import type { SmsProvider } from './sms-provider.ts'

/** An SMS notice the gateway refuses while a request is answered is late rather than lost (issue #23 §1). */
describe('SMS notices refused by the gateway go on the job queue', () => {
  let t: TestApp
  let jobs: JobQueue | undefined
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(async () => {
    await jobs?.stop()
    await t.close()
  })

  const outboxFor = async (phone: string) =>
    ((await t.call({ method: 'GET', url: '/api/dev/sms-outbox' })).body.data as { phone: string; text: string }[]).filter((m) => m.phone === phone)
  const waitingNotices = async () => (await queueDepths(t.db)).find((d) => d.queue === 'sms-notice' && d.state === 'waiting')!.count

  it('answers not sent, queues the notice, and a server process sends it once the gateway takes it', async () => {
    const phone = '13700000073'
    const failures: unknown[] = []
    const down: SmsProvider = { kind: 'http', send: () => Promise.reject(new Error('短信网关超时')) }
    const sent = await sendSmsNotice(down, { phone, text: '您的申请已通过审核。' }, (error) => failures.push(error), { db: t.db })
    expect(sent).toBe(false)
    expect(failures).toHaveLength(1)
    expect(await outboxFor(phone)).toEqual([])
    expect(await waitingNotices()).toBe(1)

    // A server process works the queue with its own (sandbox) gateway: the notice goes out, once.
    jobs = await startBackgroundJobs(t.app, { pollingSeconds: 0.5 })
    const started = Date.now()
    while ((await outboxFor(phone)).length === 0 && Date.now() - started < 30_000) await new Promise((resolve) => setTimeout(resolve, 200))
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect((await outboxFor(phone)).map((m) => m.text)).toEqual(['【电子印章】您的申请已通过审核。'])
    expect(await waitingNotices()).toBe(0)
  })

  it('queues nothing when the notice went out, or when no retry was asked for', async () => {
    const phone = '13700000074'
    const down: SmsProvider = { kind: 'http', send: () => Promise.reject(new Error('短信网关超时')) }
    const before = await waitingNotices()
    expect(await sendSmsNotice(t.app.providers.sms, { phone, text: '已发出' }, undefined, { db: t.db })).toBe(true)
    expect(await sendSmsNotice(down, { phone, text: '未排队' })).toBe(false)
    expect(await waitingNotices()).toBe(before)
    expect((await outboxFor(phone)).map((m) => m.text)).toEqual(['【电子印章】已发出'])
  })
})
