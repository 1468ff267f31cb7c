import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { SignJWT, type JWTPayload } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'

const PUBLIC_URL = 'https://seal.example.cn'
const govApp = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const imSecret = 'im-app-shared-secret-at-least-32-bytes!'
const channels = {
  'gov-app': { alg: 'ES256', key: govApp.publicKey.export({ type: 'spki', format: 'pem' }).toString() },
  'im-app': { alg: 'HS256', key: imSecret, audience: 'seal-h5' },
}

const newcomer = { sub: '13800000003', name: '王小明', idNo: '11010519920315002X' }
let serial = 0

/** An assertion as a host channel signs it: `claims` replace or (undefined) remove the defaults. */
async function assertion(options: { channel?: string; key?: KeyObject | Uint8Array; alg?: string; claims?: Record<string, unknown>; ttlSeconds?: number } = {}) {
  const channel = options.channel ?? 'gov-app'
  const now = Math.floor(Date.now() / 1000)
  const defaults: JWTPayload = {
    iss: channel,
    aud: channel === 'im-app' ? 'seal-h5' : PUBLIC_URL,
    iat: now,
    exp: now + (options.ttlSeconds ?? 120),
    jti: `launch-${Date.now()}-${serial++}`,
    ...newcomer,
  }
  const claims = Object.fromEntries(Object.entries({ ...defaults, ...options.claims }).filter(([, value]) => value !== undefined))
  const alg = options.alg ?? (channel === 'im-app' ? 'HS256' : 'ES256')
  const key = options.key ?? (channel === 'im-app' ? new TextEncoder().encode(imSecret) : govApp.privateKey)
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(key)
}

describe('login by a host channel’s signed assertion (POST /api/auth/login/host)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL, HOST_CHANNELS: JSON.stringify(channels) } })
  })
  afterAll(() => t.close())

  const login = (body: unknown) => t.call({ url: '/api/auth/login/host', body })
  const refusal = async (body: unknown) => {
    const answer = await login(body)
    expect(answer.body.resultStatus).not.toBe('00')
    return answer.body.responseInfo
  }

  it('logs in the person the host vouches for, registering a newcomer', async () => {
    const answer = await login({ assertion: await assertion() })
    expect(answer.body).toMatchObject({ resultStatus: '00', data: { kind: 'personal' } })
    const me = await t.call({ method: 'GET', url: '/api/auth/me', token: answer.body.data.token })
    expect(me.body.data).toMatchObject({ kind: 'personal', personName: '王小明', personCard: newcomer.idNo })
  })

  it('accepts an HS256 channel with its own audience', async () => {
    const answer = await login({ assertion: await assertion({ channel: 'im-app' }) })
    expect(answer.body).toMatchObject({ resultStatus: '00', data: { kind: 'personal' } })
  })

  it("logs a unit's legal representative in as the unit", async () => {
    const claims = { sub: demo.legalPerson.phone, name: demo.legalPerson.name, idNo: demo.legalPerson.identityNo, kind: 'enterprise', socialCreditCode: demo.unit.socialCreditCode }
    const answer = await login({ assertion: await assertion({ claims }) })
    expect(answer.body).toMatchObject({ resultStatus: '00', data: { kind: 'enterprise' } })
    const me = await t.call({ method: 'GET', url: '/api/auth/me', token: answer.body.data.token })
    expect(me.body.data).toMatchObject({ kind: 'enterprise', socialCreditCode: demo.unit.socialCreditCode })
  })

  it('refuses an assertion used twice', async () => {
    const once = await assertion()
    expect((await login({ assertion: once })).body.resultStatus).toBe('00')
    expect(await refusal({ assertion: once })).toBe('登录凭证已使用，请从接入应用重新进入')
  })

  it('refuses an assertion signed with another key, or with an algorithm the channel does not use', async () => {
    expect(await refusal({ assertion: await assertion({ key: stranger.privateKey }) })).toBe('登录凭证签名无效')
    const hmacOnKeyChannel = await assertion({ alg: 'HS256', key: new TextEncoder().encode(imSecret) })
    expect(await refusal({ assertion: hmacOnKeyChannel })).toBe('登录凭证签名无效')
  })

  it('refuses an assertion for another audience', async () => {
    expect(await refusal({ assertion: await assertion({ claims: { aud: 'https://other.example.cn' } }) })).toBe('登录凭证不是签发给本服务的')
    expect(await refusal({ assertion: await assertion({ channel: 'im-app', claims: { aud: PUBLIC_URL } }) })).toBe('登录凭证不是签发给本服务的')
  })

  it('refuses an expired assertion beyond the minute of clock skew, and one valid for over five minutes', async () => {
    const now = Math.floor(Date.now() / 1000)
    expect(await refusal({ assertion: await assertion({ claims: { iat: now - 200, exp: now - 61 } }) })).toBe('登录凭证已过期，请从接入应用重新进入')
    expect((await login({ assertion: await assertion({ claims: { iat: now - 100, exp: now - 30 } }) })).body.resultStatus).toBe('00')
    expect(await refusal({ assertion: await assertion({ ttlSeconds: 600 }) })).toBe('登录凭证有效期不能超过5分钟')
    expect(await refusal({ assertion: await assertion({ claims: { iat: now + 600, exp: now + 700 } }) })).toBe('登录凭证签发时间无效')
  })

  it('refuses an unknown channel', async () => {
    expect(await refusal({ assertion: await assertion({ claims: { iss: 'nobody' } }) })).toBe('未知的接入渠道，请联系服务方配置')
  })

  it('refuses an assertion missing a claim, naming it', async () => {
    for (const claim of ['jti', 'sub', 'name', 'idNo', 'exp', 'iat']) {
      expect(await refusal({ assertion: await assertion({ claims: { [claim]: undefined } }) }), claim).toBe(`登录凭证缺少必要信息：${claim}`)
    }
    const enterprise = { sub: demo.legalPerson.phone, name: demo.legalPerson.name, idNo: demo.legalPerson.identityNo, kind: 'enterprise' }
    expect(await refusal({ assertion: await assertion({ claims: enterprise }) })).toBe('登录凭证缺少必要信息：socialCreditCode')
  })

  it('refuses claims that contradict what the service knows', async () => {
    const otherId = { sub: demo.person.phone, name: demo.person.name, idNo: '310115199509100033' }
    expect(await refusal({ assertion: await assertion({ claims: otherId }) })).toBe('接入应用提供的身份与本服务登记的不一致')
    const notLegal = { sub: demo.person.phone, name: demo.person.name, idNo: demo.person.identityNo, kind: 'enterprise', socialCreditCode: demo.unit.socialCreditCode }
    expect(await refusal({ assertion: await assertion({ claims: notLegal }) })).toBe('该手机号不是此单位法定代表人的手机号')
  })

  it('never takes an identity written in plain text', async () => {
    expect(await refusal({ phone: newcomer.sub, name: newcomer.name, idNo: newcomer.idNo })).toMatch(/缺少参数|不支持的参数/)
    expect(await refusal({ assertion: `phone=${newcomer.sub}&name=${newcomer.name}` })).toBe('登录凭证格式错误')
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ iss: 'gov-app', ...newcomer })).toString('base64url')}.`
    expect(await refusal({ assertion: unsigned })).toBe('登录凭证签名无效')
  })
})

describe('login by assertion without HOST_CHANNELS', () => {
  it('refuses every assertion', async () => {
    const t = await startTestApp({ env: { PUBLIC_URL } })
    const answer = await t.call({ url: '/api/auth/login/host', body: { assertion: await assertion() } })
    expect(answer.body.responseInfo).toBe('未知的接入渠道，请联系服务方配置')
    await t.close()
  })
})
