import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession, findCaller } from '../auth/sessions.ts'
import { idNumber, personFor } from '../seal-auth/test-support.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor } from '../test/seals.ts'
import { until } from '../test/waits.ts'
import { forgetAll, hostAssertion, hostChannel, redisRelay } from './test-support.ts'

const PIN = 'seal2026'

const me = (app: TestApp, token: string) => app.call({ method: 'GET', url: '/api/auth/me', token })
const pinCheck = (app: TestApp, token: string, sealId: string) =>
  app.app
    .inject({ method: 'POST', url: '/api/seal/pinVerifyNew', payload: { sealId, pin: PIN }, headers: { authorization: `Bearer ${token}` } })
    .then((answer) => answer.json())
const processed = (answers: { resultStatus: string; data: { success?: boolean } | null }[]) =>
  answers.filter((a) => a.resultStatus === '00' && a.data?.success === true).length

/** Two server processes on one database, in this test process (see two-processes.api.test.ts). */
async function twoProcesses(env: NodeJS.ProcessEnv) {
  const one = await startTestApp({ env })
  const two = await startTestApp({ env, beside: one })
  const person = await personFor(one, { name: '吴断连', identityNo: idNumber(811) })
  const sealId = (await personalSealFor(one, person.token, { pin: PIN })).seal.id
  const anotherSession = async () => (await createSession(one.db, (await findCaller(one.db, person.token))!.accountId)).token
  return { one, two, token: person.token, sealId, anotherSession }
}

/**
 * REDIS_URL names a Redis that does not answer (docs/decisions.md "A Redis that is down"). Every request is
 * still answered: limits count in each process, duplicates meeting in one process are refused, the caches
 * read through so a logout is still seen everywhere at once, and only what cannot be decided safely without
 * Redis (a host login assertion that may have been used on another process) is refused, with 系统繁忙.
 */
describe('two server processes whose Redis is away', () => {
  let relay: Awaited<ReturnType<typeof redisRelay>>
  let s: Awaited<ReturnType<typeof twoProcesses>>

  beforeAll(async () => {
    relay = await redisRelay() // accepts connections and drops them: a Redis that is never there
    s = await twoProcesses({ REDIS_URL: relay.url, SMS_SENDS_PER_CLIENT: '3', HOST_CHANNELS: JSON.stringify(hostChannel) })
  })
  afterAll(async () => {
    await s?.two.close()
    await s?.one.close()
    await relay?.close()
  })

  it('still limits a client’s SMS sends, counting in each process', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        s.one.app.inject({ method: 'POST', url: '/api/auth/sms/send', payload: { phone: `1370000${8000 + i}` }, remoteAddress: '203.0.113.51' }),
      ),
    )
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(3)
    expect(answers.filter((a) => a.statusCode === 200 && a.json().resultStatus === '00')).toHaveLength(3)
  })

  it('still refuses a duplicate meeting its twin in one process, and lets the next one through', async () => {
    // Ten connections open first: a copy waiting for a new database connection can arrive after the first
    // copy has finished, and is then rightly processed (no twin in flight). On a busy database that happened.
    await Promise.all(Array.from({ length: 10 }, () => me(s.one, s.token)))
    const answers = await Promise.all(Array.from({ length: 10 }, () => pinCheck(s.one, s.token, s.sealId)))
    const refused = answers.filter((a) => a.resultStatus === '409' && a.responseInfo === '请求重复').length
    expect(processed(answers)).toBeGreaterThanOrEqual(1)
    expect(refused).toBeGreaterThanOrEqual(1)
    expect(processed(answers) + refused).toBe(10)
    expect(processed([await pinCheck(s.one, s.token, s.sealId)])).toBe(1)
  })

  it('sees a logout and a configuration change of one process in the other at once: the caches read through', async () => {
    const ending = await s.anotherSession()
    expect((await me(s.two, ending)).body.resultStatus).toBe('00')
    expect((await s.one.call({ url: '/api/auth/logout', token: ending })).body.resultStatus).toBe('00')
    expect((await me(s.two, ending)).status).toBe(401)

    const supportPhone = async (app: TestApp) => (await app.call({ url: '/api/config/queryByIdentity', body: {} })).body.data.supportPhone
    await supportPhone(s.two)
    const set = await s.one.app.inject({
      method: 'PUT',
      url: '/api/admin/config',
      payload: { scope: 'global', key: 'supportPhone', value: '400-555-6666' },
      headers: { authorization: `Bearer ${s.one.secrets.adminToken}` },
    })
    expect(set.json().resultStatus).toBe('00')
    expect(await supportPhone(s.two)).toBe('400-555-6666')
  })

  it('refuses a host login with 系统繁忙 rather than risk a replayed assertion', async () => {
    const answer = await s.two.call({ url: '/api/auth/login/host', body: { assertion: await hostAssertion({ sub: '13800000072', name: '郑等待', idNo: idNumber(812) }) } })
    expect(answer.status).toBe(503)
    expect(answer.body).toMatchObject({ resultStatus: '10000', responseInfo: '系统繁忙，请稍后再试' })
  })
})

const REDIS_URL = process.env.REDIS_URL

/** A Redis that dies under running processes and comes back. */
describe.skipIf(!REDIS_URL)('two server processes whose Redis goes away and comes back', () => {
  const keyPrefix = `seal-test-${randomBytes(6).toString('hex')}:`
  let relay: Awaited<ReturnType<typeof redisRelay>>
  let s: Awaited<ReturnType<typeof twoProcesses>>
  const shared = (app: TestApp) => app.app.sharedState!

  beforeAll(async () => {
    relay = await redisRelay(REDIS_URL)
    relay.open()
    s = await twoProcesses({ REDIS_URL: relay.url, REDIS_KEY_PREFIX: keyPrefix })
    await until(() => shared(s.one).hearsForgets() && shared(s.two).hearsForgets())
  })
  afterAll(async () => {
    await s?.two.close()
    await s?.one.close()
    await relay?.close()
    await forgetAll(REDIS_URL!, keyPrefix)
  })

  it('answers through the outage, never serves a session logged out meanwhile, and shares again once Redis is back', async () => {
    const duringOutage = await s.anotherSession()
    expect((await me(s.two, duringOutage)).body.resultStatus).toBe('00') // cached in two

    relay.cut()
    await until(() => !shared(s.two).hearsForgets() && !shared(s.one).available())
    // The forget of this logout cannot reach two; two keeps nothing while it cannot hear forgets.
    expect((await s.one.call({ url: '/api/auth/logout', token: duringOutage })).body.resultStatus).toBe('00')
    expect((await me(s.two, duringOutage)).status).toBe(401)
    expect(processed([await pinCheck(s.one, s.token, s.sealId)])).toBe(1)

    relay.open()
    await until(() => [s.one, s.two].every((app) => shared(app).hearsForgets() && shared(app).available()))
    const afterOutage = await s.anotherSession()
    expect((await me(s.two, afterOutage)).body.resultStatus).toBe('00')
    expect((await s.one.call({ url: '/api/auth/logout', token: afterOutage })).body.resultStatus).toBe('00')
    expect((await me(s.two, afterOutage)).status).toBe(401)
    // The duplicate guard is one across the processes again: of copies on both, one runs. (Ten database
    // connections open first, so no copy waits for one until its twin has finished.)
    await Promise.all(Array.from({ length: 10 }, (_, i) => me(i % 2 ? s.two : s.one, s.token)))
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => pinCheck(i % 2 ? s.two : s.one, s.token, s.sealId)))
    expect(processed(answers)).toBe(1)
    expect(answers.filter((a) => a.resultStatus === '409')).toHaveLength(9)
  })
})
