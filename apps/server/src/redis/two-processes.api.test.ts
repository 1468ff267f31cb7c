import { randomBytes } from 'node:crypto'
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession, findCaller } from '../auth/sessions.ts'
import { idNumber, personFor } from '../seal-auth/test-support.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor } from '../test/seals.ts'
import { forgetAll, hostChannel, hostAssertion } from './test-support.ts'

const REDIS_URL = process.env.REDIS_URL
const PIN = 'seal2026'
const TRIES_LEFT = /^印章密码错误，还可尝试(\d)次$/
const LOCKED = /^印章密码已锁定，请于\d\d:\d\d后重试$/
/** Published once for each typed secret compared with its hash (trust/counted-secret.ts). */
const COMPARED = 'seal.counted-secret.compared'
const SMS_SENDS_PER_CLIENT = 10

/**
 * Two server processes behind a load balancer, as two apps in this test process: one database (each app its
 * own handle, so its own caches and, on PostgreSQL, its own pool), one Redis (REDIS_URL, a key prefix of their
 * own so parallel test files never meet). Whatever one process knows that limits or ends something, the
 * other knows at once. Skipped without REDIS_URL (`npm test` sets it where Redis answers on 127.0.0.1:6379).
 */
describe.skipIf(!REDIS_URL)('two server processes sharing one Redis and one database', () => {
  const keyPrefix = `seal-test-${randomBytes(6).toString('hex')}:`
  let one: TestApp
  let two: TestApp
  let holder: { token: string; sealId: string }

  beforeAll(async () => {
    const env = { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix, SMS_SENDS_PER_CLIENT: String(SMS_SENDS_PER_CLIENT), HOST_CHANNELS: JSON.stringify(hostChannel) }
    one = await startTestApp({ env })
    two = await startTestApp({ env, beside: one })
    const person = await personFor(one, { name: '钱两进', identityNo: idNumber(801) })
    holder = { token: person.token, sealId: (await personalSealFor(one, person.token, { pin: PIN })).seal.id }
  })
  afterAll(async () => {
    await two?.close()
    await one?.close()
    await forgetAll(REDIS_URL!, keyPrefix)
  })

  const me = (app: TestApp, token: string) => app.call({ method: 'GET', url: '/api/auth/me', token })
  const anotherSession = async (token: string) => (await createSession(one.db, (await findCaller(one.db, token))!.accountId)).token

  it('refuses in the other process, at once, a token logged out in one, although both had it cached', async () => {
    const ending = await anotherSession(holder.token)
    expect((await me(one, ending)).body.resultStatus).toBe('00')
    expect((await me(two, ending)).body.resultStatus).toBe('00')
    expect((await me(two, ending)).body.resultStatus).toBe('00') // answered from two's cache now
    expect((await one.call({ url: '/api/auth/logout', token: ending })).body.resultStatus).toBe('00')
    expect((await me(two, ending)).status).toBe(401)
    expect((await me(one, ending)).status).toBe(401)
    // Only that session: the holder's own is good in both.
    expect((await me(two, holder.token)).body.resultStatus).toBe('00')
  })

  it('answers in the other process, at once, a configuration an operator changed in one', async () => {
    const admin = (app: TestApp, body: object, method: 'PUT' | 'DELETE') =>
      app.app.inject({ method, url: '/api/admin/config', payload: body, headers: { authorization: `Bearer ${app.secrets.adminToken}` } })
    const supportPhone = async (app: TestApp) => (await app.call({ url: '/api/config/queryByIdentity', body: {}, token: holder.token })).body.data.supportPhone
    const before = await supportPhone(two)
    expect(await supportPhone(two)).toBe(before) // cached in two
    expect((await admin(one, { scope: 'global', key: 'supportPhone', value: '400-222-3333' }, 'PUT')).json().resultStatus).toBe('00')
    expect(await supportPhone(two)).toBe('400-222-3333')
    expect((await admin(two, { scope: 'global', key: 'supportPhone' }, 'DELETE')).json().resultStatus).toBe('00')
    expect(await supportPhone(one)).toBe(before)
    expect(await supportPhone(two)).toBe(before)
  })

  it('answers a host channel’s session in the other process, at once, what an operator set for its channel in one', async () => {
    const login = await one.call({ url: '/api/auth/login/host', body: { assertion: await hostAssertion({ sub: '13800000072', name: '吴渠道', idNo: idNumber(804) }) } })
    const hosted = login.body.data.token as string
    const admin = (app: TestApp, body: object, method: 'PUT' | 'DELETE') =>
      app.app.inject({ method, url: '/api/admin/config', payload: body, headers: { authorization: `Bearer ${app.secrets.adminToken}` } })
    const logoutLink = async (app: TestApp, token: string) => (await app.call({ url: '/api/config/queryByIdentity', body: {}, token })).body.data.logoutLink
    expect(await logoutLink(two, hosted)).toBe('')
    expect(await logoutLink(two, hosted)).toBe('') // cached in two
    const link = 'https://host.example.cn/back'
    expect((await admin(one, { scope: 'channel:test-app', key: 'logoutLink', value: link }, 'PUT')).json().resultStatus).toBe('00')
    expect(await logoutLink(two, hosted)).toBe(link)
    expect(await logoutLink(two, holder.token)).toBe('') // the plain H5's session: not that channel
    expect((await admin(two, { scope: 'channel:test-app', key: 'logoutLink' }, 'DELETE')).json().resultStatus).toBe('00')
    expect(await logoutLink(one, hosted)).toBe('')
  })

  it('processes one of ten identical PIN checks sent at once to both processes, refuses the rest with 请求重复, and frees the key after', async () => {
    const pinCheck = (app: TestApp) =>
      app.app
        .inject({ method: 'POST', url: '/api/seal/pinVerifyNew', payload: { sealId: holder.sealId, pin: PIN }, headers: { authorization: `Bearer ${holder.token}` } })
        .then((answer) => answer.json())
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => pinCheck(i % 2 ? two : one)))
    expect(answers.filter((a) => a.resultStatus === '00' && a.data?.success === true)).toHaveLength(1)
    const refused = answers.filter((a) => a.resultStatus === '409')
    expect(refused).toHaveLength(9)
    for (const a of refused) expect(a.responseInfo).toBe('请求重复')
    // Both sides refused some: the key was in Redis, not in one process's memory.
    expect(answers.filter((a, i) => i % 2 === 1 && a.resultStatus === '409').length).toBeGreaterThan(0)
    expect(answers.filter((a, i) => i % 2 === 0 && a.resultStatus === '409').length).toBeGreaterThan(0)
    expect((await pinCheck(two)).data?.success).toBe(true)
    expect((await pinCheck(one)).data?.success).toBe(true)
  })

  it('compares five of 100 wrong PINs sent at once over both processes, then locks the seal in both', async () => {
    const person = await personFor(one, { name: '孙百试', identityNo: idNumber(802) })
    const sealId = (await personalSealFor(one, person.token, { pin: PIN })).seal.id
    const pinVerify = async (app: TestApp, pin: string, n: number) => {
      const answer = await app.call({ url: '/api/seal/pinVerifyNew', body: { sealId, pin, n }, token: person.token })
      return answer.body.data?.success ? 'ok' : ((answer.body.data?.mess ?? answer.body.responseInfo) as string)
    }
    let compared = 0
    const count = () => compared++
    subscribe(COMPARED, count)
    let answers: string[]
    try {
      answers = await Promise.all(Array.from({ length: 100 }, (_, i) => pinVerify(i % 2 ? two : one, `guess${1000 + i}`, i)))
    } finally {
      unsubscribe(COMPARED, count)
    }
    expect(compared).toBe(5)
    const triesLeft = answers.flatMap((answer) => TRIES_LEFT.exec(answer)?.[1] ?? []).map(Number)
    expect(triesLeft.sort().reverse()).toEqual([4, 3, 2, 1])
    for (const answer of answers.filter((a) => !TRIES_LEFT.test(a))) expect(answer).toMatch(LOCKED)
    expect(await pinVerify(one, PIN, 101)).toMatch(LOCKED)
    expect(await pinVerify(two, PIN, 102)).toMatch(LOCKED)
  })

  it('counts one client’s SMS sends against one limit, however they are spread over the processes', async () => {
    // A client address of its own, so the logins of other tests do not count.
    const send = (app: TestApp, i: number) =>
      app.app.inject({ method: 'POST', url: '/api/auth/sms/send', payload: { phone: `1370000${String(9000 + i)}` }, remoteAddress: '203.0.113.41' })
    const answers = await Promise.all(Array.from({ length: 2 * SMS_SENDS_PER_CLIENT }, (_, i) => send(i % 2 ? two : one, i)))
    const refused = answers.filter((a) => a.statusCode === 429)
    expect(refused).toHaveLength(SMS_SENDS_PER_CLIENT)
    for (const a of refused) expect(a.json()).toMatchObject({ resultStatus: '429', responseInfo: '操作过于频繁，请稍后再试' })
    expect(answers.filter((a) => a.statusCode === 200 && a.json().resultStatus === '00')).toHaveLength(SMS_SENDS_PER_CLIENT)
  })

  it('refuses in the other process a host login assertion used in one', async () => {
    const assertion = await hostAssertion({ sub: '13800000071', name: '周接入', idNo: idNumber(803) })
    const first = await one.call({ url: '/api/auth/login/host', body: { assertion } })
    expect(first.body.resultStatus).toBe('00')
    const replay = await two.call({ url: '/api/auth/login/host', body: { assertion } })
    expect(replay.body).toMatchObject({ resultStatus: '10000', responseInfo: '登录凭证已使用，请从接入应用重新进入' })
  })
})
