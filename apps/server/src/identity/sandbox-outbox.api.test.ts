import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../test/harness.ts'

/** The sandbox outbox lists live login codes: another machine must not read it, whatever headers it sends. */
describe('sandbox SMS outbox', () => {
  let t: TestApp
  beforeAll(async () => {
    // Behind a trusted proxy, the hardest case: X-Forwarded-For sets request.ip, yet must not open the outbox.
    t = await startTestApp({ env: { TRUST_PROXY: 'true' } })
    await t.call({ url: '/api/auth/sms/send', body: { phone: '13700000061' } })
  })
  afterAll(() => t.close())

  const outbox = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url: '/api/dev/sms-outbox', remoteAddress, headers })

  it('lists the codes to a caller on this machine', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const answer = await outbox(t, address)
      expect(answer.json().resultStatus, address).toBe('00')
      expect(answer.json().data[0].phone).toBe('13700000061')
    }
  })

  it('refuses a caller from another machine, even one claiming loopback in X-Forwarded-For', async () => {
    const answer = await outbox(t, '203.0.113.5', { 'x-forwarded-for': '127.0.0.1' })
    expect(answer.json()).toMatchObject({
      resultStatus: '403',
      responseInfo: '沙箱短信发件箱仅限本机访问',
      data: null,
    })
    expect(answer.body).not.toContain('13700000061')
  })

  it('serves other machines when the sandbox was put on the network on purpose', async () => {
    const open = await startTestApp({ env: { HOST: '0.0.0.0', ALLOW_SANDBOX_ON_NETWORK: 'true' } })
    try {
      expect((await outbox(open, '203.0.113.5')).json().resultStatus).toBe('00')
    } finally {
      await open.close()
    }
  })
})
