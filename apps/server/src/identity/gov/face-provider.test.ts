import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GovFaceTimeout, GovFaceUnavailable, httpGovFaceProvider } from './face-provider.ts'

/** A fake of the government platform (not of our code): answers by the ticket it is asked about. */
async function fakePlatform(): Promise<{ platform: FastifyInstance; url: string }> {
  const platform = Fastify({ forceCloseConnections: true })
  platform.post('/gov', async (request, reply) => {
    const body = request.body as Record<string, string>
    if (body.method === 'jsapiToken') return { jsapiToken: 'tok' }
    if (body.method === 'openFace') return body.authCode === 'spent' ? { error: 'authCode' } : { ticket: 'T' }
    switch (body.ticket) {
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, 1500))
        return { status: 'SUCCESS' }
      case 'odd':
        return { status: 'DONE' }
      case 'garbled':
        return reply.type('application/json').send('{not json')
      default:
        return { status: 'SUCCESS', msg: 'ok' }
    }
  })
  const address = await platform.listen({ port: 0, host: '127.0.0.1' })
  return { platform, url: `${address}/gov` }
}

describe('http government-app face provider', () => {
  let fake: Awaited<ReturnType<typeof fakePlatform>>
  beforeAll(async () => {
    fake = await fakePlatform()
  })
  afterAll(() => fake.platform.close())

  it('reads the contract, with the defaults for a missing lifetime', async () => {
    const provider = httpGovFaceProvider({ url: fake.url })
    expect(await provider.jsapiToken()).toEqual({ jsapiToken: 'tok', expiresInSeconds: 7200 })
    const identity = { identityType: '111', identityNo: '110101199003071233', name: '张三' }
    expect(await provider.openFace({ authCode: 'fresh', ...identity })).toEqual({
      ok: true,
      ticket: 'T',
      expiresInSeconds: 300,
    })
    expect(await provider.openFace({ authCode: 'spent', ...identity })).toEqual({
      ok: false,
      refusal: 'authCode',
    })
    expect(await provider.faceResult('T')).toEqual({ status: 'SUCCESS', msg: 'ok' })
  })

  it('times out through its signal, and calls another shape, bad JSON or a dead endpoint unavailable', async () => {
    const started = Date.now()
    await expect(
      httpGovFaceProvider({ url: fake.url, timeoutMs: 200 }).faceResult('slow'),
    ).rejects.toBeInstanceOf(GovFaceTimeout)
    expect(Date.now() - started).toBeLessThan(1200)
    const provider = httpGovFaceProvider({ url: fake.url })
    await expect(provider.faceResult('odd')).rejects.toBeInstanceOf(GovFaceUnavailable)
    await expect(provider.faceResult('garbled')).rejects.toBeInstanceOf(GovFaceUnavailable)
    await expect(httpGovFaceProvider({ url: 'http://127.0.0.1:9/gov' }).jsapiToken()).rejects.toBeInstanceOf(
      GovFaceUnavailable,
    )
  })
})
