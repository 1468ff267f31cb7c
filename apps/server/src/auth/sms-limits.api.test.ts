import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'

const TRIES_LEFT = /^验证码错误，还可尝试(\d)次$/
const TOO_MANY_TRIES = '验证码错误次数过多，请重新获取'
const TOO_SOON = /^验证码发送过于频繁，请\d+秒后重试$/

/**
 * SMS codes under bursts (issue 9, security item 3): wrong codes count before they are compared, one code
 * goes out per phone per minute however many ask at once, and one client cannot spray codes at phones.
 */
describe('SMS code limits under concurrent requests', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())
  afterEach(() => {
    vi.useRealTimers()
  })

  const send = (phone: string, client = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/sms/send', payload: { phone }, remoteAddress: client })
  const login = (phone: string, code: string) =>
    t.call({ url: '/api/auth/login/personal', body: { phone, code, name: '周短信', identityNo: '110101199003071233' } })
  const sentTo = async (phone: string) => {
    const outbox = await t.call({ method: 'GET', url: '/api/dev/sms-outbox' })
    return (outbox.body.data as { phone: string; text: string }[]).filter((m) => m.phone === phone)
  }

  it('compares at most five of 100 wrong codes sent at once, then refuses the right code', async () => {
    const phone = '13600000101'
    expect((await send(phone)).json().resultStatus).toBe('00')
    const [message] = await sentTo(phone)
    const code = /验证码为(\d{6})/.exec(message!.text)![1]!
    const wrongCodes = Array.from({ length: 101 }, (_, i) => String(100_000 + i)).filter((c) => c !== code).slice(0, 100)

    const answers = (await Promise.all(wrongCodes.map((wrong) => login(phone, wrong)))).map((a) => a.body.responseInfo as string)
    const triesLeft = answers.flatMap((answer) => {
      const match = TRIES_LEFT.exec(answer)
      return match ? [Number(match[1])] : []
    })
    expect(triesLeft.sort().reverse()).toEqual([4, 3, 2, 1])
    expect(answers.filter((answer) => answer === TOO_MANY_TRIES)).toHaveLength(96)

    expect((await login(phone, code)).body).toMatchObject({ resultStatus: '10000', responseInfo: TOO_MANY_TRIES })
  })

  it('logs in once with a right code sent twice at once', async () => {
    const phone = demo.person.phone
    await send(phone)
    const code = /验证码为(\d{6})/.exec((await sentTo(phone))[0]!.text)![1]!
    // The name (ignored for a known person) makes the bodies differ, so the duplicate guard lets both in.
    const [first, second] = await Promise.all([
      t.call({ url: '/api/auth/login/personal', body: { phone, code } }),
      t.call({ url: '/api/auth/login/personal', body: { phone, code, name: demo.person.name } }),
    ])
    expect([first!.body.resultStatus, second!.body.resultStatus].sort()).toEqual(['00', '10000'])
  })

  it('sends exactly one code when 50 clients ask for the same phone at once', async () => {
    const phone = '13600000103'
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => send(phone, `10.1.${i}.1`)))
    const bodies = answers.map((a) => a.json())
    expect(bodies.filter((b) => b.resultStatus === '00')).toHaveLength(1)
    for (const body of bodies.filter((b) => b.resultStatus !== '00')) expect(body.responseInfo).toMatch(TOO_SOON)
    expect(await sentTo(phone)).toHaveLength(1)
  })

  it('refuses one client that sends codes to many phones, in the envelope, and not the next client', async () => {
    const client = '10.2.0.1'
    const answers = []
    for (let i = 0; i < 25; i++) answers.push(await send(`135000002${String(i).padStart(2, '0')}`, client))
    expect(answers.filter((a) => a.json().resultStatus === '00')).toHaveLength(20)
    const refused = answers.at(-1)!
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ resultStatus: '429', responseInfo: '操作过于频繁，请稍后再试', data: null })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await sentTo('13500000224')).toHaveLength(0)

    expect((await send('13500000299', '10.2.0.2')).json().resultStatus).toBe('00')
  })

  it('sends at most five codes to a phone in an hour, a minute apart', async () => {
    const phone = '13600000104'
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() })
    const answers: string[] = []
    for (let i = 0; i < 6; i++) {
      answers.push((await send(phone, `10.3.${i}.1`)).json().responseInfo)
      vi.advanceTimersByTime(61_000)
    }
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('验证码已发送'))
    expect(answers[5]).toBe('验证码发送次数过多，请1小时后再试')
    vi.advanceTimersByTime(60 * 60_000)
    expect((await send(phone, '10.3.9.1')).json().responseInfo).toBe('验证码已发送')
  })
})
