import Fastify, { type FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RATE_LIMITED_MESSAGE } from '../plugins/rate-limit.ts'
import { demo } from '../seed.ts'
import { faceMessages } from './face-provider.ts'
import { FACE_CHECKS_PER_PERSON } from './face.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'

/** A stand-in selfie: a lit, textured photo-sized image (the sandbox checks it is a real, bright photo). */
const selfie = (brightness = 180) =>
  sharp({
    create: {
      width: 480,
      height: 640,
      channels: 3,
      background: { r: brightness, g: brightness - 20, b: brightness - 40 },
    },
  })
    .jpeg()
    .toBuffer()
    .then((bytes) => `data:image/jpeg;base64,${bytes.toString('base64')}`)

describe('face verification (sandbox provider)', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginPersonal(demo.person.phone)
  })
  afterAll(() => t.close())

  const exchange = (body: object) => t.call({ url: '/api/verifySign/paasExchangeToken', body, token })

  it('verifies the caller with a good selfie and records a face login', async () => {
    const faceToken = (
      await exchange({ idType: '111', idCardNo: demo.person.identityNo, realName: demo.person.name })
    ).body.data
    const result = await t.call({
      url: '/api/face/verify',
      body: { token: faceToken, image: await selfie() },
      token,
    })
    expect(result.body.data).toMatchObject({ status: '2', msg: '人脸核验通过', type: 'face' })
    const queried = await t.call({
      method: 'GET',
      url: `/api/face/result/${result.body.data.serialNo}`,
      token,
    })
    expect(queried.body.data.status).toBe('2')
    const record = await t.call({
      url: '/api/login/record',
      body: { type: 'face', serialNoFace: result.body.data.serialNo },
      token,
    })
    expect(record.body.resultStatus).toBe('00')
  })

  it('fails a dark selfie with its message, and a used token cannot be replayed', async () => {
    const faceToken = (await exchange({ idCardNo: demo.person.identityNo, realName: demo.person.name })).body
      .data
    const dark = await t.call({
      url: '/api/face/verify',
      body: { token: faceToken, image: await selfie(30) },
      token,
    })
    expect(dark.body.data).toMatchObject({ status: '3', msg: '光线过暗，请在明亮处重新拍摄' })
    const replay = await t.call({
      url: '/api/face/verify',
      body: { token: faceToken, image: await selfie() },
      token,
    })
    expect(replay.body.responseInfo).toBe('人脸核验已过期，请重新发起')
    const record = await t.call({
      url: '/api/login/record',
      body: { type: 'face', serialNoFace: dark.body.data.serialNo },
      token,
    })
    expect(record.body.responseInfo).toBe('人脸核验未通过')
  })

  it("refuses to verify someone else's face", async () => {
    const other = await exchange({ idCardNo: demo.legalPerson.identityNo, realName: demo.legalPerson.name })
    expect(other.body).toMatchObject({ resultStatus: '10000', responseInfo: '证件号与登录号码不一致' })
  })

  it('fails the documented sandbox identities as a mismatch', async () => {
    const failing = await t.loginPersonal('13300000051', { name: '钱七', identityNo: '420106200103159996' })
    const faceToken = (
      await t.call({
        url: '/api/verifySign/paasExchangeToken',
        body: { idCardNo: '420106200103159996', realName: '钱七' },
        token: failing,
      })
    ).body.data
    const result = await t.call({
      url: '/api/face/verify',
      body: { token: faceToken, image: await selfie() },
      token: failing,
    })
    expect(result.body.data).toMatchObject({ status: '3', msg: '人脸核验失败，请重试' })
  })

  it('opens at most 20 face checks an hour for one person, and others are not held up', async () => {
    const person = { name: '孙八', identityNo: '110101199003078515' }
    const first = await t.loginPersonal('13300000081', person)
    const open = (token: string) =>
      t.call({
        url: '/api/verifySign/paasExchangeToken',
        body: { idCardNo: person.identityNo, realName: person.name },
        token,
      })
    for (let i = 0; i < FACE_CHECKS_PER_PERSON.max; i++)
      expect((await open(first)).body.resultStatus).toBe('00')
    const refused = await open(first)
    expect(refused.status).toBe(429)
    expect(refused.body.responseInfo).toBe(RATE_LIMITED_MESSAGE)
    expect(Number(refused.raw.headers['retry-after'])).toBeGreaterThan(0)
    const someoneElse = await exchange({ idCardNo: demo.person.identityNo, realName: demo.person.name })
    expect(someoneElse.body.resultStatus).toBe('00')
  })
})

describe('request guards', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('answers an unknown API path with a 404 envelope', async () => {
    const response = await t.call({ method: 'GET', url: '/api/no/such/path' })
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ resultStatus: '404', responseInfo: '接口不存在' })
  })

  it('serves the region tree and the OpenAPI document', async () => {
    const regions = await t.call({ method: 'GET', url: '/api/seal-apply/region/list' })
    expect(regions.body.data[0]).toMatchObject({ value: '北京市' })
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(Object.keys(docs.json().paths)).toContain('/api/file/upload')
  })
})

describe('face verification through a vendor', () => {
  let t: TestApp
  let vendor: FastifyInstance
  let vendorAnswers: 'down' | 'up' = 'down'
  beforeAll(async () => {
    vendor = Fastify()
    vendor.post('/face', async (_request, reply) =>
      vendorAnswers === 'down' ? reply.status(503).send('busy') : { passed: true, score: 0.97 },
    )
    const address = await vendor.listen({ port: 0, host: '127.0.0.1' })
    t = await startTestApp({ env: { FACE_PROVIDER: 'http', FACE_PROVIDER_URL: `${address}/face` } })
  })
  afterAll(async () => {
    await t.close()
    await vendor.close()
  })

  it('says the service is away without a 500, and the same token works once it is back', async () => {
    const token = await t.loginPersonal(demo.person.phone)
    const faceToken = (
      await t.call({
        url: '/api/verifySign/paasExchangeToken',
        body: { idCardNo: demo.person.identityNo, realName: demo.person.name },
        token,
      })
    ).body.data
    const away = await t.call({
      url: '/api/face/verify',
      body: { token: faceToken, image: await selfie() },
      token,
    })
    expect(away.status).toBe(200)
    expect(away.body).toMatchObject({ resultStatus: '10000', responseInfo: faceMessages.unavailable })
    vendorAnswers = 'up'
    const back = await t.call({
      url: '/api/face/verify',
      body: { token: faceToken, image: await selfie() },
      token,
    })
    expect(back.body.data).toMatchObject({ status: '2', msg: faceMessages.passed })
  })
})
