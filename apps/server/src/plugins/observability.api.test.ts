import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor } from '../test/seals.ts'
import { personFor, idNumber } from '../seal-auth/test-support.ts'
import { findCaller } from '../auth/sessions.ts'
import { bindSealForTest } from '../bindings/test-support.ts'
import { registerTestPlatform } from '../platforms/test-support.ts'
import { businessError } from '../errors.ts'
import { sealDocument } from '../signing/seal-document.ts'
import { samplePdf } from '../test/seals.ts'

/** What a load balancer and a monitor ask of a server process (issue #23 §2). */
describe('health, readiness, metrics and request ids', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('answers /healthz and /readyz (database checked, no Redis configured)', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' })
    const ready = await t.app.inject({ url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready', redis: 'none' })
  })

  it('gives every answer a request id, keeping a well-formed one the proxy sent', async () => {
    const own = await t.app.inject({ url: '/api/config/queryByIdentity', method: 'POST', payload: {} })
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const kept = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.42' } })
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42')
    const odd = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': '<script>' } })
    expect(odd.headers['x-request-id']).not.toBe('<script>')
  })

  it('counts requests by matched route and the seals made, for a scraper on loopback', async () => {
    const holder = await personFor(t, { name: '钱指标', identityNo: idNumber(901) })
    const { seal } = await personalSealFor(t, holder.token, { pin: 'seal2026' })
    // A webhook delivery waiting in the job queue (no worker runs in this test).
    const platform = await registerTestPlatform(t, { webhookUrl: 'http://127.0.0.1:9/webhooks' })
    await bindSealForTest(t.db, { sealId: seal.id, platformId: platform.id, personId: (await findCaller(t.db, holder.token))!.person.id })
    await t.app.inject({ url: '/api/%61dmin/config', headers: { authorization: `Bearer ${t.secrets.adminToken}` } })
    const metrics = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })
    expect(metrics.statusCode).toBe(200)
    expect(metrics.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/admin\/config",status="2xx"\} 1/)
    expect(metrics.body).toMatch(/^seals_made_total [1-9]/m)
    expect(metrics.body).toMatch(/^webhook_deliveries_pending [1-9]/m)
    expect(metrics.body).toMatch(/^job_queue_depth\{queue="webhook-delivery",state="waiting"\} [1-9]/m)
    expect(metrics.body).toMatch(/^job_queue_depth\{queue="audit-chain-link",state="active"\} 0/m)
    expect(metrics.body).toContain('process_cpu_seconds_total')
  })

  it('counts a use once its record is committed, never one whose transaction was refused', async () => {
    const holder = await personFor(t, { name: '孙计数', identityNo: idNumber(902) })
    const { seal } = await personalSealFor(t, holder.token, { pin: 'seal2026' })
    const caller = (await findCaller(t.db, holder.token))!
    const uses = async () => Number(/^seal_uses_total (\d+)/m.exec((await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body)![1])
    const before = await uses()
    const input = { caller, sealId: seal.id, pin: 'seal2026', pdf: await samplePdf(), placement: { page: 1, x: 400, y: 100, width: 60, height: 60 }, fileName: '计数.pdf' }
    // The record is written, then what the flow writes beside it is refused (as an idempotency key whose
    // lease was taken over is): the transaction rolls back.
    await expect(sealDocument(t.app.trust, { ...input, inSameTransaction: async () => Promise.reject(businessError('请求处理中')) })).rejects.toThrow('请求处理中')
    expect(await uses()).toBe(before)
    await sealDocument(t.app.trust, input)
    expect(await uses()).toBe(before + 1)
  })

  it('hides /metrics from the internet unless the caller has METRICS_TOKEN', async () => {
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(404)
    const withToken = await startTestApp({ env: { METRICS_TOKEN: 'scrape-secret-0123456789' } })
    try {
      expect((await withToken.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(404)
      expect((await withToken.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(404)
      const scraped = await withToken.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer scrape-secret-0123456789' } })
      expect(scraped.statusCode).toBe(200)
    } finally {
      await withToken.close()
    }
  })
})
