import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditCodeCheckCharacter } from '@seal/shared/rules/credit-code'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { loginMessages } from './login.ts'

const unknownCreditCode = (() => {
  const first17 = '91110108MA09XYXY1'
  return first17 + creditCodeCheckCharacter(first17)
})()

/**
 * Enterprise login must not tell a stranger which units we know or who represents them: until the SMS
 * code is verified, an unknown unit, a phone that is not the legal representative's and the right
 * pair get the same answer (issue 9, item 10).
 */
describe('enterprise login gives nothing away before the code is verified', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  const attempts = [
    { who: 'an unknown unit', socialCreditCode: unknownCreditCode, phone: '13700000071' },
    { who: 'a phone that is not the legal representative’s', socialCreditCode: demo.unit.socialCreditCode, phone: '13700000072' },
    { who: 'the legal representative', socialCreditCode: demo.unit.socialCreditCode, phone: demo.legalPerson.phone },
  ]
  const login = (attempt: (typeof attempts)[number], code: string) =>
    t.call({ url: '/api/auth/login/enterprise', body: { socialCreditCode: attempt.socialCreditCode, phone: attempt.phone, code } })
  const answerOf = (result: Awaited<ReturnType<TestApp['call']>>) => ({ status: result.status, body: result.body })

  it('answers a code never sent the same whoever is named', async () => {
    const answers = await Promise.all(attempts.map(async (attempt) => answerOf(await login(attempt, '000000'))))
    expect(answers[0]!.body.responseInfo).toBe('验证码已失效，请重新获取')
    expect(answers[1]).toEqual(answers[0])
    expect(answers[2]).toEqual(answers[0])
  })

  it('sends the code to any phone alike, and answers a wrong code the same whoever is named', async () => {
    const sent = []
    for (const attempt of attempts) sent.push(answerOf(await t.call({ url: '/api/auth/sms/send', body: { phone: attempt.phone } })))
    expect(sent[1]).toEqual(sent[0])
    expect(sent[2]).toEqual(sent[0])
    const answers = []
    for (const attempt of attempts) answers.push(answerOf(await login(attempt, '000000')))
    expect(answers[0]!.body.responseInfo).toBe('验证码错误，还可尝试4次')
    expect(answers[1]).toEqual(answers[0])
    expect(answers[2]).toEqual(answers[0])
  })

  it('says what is wrong only to the holder of the phone, once the code is right', async () => {
    const latestCode = async (phone: string) => {
      const outbox = await t.call({ method: 'GET', url: '/api/dev/sms-outbox' })
      return /验证码为(\d{6})/.exec(outbox.body.data.find((m: { phone: string }) => m.phone === phone).text)![1]!
    }
    const [unknown, notLegal] = attempts
    expect((await login(unknown!, await latestCode(unknown!.phone))).body.responseInfo).toBe(loginMessages.unitNotFound)
    expect((await login(notLegal!, await latestCode(notLegal!.phone))).body.responseInfo).toBe(loginMessages.notLegalPerson)
  })
})
