import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { platformMessages } from './messages.ts'
import { adminCall, registerTestPlatform } from './test-support.ts'

/**
 * With the real providers (WEBHOOK_ALLOW_PRIVATE_ADDRESSES false), the operator cannot aim a platform's
 * webhooks at the service's own machine or network: refused when registered or changed, however the
 * address is written (webhook-address.test.ts has every spelling; the worker checks again at each attempt).
 */
describe('webhook addresses at registration, with private addresses refused', () => {
  let t: TestApp
  let n = 0
  const register = (webhookUrl: string) => adminCall(t, 'POST', '/api/admin/platforms', { clientName: `地址检查平台${++n}`, platformType: '9', webhookUrl })

  beforeAll(async () => {
    t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' } })
  })
  afterAll(() => t.close())

  it('refuses a loopback, private, link-local or NAT64 address, in any spelling, or a name resolving to one', async () => {
    for (const url of [
      'http://127.0.0.1:8790/webhooks',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://127.1/',
      'http://[::127.0.0.1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[2002:7f00:1::]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://169.254.169.254/latest/meta-data',
      'http://localhost:8790/webhooks',
    ]) {
      const refused = await register(url)
      expect([refused.resultStatus, refused.responseInfo], url).not.toEqual(['00', expect.anything()])
      expect(refused.responseInfo, url).toBe(platformMessages.webhookUrlPrivate)
    }
  })

  it('refuses such an address when the webhookUrl is changed, and keeps the one it had', async () => {
    const platform = await registerTestPlatform(t, { webhookUrl: 'https://203.0.113.10/seal-webhooks' })
    const changed = await adminCall(t, 'PUT', `/api/admin/platforms/${platform.id}`, { webhookUrl: 'http://[64:ff9b::7f00:1]/hooks' })
    expect(changed.responseInfo).toBe(platformMessages.webhookUrlPrivate)
    const listed = await adminCall(t, 'GET', '/api/admin/platforms?limit=100')
    expect(listed.data.platforms.find((p: { id: string }) => p.id === platform.id).webhookUrl).toBe('https://203.0.113.10/seal-webhooks')
  })

  it('accepts a public address, and a name not resolvable yet (checked again at each delivery)', async () => {
    expect((await register('https://203.0.113.10/seal-webhooks')).resultStatus).toBe('00')
    expect((await register('https://hooks.platform.invalid/seal-webhooks')).resultStatus).toBe('00')
  })
})
