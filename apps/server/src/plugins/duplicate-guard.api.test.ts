import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '../audit/tables.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor } from '../test/seals.ts'

const holder = { phone: '13700000051', name: '钱重复', identityNo: '110101199001011253' }

/**
 * The duplicate guard on the real server: identical requests at once, as a double tap or a replaying
 * client sends them. It knows the route the router matched, so another spelling of the path is the same
 * request; a read is never refused; the audit trail names the socket's address, not a header.
 */
describe('duplicate guard under concurrency', () => {
  let t: TestApp
  let token: string
  let sealId: string

  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginPersonal(holder.phone, holder)
    sealId = (await personalSealFor(t, token, { pin: 'seal2026' })).seal.id
  })
  afterAll(() => t.close())

  const inject = (url: string, body: object) =>
    t.app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())

  it('answers ten identical use-record queries at once, none refused as a duplicate', async () => {
    const body = { sealId, sealTypeCode: '1000', userType: 2 }
    const answers = await Promise.all(Array.from({ length: 10 }, () => inject('/api/signSealLog/queryByTypeAndSocialCreditCode', body)))
    expect(answers.map((a) => a.resultStatus)).toEqual(Array(10).fill('00'))
  })

  // A PIN check waits on argon2 in the thread pool, so the copies really are in flight together (on PGlite
  // a handler that only queries runs to its end before the next request is parsed).
  const pinCheck = (url: string) => inject(url, { sealId, pin: 'seal2026' })
  const processed = (answers: { resultStatus: string; data: { success?: boolean } | null }[]) =>
    answers.filter((a) => a.resultStatus === '00' && a.data?.success === true).length

  it('processes one of ten identical PIN checks at once and refuses the others with 请求重复', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => pinCheck('/api/seal/pinVerifyNew')))
    expect(processed(answers)).toBe(1)
    expect(answers.filter((a) => a.resultStatus === '409' && a.responseInfo === '请求重复')).toHaveLength(9)
  })

  it('treats another spelling of the same path as the same request', async () => {
    const urls = ['/api/seal/pinVerifyNew', '/api/%73eal/pinVerifyNew', '/api/seal/pin%56erifyNew', '/%61pi/seal/pinVerifyNew']
    const answers = await Promise.all(urls.map(pinCheck))
    expect(processed(answers)).toBe(1)
    expect(answers.filter((a) => a.resultStatus === '409')).toHaveLength(3)
  })

  it('records the socket address in the audit trail, not a forged X-Forwarded-For', async () => {
    await t.call({ url: '/api/auth/sms/send', body: { phone: '13700000058' } })
    const outbox = await t.call({ method: 'GET', url: '/api/dev/sms-outbox' })
    const code = /验证码为(\d{6})/.exec(outbox.body.data.find((m: { phone: string }) => m.phone === '13700000058').text)![1]!
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/personal',
      payload: { phone: '13700000058', code, name: '孙审计', identityNo: '11010119900101127X' },
      headers: { 'x-forwarded-for': '203.0.113.77' },
    })
    expect(login.json().resultStatus).toBe('00')
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'login.personal')).orderBy(auditEvents.createdAt).then((rows) => rows.slice(-1))
    expect(event!.ip).toBe('127.0.0.1')
  })
})
