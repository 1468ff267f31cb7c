import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'

describe('login by phone and SMS code', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('logs the demo person in and answers who they are', async () => {
    const token = await t.loginPersonal(demo.person.phone)
    const me = await t.call({ method: 'GET', url: '/api/auth/me', token })
    expect(me.body).toMatchObject({
      resultStatus: '00',
      data: { kind: 'personal', personName: '张三', personCard: demo.person.identityNo, cardKind: '111' },
    })
  })

  it('refuses a second code within 60 seconds and says how long to wait', async () => {
    const first = await t.call({ url: '/api/auth/sms/send', body: { phone: '13900000011' } })
    expect(first.body.data).toEqual({ resendAfterSeconds: 60 })
    const again = await t.call({ url: '/api/auth/sms/send', body: { phone: '13900000011' } })
    expect(again.body.resultStatus).toBe('10000')
    expect(again.body.responseInfo).toMatch(/^验证码发送过于频繁，请(5\d|60)秒后重试$/)
  })

  it('takes its resend interval from SMS_RESEND_SECONDS, and the countdown says so', async () => {
    const quick = await startTestApp({ env: { SMS_RESEND_SECONDS: '1' } })
    try {
      const send = () => quick.call({ url: '/api/auth/sms/send', body: { phone: '13900000012' } })
      expect((await send()).body.data).toEqual({ resendAfterSeconds: 1 })
      expect((await send()).body.responseInfo).toBe('验证码发送过于频繁，请1秒后重试')
      await new Promise((resolve) => setTimeout(resolve, 1_100))
      expect((await send()).body.resultStatus).toBe('00')
    } finally {
      await quick.close()
    }
  })

  it('counts wrong codes and kills the code after five', async () => {
    const phone = '13600000031'
    await t.call({ url: '/api/auth/sms/send', body: { phone } })
    const answers: string[] = []
    for (let i = 0; i < 6; i++) {
      const wrong = await t.call({ url: '/api/auth/login/personal', body: { phone, code: '000000' } })
      answers.push(wrong.body.responseInfo)
    }
    expect(answers[0]).toBe('验证码错误，还可尝试4次')
    expect(answers[4]).toBe('验证码错误次数过多，请重新获取')
    expect(answers[5]).toBe('验证码错误次数过多，请重新获取')
  })

  it('asks a new phone for name and ID number, keeping the code, then registers the person', async () => {
    const phone = '13700000021'
    await t.call({ url: '/api/auth/sms/send', body: { phone } })
    const outbox = await t.call({ method: 'GET', url: '/api/dev/sms-outbox' })
    const code = /验证码为(\d{6})/.exec(outbox.body.data.find((m: { phone: string }) => m.phone === phone).text)![1]
    const first = await t.call({ url: '/api/auth/login/personal', body: { phone, code } })
    expect(first.body).toMatchObject({ resultStatus: '40010', responseInfo: '首次登录，请填写姓名和身份证号完成实名登记' })
    const second = await t.call({
      url: '/api/auth/login/personal',
      body: { phone, code, name: '王五', identityNo: '11010519491231002x' },
    })
    expect(second.body.resultStatus).toBe('00')
    const me = await t.call({ method: 'GET', url: '/api/auth/me', token: second.body.data.token })
    expect(me.body.data).toMatchObject({ personName: '王五', personCard: '11010519491231002X' })
  })

  it('logs the legal representative into the enterprise account', async () => {
    const token = await t.loginEnterprise(demo.unit.socialCreditCode, demo.legalPerson.phone)
    const me = await t.call({ method: 'GET', url: '/api/auth/me', token })
    expect(me.body.data).toMatchObject({ kind: 'enterprise', companyName: demo.unit.name, personName: '李四' })
  })

  it('refuses an enterprise login by someone who is not the legal representative, once their code is right', async () => {
    const stranger = '13700000081'
    await t.call({ url: '/api/auth/sms/send', body: { phone: stranger } })
    const outbox = await t.call({ method: 'GET', url: '/api/dev/sms-outbox' })
    const code = /验证码为(\d{6})/.exec(outbox.body.data.find((m: { phone: string }) => m.phone === stranger).text)![1]!
    const result = await t.call({
      url: '/api/auth/login/enterprise',
      body: { socialCreditCode: demo.unit.socialCreditCode, phone: stranger, code },
    })
    expect(result.body).toMatchObject({ resultStatus: '10000', responseInfo: '该手机号不是此单位法定代表人的手机号' })
  })

  it('answers 401 without a session, with a forged token and after logout', async () => {
    expect((await t.call({ method: 'GET', url: '/api/auth/me' })).status).toBe(401)
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: 'forged' })).body.resultStatus).toBe('401')
    const token = await t.loginPersonal('13500000041', { name: '赵六', identityNo: '320102199511203453' })
    await t.call({ url: '/api/auth/logout', token })
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token })).status).toBe(401)
  })

  it('rejects bad input with a clear message, never a 500', async () => {
    const cases = [
      { body: {}, message: '缺少参数：phone' },
      { body: { phone: 12345 }, message: '参数类型错误：phone' },
      { body: { phone: '12345678901', code: '123456' }, message: '请输入正确的手机号码' },
      { body: { phone: demo.person.phone, code: '' }, message: '请输入验证码' },
    ]
    for (const { body, message } of cases) {
      const result = await t.call({ url: '/api/auth/login/personal', body })
      expect(result.status).toBe(200)
      expect(result.body).toMatchObject({ resultStatus: '400', responseInfo: message })
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/personal',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ resultStatus: '400', responseInfo: '请求格式错误' })
  })
})
