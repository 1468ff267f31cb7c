import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EnterpriseVerificationTimeout, EnterpriseVerificationUnavailable } from '../enterprise-provider.ts'
import { httpEnterpriseProvider } from './http.ts'

const query = {
  socialCreditCode: '91440300MA5EXAMP1F',
  unitName: '示例贸易有限公司',
  legalPersonName: '赵六',
  legalPersonIdentityNo: '440305198808081234',
}

/** A fake of the vendor (not of our code): answers by the unit name it is sent. */
async function fakeVendor(): Promise<{
  vendor: FastifyInstance
  url: string
  received: { authorization?: string; body: unknown }[]
}> {
  const received: { authorization?: string; body: unknown }[] = []
  const vendor = Fastify({ forceCloseConnections: true })
  vendor.post('/verify', async (request, reply) => {
    const body = request.body as Record<string, string>
    received.push({ authorization: request.headers.authorization, body })
    switch (body.unitName) {
      case '慢':
        await new Promise((resolve) => setTimeout(resolve, 1500))
        return { resultStatus: '00' }
      case '错误':
        return reply.status(502).send('bad gateway')
      case '乱码':
        return reply.type('application/json').send('{not json')
      case '无码':
        return { responseInfo: 'ok' }
      case '待定':
        return { resultStatus: '40075', responseInfo: '登记信息存疑，需人工核实' }
      case '不符':
        return { resultStatus: '2001', responseInfo: 'legal person mismatch' }
      default:
        return { resultStatus: '00', responseInfo: 'success' }
    }
  })
  const address = await vendor.listen({ port: 0, host: '127.0.0.1' })
  return { vendor, url: `${address}/verify`, received }
}

describe('http enterprise provider', () => {
  let fake: Awaited<ReturnType<typeof fakeVendor>>
  beforeAll(async () => {
    fake = await fakeVendor()
  })
  afterAll(() => fake.vendor.close())

  it('posts the four elements with the key and reads a pass', async () => {
    const provider = httpEnterpriseProvider({ url: fake.url, key: 'vendor-key' })
    expect(await provider.fourElements(query)).toEqual({
      resultStatus: '00',
      responseInfo: '核验通过',
      passed: true,
      reason: null,
    })
    expect(fake.received.at(-1)).toEqual({
      authorization: 'Bearer vendor-key',
      body: { method: 'fourElements', ...query },
    })
    const { legalPersonIdentityNo: _none, ...licence } = query
    await provider.licence(licence)
    expect(fake.received.at(-1)!.body).toEqual({ method: 'licence', ...licence })
  })

  it("answers failures with the spec's message and keeps the vendor's text as the reason", async () => {
    const provider = httpEnterpriseProvider({ url: fake.url })
    expect(await provider.fourElements({ ...query, unitName: '不符' })).toEqual({
      resultStatus: '2001',
      responseInfo: '四要素验证失败',
      passed: false,
      reason: 'legal person mismatch',
    })
    expect((await provider.licence({ ...query, unitName: '不符' })).responseInfo).toBe(
      '营业执照验证不通过，请重试',
    )
    expect(await provider.fourElements({ ...query, unitName: '待定' })).toMatchObject({
      resultStatus: '40075',
      responseInfo: '登记信息存疑，需人工核实',
      passed: false,
    })
    expect(fake.received.at(-1)!.authorization).toBeUndefined()
  })

  it('times out through its AbortSignal instead of waiting', async () => {
    const provider = httpEnterpriseProvider({ url: fake.url, timeoutMs: 200 })
    const started = Date.now()
    await expect(provider.fourElements({ ...query, unitName: '慢' })).rejects.toBeInstanceOf(
      EnterpriseVerificationTimeout,
    )
    expect(Date.now() - started).toBeLessThan(1200)
  })

  it('calls an error status, a malformed answer or a dead endpoint unavailable, never a verdict', async () => {
    const provider = httpEnterpriseProvider({ url: fake.url })
    for (const unitName of ['错误', '乱码', '无码']) {
      await expect(provider.fourElements({ ...query, unitName })).rejects.toBeInstanceOf(
        EnterpriseVerificationUnavailable,
      )
    }
    const dead = httpEnterpriseProvider({ url: 'http://127.0.0.1:9/verify' })
    await expect(dead.fourElements(query)).rejects.toThrow('单位核验服务暂不可用，请稍后重试')
  })
})
