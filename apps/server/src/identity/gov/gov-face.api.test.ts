import Fastify, { type FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { persons } from '../../auth/tables.ts'
import { setConfig } from '../../config/service.ts'
import { demo } from '../../seed.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { idNumber } from '../../test/unit-applications.ts'
import { saveSandboxPerson } from '../real-name/registry.ts'
import { faceVerifications } from '../tables.ts'
import { govFaceTickets } from './tables.ts'

/** A stand-in selfie: a lit photo-sized image (the sandbox checks it is a real, bright photo). */
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

describe('government-app face flow (sandbox platform)', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginPersonal(demo.person.phone)
  })
  afterAll(() => t.close())

  /** What the H5 does inside the app: our JS-API token, the app's code for its user, a ticket for the caller's own identity. */
  const openTicket = async (
    as: string,
    options: { personIdentity: string; appUser?: { name: string; identityNo: string } },
  ) => {
    const jsapi = await t.call({ method: 'GET', url: '/api/ykb/token', token: as })
    expect(jsapi.body.data.jsapiToken).toMatch(/^\d+\.[\w-]+$/)
    const code = await t.call({
      url: '/api/dev/ykb/auth-code',
      body: { jsapiToken: jsapi.body.data.jsapiToken, ...options.appUser },
      token: as,
    })
    const authCode: string = code.body.data.authCode
    const ticket = await t.call({
      url: '/api/ykb/face/ticket',
      body: { authCode, identityType: '111', personIdentity: options.personIdentity },
      token: as,
    })
    return { authCode, ticket }
  }
  const result = (as: string, ticket: string) =>
    t.call({ url: '/api/ykb/face/result', body: { ticket }, token: as })
  const capture = async (as: string, ticket: string, brightness?: number) =>
    t.call({ url: '/api/dev/ykb/face/capture', body: { ticket, image: await selfie(brightness) }, token: as })

  it('is pending until the app has taken the face, then succeeds once as a face verification every face step accepts', async () => {
    const { ticket } = await openTicket(token, { personIdentity: demo.person.identityNo })
    expect(ticket.body).toMatchObject({
      resultStatus: '00',
      data: { ticket: expect.any(String), expiresAt: expect.any(Number) },
    })
    const waiting = await result(token, ticket.body.data.ticket)
    expect(waiting.body.data).toEqual({ status: 'PENDING', msg: '等待在政务服务应用中完成人脸核验' })

    expect((await capture(token, ticket.body.data.ticket)).body).toMatchObject({
      resultStatus: '00',
      responseInfo: '人脸已采集',
    })
    const passed = await result(token, ticket.body.data.ticket)
    expect(passed.body.data).toMatchObject({
      status: 'SUCCESS',
      msg: '人脸核验通过',
      serialNo: expect.any(String),
    })

    // The same verification as the face step's own: the query by serial and a face login read it.
    const serialNo: string = passed.body.data.serialNo
    expect(
      (await t.call({ method: 'GET', url: `/api/face/result/${serialNo}`, token })).body.data,
    ).toMatchObject({ status: '2', msg: '人脸核验通过' })
    expect(
      (await t.call({ url: '/api/login/record', body: { type: 'face', serialNoFace: serialNo }, token })).body
        .resultStatus,
    ).toBe('00')

    // The ticket is spent: asked again it is refused, and the app cannot take a second face with it.
    expect((await result(token, ticket.body.data.ticket)).body).toMatchObject({
      resultStatus: '10000',
      responseInfo: '人脸核验票据已使用，请重新发起',
    })
    expect((await capture(token, ticket.body.data.ticket)).body.responseInfo).toBe(
      '人脸核验票据无效，请重新发起',
    )
  })

  it('verifies an unverified person where the configuration asks for the face check before login, as the face step does', async () => {
    const person = { name: '韩梅梅', identityNo: idNumber(701), phone: '13300000701' }
    const unverified = await t.loginPersonal(person.phone, { ...person, verified: false })
    // The government platform knows them (another phone of theirs is in the registry); the carriers' check did not.
    await saveSandboxPerson(t.db, {
      phone: '13300000702',
      name: person.name,
      identityNo: person.identityNo,
      outcome: 'normal',
    })
    await setConfig(t.db, { scope: `person:${person.identityNo}`, key: 'enableLoginFaceAuth', value: true })
    const { ticket } = await openTicket(unverified, { personIdentity: person.identityNo })
    await capture(unverified, ticket.body.data.ticket)
    const passed = await result(unverified, ticket.body.data.ticket)
    expect(passed.body.data.status).toBe('SUCCESS')
    await t.call({
      url: '/api/login/record',
      body: { type: 'face', serialNoFace: passed.body.data.serialNo },
      token: unverified,
    })
    const [row] = await t.db.select().from(persons).where(eq(persons.identityNo, person.identityNo))
    expect(row).toMatchObject({ verificationMethod: 'face', verifiedAt: expect.any(Date) })
  })

  it("refuses a stranger's identity, an app user who is not the caller, a spent code and another account's ticket", async () => {
    const jsapiToken = (await t.call({ method: 'GET', url: '/api/ykb/token', token })).body.data.jsapiToken
    const code = (await t.call({ url: '/api/dev/ykb/auth-code', body: { jsapiToken }, token })).body.data
      .authCode
    const stranger = await t.call({
      url: '/api/ykb/face/ticket',
      body: { authCode: code, personIdentity: demo.legalPerson.identityNo },
      token,
    })
    expect(stranger.body).toMatchObject({
      resultStatus: '10000',
      responseInfo: '证件号与登录号码不一致',
      data: null,
    })

    const otherAppUser = await openTicket(token, {
      personIdentity: demo.person.identityNo,
      appUser: demo.legalPerson,
    })
    expect(otherAppUser.ticket.body.responseInfo).toBe('政务服务应用的登录账号与当前登录人不一致')

    const first = await openTicket(token, { personIdentity: demo.person.identityNo })
    const again = await t.call({
      url: '/api/ykb/face/ticket',
      body: { authCode: first.authCode, personIdentity: demo.person.identityNo },
      token,
    })
    expect(again.body.responseInfo).toBe('政务服务授权已失效，请重新发起人脸核验')

    const legal = await t.loginPersonal(demo.legalPerson.phone)
    expect((await result(legal, first.ticket.body.data.ticket)).body.responseInfo).toBe(
      '人脸核验票据无效，请重新发起',
    )
    expect((await result(token, 'no-such-ticket')).body.responseInfo).toBe('人脸核验票据无效，请重新发起')
  })

  it('opens one ticket for one code and answers the final result once, under concurrent calls', async () => {
    const jsapiToken = (await t.call({ method: 'GET', url: '/api/ykb/token', token })).body.data.jsapiToken
    const authCode = (await t.call({ url: '/api/dev/ykb/auth-code', body: { jsapiToken }, token })).body.data
      .authCode
    // Each call a different body (the duplicate guard would refuse identical ones in flight): the spelling of the ID number differs.
    const tickets = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.call({
          url: '/api/ykb/face/ticket',
          body: { authCode, personIdentity: i % 2 ? demo.person.identityNo : ` ${demo.person.identityNo}` },
          token,
        }),
      ),
    )
    const opened = tickets.filter((answer) => answer.body.resultStatus === '00')
    expect(opened).toHaveLength(1)
    const ticket: string = opened[0]!.body.data.ticket
    await capture(token, ticket)
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.call({ url: '/api/ykb/face/result', body: { ticket: i % 2 ? ticket : ` ${ticket}` }, token }),
      ),
    )
    const finals = answers.filter((answer) => answer.body.data?.status === 'SUCCESS')
    expect(finals).toHaveLength(1)
    expect(
      answers.filter((answer) => answer.body.responseInfo === '人脸核验票据已使用，请重新发起').length,
    ).toBeGreaterThan(0)
    const [row] = await t.db
      .select()
      .from(govFaceTickets)
      .where(eq(govFaceTickets.faceVerificationId, finals[0]!.body.data.serialNo))
    expect(row).toMatchObject({ status: 'SUCCESS' })
  })

  it('refuses an expired ticket', async () => {
    const { ticket } = await openTicket(token, { personIdentity: demo.person.identityNo })
    await t.db
      .update(govFaceTickets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(govFaceTickets.status, 'PENDING'))
    expect((await result(token, ticket.body.data.ticket)).body).toMatchObject({
      resultStatus: '10000',
      responseInfo: '人脸核验已过期，请重新发起',
    })
  })

  it("answers the sandbox registry's outcomes: unknown person, name differs, no answer, failing identities and dark photos", async () => {
    const face = async (person: { name: string; identityNo: string; phone: string }, brightness?: number) => {
      const as = await t.loginPersonal(person.phone, { ...person, verified: false })
      const { ticket } = await openTicket(as, { personIdentity: person.identityNo })
      await capture(as, ticket.body.data.ticket, brightness)
      return { as, answer: (await result(as, ticket.body.data.ticket)).body.data }
    }
    const unknown = await face({ name: '未登记', identityNo: idNumber(711), phone: '13300000711' })
    expect(unknown.answer).toMatchObject({
      status: 'FAILED',
      msg: '未查询到该身份的实名认证信息',
      serialNo: expect.any(String),
    })
    // A failed result is a face verification that failed: a face login refuses it.
    const login = await t.call({
      url: '/api/login/record',
      body: { type: 'face', serialNoFace: unknown.answer.serialNo },
      token: unknown.as,
    })
    expect(login.body.responseInfo).toBe('人脸核验未通过')

    await saveSandboxPerson(t.db, {
      phone: '13300000722',
      name: '另一人',
      identityNo: idNumber(712),
      outcome: 'normal',
    })
    expect(
      (await face({ name: '改名者', identityNo: idNumber(712), phone: '13300000712' })).answer,
    ).toMatchObject({ status: 'FAILED', msg: '姓名与证件号码不一致' })

    // 钱十's registry record never answers: the platform keeps the check pending (the client gives up after 60 s).
    const silent = await face({ name: '钱十', identityNo: '110101198001010010', phone: '13300000713' })
    expect(silent.answer).toEqual({ status: 'PENDING', msg: '人脸核验处理中' })

    const failingId = '420106200103159996' // sequence digits 999: the sandbox face fails it as a mismatch
    await saveSandboxPerson(t.db, {
      phone: '13300000724',
      name: '钱七',
      identityNo: failingId,
      outcome: 'normal',
    })
    expect((await face({ name: '钱七', identityNo: failingId, phone: '13300000714' })).answer).toMatchObject({
      status: 'FAILED',
      msg: '人脸核验失败，请重试',
    })

    await saveSandboxPerson(t.db, {
      phone: '13300000725',
      name: '暗光',
      identityNo: idNumber(715),
      outcome: 'normal',
    })
    expect(
      (await face({ name: '暗光', identityNo: idNumber(715), phone: '13300000715' }, 30)).answer,
    ).toMatchObject({ status: 'FAILED', msg: '光线过暗，请在明亮处重新拍摄' })
    const rows = await t.db
      .select()
      .from(faceVerifications)
      .where(eq(faceVerifications.identityNo, idNumber(715)))
    expect(rows).toMatchObject([{ status: '3', message: '光线过暗，请在明亮处重新拍摄' }])
  })

  it('answers bad input and a missing session with clear messages', async () => {
    expect(
      (await t.call({ url: '/api/ykb/face/ticket', body: { personIdentity: demo.person.identityNo }, token }))
        .body,
    ).toMatchObject({
      resultStatus: '400',
      responseInfo: '缺少参数：authCode',
    })
    expect(
      (
        await t.call({
          url: '/api/ykb/face/ticket',
          body: { authCode: ' ', personIdentity: demo.person.identityNo },
          token,
        })
      ).body.responseInfo,
    ).toBe('请提供政务服务授权码')
    expect(
      (await t.call({ url: '/api/ykb/face/result', body: { ticket: '' }, token })).body.responseInfo,
    ).toBe('请提供人脸核验票据')
    expect(
      (await t.call({ url: '/api/ykb/face/result', body: { ticket: 'x'.repeat(600) }, token })).body
        .responseInfo,
    ).toBe('人脸核验票据无效，请重新发起')
    expect(
      (await t.call({ url: '/api/dev/ykb/auth-code', body: { jsapiToken: '1.forged' }, token })).body
        .responseInfo,
    ).toBe('政务服务 JS-API 令牌无效，请重新获取')
    expect(
      (await t.call({ url: '/api/dev/ykb/face/capture', body: { ticket: 'unknown', image: 'AAAA' }, token }))
        .body.responseInfo,
    ).toBe('人脸核验票据无效，请重新发起')
    expect((await t.call({ method: 'GET', url: '/api/ykb/token' })).status).toBe(401)
  })
})

/** A fake of the government platform (not of our code): answers as its http contract says. */
async function fakePlatform(): Promise<{
  platform: FastifyInstance
  url: string
  received: { authorization?: string; body: Record<string, string> }[]
  state: { result: string }
}> {
  const received: { authorization?: string; body: Record<string, string> }[] = []
  const state = { result: 'PENDING' }
  const platform = Fastify({ forceCloseConnections: true })
  platform.post('/gov', async (request, reply) => {
    const body = request.body as Record<string, string>
    received.push({ authorization: request.headers.authorization, body })
    if (body.method === 'jsapiToken') return { jsapiToken: 'platform-jsapi-token', expiresIn: 7200 }
    if (body.method === 'openFace')
      return body.authCode === 'someone-else'
        ? { error: 'identity' }
        : { ticket: `T-${body.authCode}`, expiresIn: 120 }
    if (state.result === 'broken') return reply.status(502).send('bad gateway')
    return { status: state.result, msg: state.result === 'FAILED' ? '活体检测未通过' : '' }
  })
  const address = await platform.listen({ port: 0, host: '127.0.0.1' })
  return { platform, url: `${address}/gov`, received, state }
}

describe('government-app face flow (http platform)', () => {
  let t: TestApp
  let fake: Awaited<ReturnType<typeof fakePlatform>>
  let token: string
  beforeAll(async () => {
    fake = await fakePlatform()
    t = await startTestApp({
      env: {
        GOV_FACE_PROVIDER: 'http',
        GOV_FACE_PROVIDER_URL: fake.url,
        GOV_FACE_PROVIDER_KEY: 'platform-key',
      },
    })
    token = await t.loginPersonal(demo.person.phone)
  })
  afterAll(async () => {
    await t.close()
    await fake.platform.close()
  })

  it("passes the platform's token, ticket and result through, with the key and the caller's own identity", async () => {
    expect((await t.call({ method: 'GET', url: '/api/ykb/token', token })).body.data).toEqual({
      jsapiToken: 'platform-jsapi-token',
    })
    const ticket = await t.call({
      url: '/api/ykb/face/ticket',
      body: { authCode: 'code-1', personIdentity: demo.person.identityNo },
      token,
    })
    expect(ticket.body.data.ticket).toBe('T-code-1')
    expect(ticket.body.data.expiresAt - Date.now()).toBeLessThanOrEqual(120_000)
    expect(fake.received.at(-1)).toEqual({
      authorization: 'Bearer platform-key',
      body: {
        method: 'openFace',
        authCode: 'code-1',
        identityType: '111',
        identityNo: demo.person.identityNo,
        name: demo.person.name,
      },
    })
    expect(
      (await t.call({ url: '/api/ykb/face/result', body: { ticket: 'T-code-1' }, token })).body.data,
    ).toEqual({ status: 'PENDING', msg: '人脸核验结果查询中' })
    fake.state.result = 'FAILED'
    expect(
      (await t.call({ url: '/api/ykb/face/result', body: { ticket: 'T-code-1' }, token })).body.data,
    ).toMatchObject({ status: 'FAILED', msg: '活体检测未通过' })
    const refused = await t.call({
      url: '/api/ykb/face/ticket',
      body: { authCode: 'someone-else', personIdentity: demo.person.identityNo },
      token,
    })
    expect(refused.body.responseInfo).toBe('政务服务应用的登录账号与当前登录人不一致')
    // The sandbox stand-in for the app is not there.
    expect(
      (await t.call({ url: '/api/dev/ykb/auth-code', body: { jsapiToken: 'x' }, token })).body.responseInfo,
    ).toBe('接口不存在')
  })

  it('says a broken platform is unavailable, and the ticket still answers once the platform is back', async () => {
    const ticket = (
      await t.call({
        url: '/api/ykb/face/ticket',
        body: { authCode: 'code-2', personIdentity: demo.person.identityNo },
        token,
      })
    ).body.data.ticket
    fake.state.result = 'broken'
    expect((await t.call({ url: '/api/ykb/face/result', body: { ticket }, token })).body.responseInfo).toBe(
      '政务服务人脸核验暂不可用，请稍后重试',
    )
    fake.state.result = 'SUCCESS'
    const passed = await t.call({ url: '/api/ykb/face/result', body: { ticket }, token })
    expect(passed.body.data).toMatchObject({ status: 'SUCCESS', msg: '人脸核验通过' })
  })
})
