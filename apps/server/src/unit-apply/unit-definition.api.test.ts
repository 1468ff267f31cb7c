import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unitTypeOfCreditCode } from '@seal/shared/rules/credit-code'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'

/** GET /seal-apply/unit/definition (001 §7): the unit types by credit-code prefix. */
describe('the unit-type definitions', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('answers the rule the wizard applies: these prefixes are administrative or public institutions', async () => {
    const token = await t.loginPersonal(demo.person.phone)
    const answer = await t.call({ method: 'GET', url: '/api/seal-apply/unit/definition', token })
    expect(answer.body).toMatchObject({ resultStatus: '00', data: [{ code: '06', value: ['135', '125', '115', '121', '124'] }] })
    for (const prefix of answer.body.data[0].value as string[]) expect(unitTypeOfCreditCode(`${prefix}10000400000000X`)).toBe('06')
  })

  it('needs a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/seal-apply/unit/definition' })).status).toBe(401)
  })
})
