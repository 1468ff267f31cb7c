import Fastify, { type FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { samrIdentityHashes, type SamrIdentityInfo } from '@seal/shared/api/gov'
import { demo } from '../../seed.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { idNumber } from '../../test/unit-applications.ts'
import { sandboxUnits } from '../enterprise/sandbox-units.ts'
import { samrAuthentications } from './tables.ts'

const unitOf = (unit: {
  socialCreditCode: string
  unitName: string
  legalPersonName: string
  legalPersonIdentityNo: string
}): SamrIdentityInfo => ({
  socialCreditCode: unit.socialCreditCode,
  unitName: unit.unitName,
  legalPersonName: unit.legalPersonName,
  legalPersonIdentityNo: unit.legalPersonIdentityNo,
})

describe('market-regulator authentication (sandbox regulator)', () => {
  let t: TestApp
  let legal: string
  beforeAll(async () => {
    t = await startTestApp()
    legal = await t.loginPersonal(demo.legalPerson.phone)
  })
  afterAll(() => t.close())

  const authenticate = (token: string, body: object) =>
    t.call({ url: '/api/samr/authentication', body, token })

  it("validates the legal representative's own unit by hashes, in either mode, and records only hashes", async () => {
    const demoUnit = unitOf(sandboxUnits.demo)
    const answer = await authenticate(legal, samrIdentityHashes(demoUnit))
    expect(answer.body).toMatchObject({
      resultStatus: '00',
      data: { status: '4', msg: '身份核验完成', progress: ['1', '2', '4'], ranId: expect.any(String) },
    })
    // Mode 2 hashes base64-decoded bytes; lower-case codes and half-width brackets are normalised before hashing.
    const typed = { ...demoUnit, socialCreditCode: demoUnit.socialCreditCode.toLowerCase() }
    expect((await authenticate(legal, samrIdentityHashes(typed, 2))).body.data.status).toBe('4')
    const [row] = await t.db
      .select()
      .from(samrAuthentications)
      .where(eq(samrAuthentications.id, answer.body.data.ranId))
    expect(row).toMatchObject({ status: '4', mode: '1', provider: 'sandbox' })
    expect(JSON.stringify(row)).not.toContain(demoUnit.socialCreditCode)
  })

  it("answers a unit whose facts differ, an unknown unit and a stranger's unit alike", async () => {
    const failed = { status: '3', msg: '企业信息不匹配!', progress: ['1', '3'] }
    const renamed = await authenticate(
      legal,
      samrIdentityHashes({ ...unitOf(sandboxUnits.demo), unitName: '示例科技股份有限公司' }),
    )
    expect(renamed.body.data).toMatchObject(failed)
    const unknown = await authenticate(
      legal,
      samrIdentityHashes({ ...unitOf(sandboxUnits.demo), socialCreditCode: '91440300MA5EXAMP3M' }),
    )
    expect(unknown.body.data).toMatchObject(failed)
    // 李四 names himself as the legal representative of a unit that is 赵六's.
    const stranger = await authenticate(
      legal,
      samrIdentityHashes({
        ...unitOf(sandboxUnits.trading),
        legalPersonName: demo.legalPerson.name,
        legalPersonIdentityNo: demo.legalPerson.identityNo,
      }),
    )
    expect(stranger.body.data).toMatchObject(failed)
  })

  it("refuses someone else's ID information and an unverified caller, before the regulator is asked", async () => {
    const count = async () => (await t.db.select().from(samrAuthentications)).length
    const before = await count()
    const other = await authenticate(legal, samrIdentityHashes(unitOf(sandboxUnits.trading)))
    expect(other.body).toMatchObject({
      resultStatus: '10000',
      responseInfo: '法定代表人身份信息与当前登录人不一致，请由法定代表人本人进行认证',
      data: null,
    })
    const person = { name: '未核验', identityNo: idNumber(801), phone: '13300000801' }
    const unverified = await t.loginPersonal(person.phone, { ...person, verified: false })
    const refused = await authenticate(
      unverified,
      samrIdentityHashes({
        ...unitOf(sandboxUnits.demo),
        legalPersonName: person.name,
        legalPersonIdentityNo: person.identityNo,
      }),
    )
    expect(refused.body.responseInfo).toBe('您尚未通过实名核验，请使用本人实名登记的手机号登录后再办理')
    expect(await count()).toBe(before)
  })

  it('leaves an undecided unit at pre-verification, and says a silent regulator timed out', async () => {
    const { undecided: u, timeout: tm } = sandboxUnits
    const undecided = await t.loginPersonal(u.phone, {
      name: u.legalPersonName,
      identityNo: u.legalPersonIdentityNo,
    })
    const pending = await authenticate(undecided, samrIdentityHashes(unitOf(sandboxUnits.undecided)))
    expect(pending.body.data).toMatchObject({
      status: '1',
      progress: ['1'],
      msg: '企业信息暂时无法核实，可返回检查，或继续申请转人工审核',
    })
    const silent = await t.loginPersonal(tm.phone, {
      name: tm.legalPersonName,
      identityNo: tm.legalPersonIdentityNo,
    })
    expect((await authenticate(silent, samrIdentityHashes(unitOf(sandboxUnits.timeout)))).body).toMatchObject(
      { resultStatus: '10000', responseInfo: '单位核验超时，请稍后重试' },
    )
  })

  it('answers bad input with clear messages', async () => {
    const hashes = samrIdentityHashes(unitOf(sandboxUnits.demo))
    expect((await authenticate(legal, { ...hashes, unitName: '示例科技有限公司' })).body).toMatchObject({
      resultStatus: '400',
      responseInfo: '身份信息摘要须为 SM3 摘要的 base64 编码',
    })
    const { unitName: _missing, ...withoutName } = hashes
    expect((await authenticate(legal, withoutName)).body.responseInfo).toBe('缺少参数：unitName')
    expect((await authenticate(legal, { ...hashes, mode: 3 })).body.responseInfo).toBe('摘要方式须为 1 或 2')
    expect((await t.call({ url: '/api/samr/authentication', body: hashes })).status).toBe(401)
  })
})

/** A fake of the regulator's gateway (not of our code): answers the status it is told to. */
async function fakeRegulator(): Promise<{
  regulator: FastifyInstance
  url: string
  received: { authorization?: string; body: unknown }[]
  state: { answer: unknown; status: number }
}> {
  const received: { authorization?: string; body: unknown }[] = []
  const state: { answer: unknown; status: number } = { answer: { status: 4 }, status: 200 }
  const regulator = Fastify({ forceCloseConnections: true })
  regulator.post('/samr', async (request, reply) => {
    received.push({ authorization: request.headers.authorization, body: request.body })
    return reply.status(state.status).send(state.answer)
  })
  const address = await regulator.listen({ port: 0, host: '127.0.0.1' })
  return { regulator, url: `${address}/samr`, received, state }
}

describe('market-regulator authentication (http regulator)', () => {
  let t: TestApp
  let fake: Awaited<ReturnType<typeof fakeRegulator>>
  beforeAll(async () => {
    fake = await fakeRegulator()
    t = await startTestApp({
      env: { SAMR_PROVIDER: 'http', SAMR_PROVIDER_URL: fake.url, SAMR_PROVIDER_KEY: 'samr-key' },
    })
  })
  afterAll(async () => {
    await t.close()
    await fake.regulator.close()
  })

  it('sends only the hashes with the key, reads each status, and calls a broken gateway unavailable', async () => {
    const legal = await t.loginPersonal(demo.legalPerson.phone)
    const hashes = samrIdentityHashes(unitOf(sandboxUnits.demo))
    expect(
      (await t.call({ url: '/api/samr/authentication', body: hashes, token: legal })).body.data,
    ).toMatchObject({ status: '4', progress: ['1', '2', '4'] })
    expect(fake.received.at(-1)).toEqual({ authorization: 'Bearer samr-key', body: hashes })
    fake.state.answer = { status: '2' }
    expect(
      (await t.call({ url: '/api/samr/authentication', body: hashes, token: legal })).body.data,
    ).toMatchObject({ status: '2', msg: '营业执照核验完成', progress: ['1', '2'] })
    fake.state.answer = { status: '9' }
    expect(
      (await t.call({ url: '/api/samr/authentication', body: hashes, token: legal })).body.responseInfo,
    ).toBe('市场监管身份认证服务暂不可用，请稍后重试')
    fake.state.status = 502
    expect(
      (await t.call({ url: '/api/samr/authentication', body: hashes, token: legal })).body.responseInfo,
    ).toBe('市场监管身份认证服务暂不可用，请稍后重试')
  })
})
