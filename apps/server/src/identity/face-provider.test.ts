import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FaceUnavailable, faceMessages, httpFaceProvider } from './face-provider.ts'

const selfie = Buffer.from('a selfie')

/** A fake of the vendor (not of our code): answers by the name it is sent. */
async function fakeVendor(): Promise<{
  vendor: FastifyInstance
  url: string
  received: { authorization?: string; body: unknown }[]
}> {
  const received: { authorization?: string; body: unknown }[] = []
  const vendor = Fastify({ forceCloseConnections: true })
  vendor.post('/face', async (request, reply) => {
    const body = request.body as Record<string, string>
    received.push({ authorization: request.headers.authorization, body })
    switch (body.realName) {
      case '慢':
        await new Promise((resolve) => setTimeout(resolve, 1500))
        return { passed: true, score: 0.9 }
      case '错误':
        return reply.status(503).send('busy')
      case '字符串':
        return { passed: 'false', score: 0.9 }
      case '分数':
        return { passed: true, score: 87 }
      case '数组':
        return [{ passed: true, score: 0.9 }]
      case '暗':
        return { passed: false, score: 0.1, message: '光线过暗，请在明亮处重新拍摄' }
      case '长':
        return { passed: false, score: 0.1, message: 'x'.repeat(400) }
      default:
        return { passed: true, score: 0.95, message: 'OK' }
    }
  })
  const address = await vendor.listen({ port: 0, host: '127.0.0.1' })
  return { vendor, url: `${address}/face`, received }
}

describe('http face provider', () => {
  let fake: Awaited<ReturnType<typeof fakeVendor>>
  beforeAll(async () => {
    fake = await fakeVendor()
  })
  afterAll(() => fake.vendor.close())

  const compare = (realName: string, options: { key?: string; timeoutMs?: number } = {}) =>
    httpFaceProvider({ url: fake.url, ...options }).compare({
      realName,
      identityNo: '110101199003078515',
      selfie,
    })

  it('sends the key, the identity and the selfie, and reads a pass in our words', async () => {
    expect(await compare('张三', { key: 'vendor-key' })).toEqual({
      passed: true,
      score: 0.95,
      message: faceMessages.passed,
    })
    expect(fake.received.at(-1)).toEqual({
      authorization: 'Bearer vendor-key',
      body: { realName: '张三', identityNo: '110101199003078515', selfieBase64: selfie.toString('base64') },
    })
  })

  it("keeps a failure's short message and replaces a long one with ours", async () => {
    expect(await compare('暗')).toEqual({
      passed: false,
      score: 0.1,
      message: '光线过暗，请在明亮处重新拍摄',
    })
    expect((await compare('长')).message).toBe(faceMessages.failed)
  })

  it('is unavailable on an error status, a string "false", a score out of range, an array, silence and no vendor', async () => {
    for (const name of ['错误', '字符串', '分数', '数组'])
      await expect(compare(name)).rejects.toBeInstanceOf(FaceUnavailable)
    await expect(compare('慢', { timeoutMs: 200 })).rejects.toBeInstanceOf(FaceUnavailable)
    const dead = httpFaceProvider({ url: 'http://127.0.0.1:9/face' })
    await expect(
      dead.compare({ realName: '张三', identityNo: '110101199003078515', selfie }),
    ).rejects.toBeInstanceOf(FaceUnavailable)
  })
})
