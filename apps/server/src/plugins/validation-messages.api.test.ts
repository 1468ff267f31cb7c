import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { adminCall } from '../platforms/test-support.ts'

/** The Chinese refusal for a schema's bound names what is wrong: a number out of range is not "too long". */
describe('validation refusals', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('answers a list limit above its maximum with a range message naming the field', async () => {
    const answer = await adminCall(t, 'GET', '/api/admin/platforms?limit=101')
    expect(answer.responseInfo).toBe('参数超出范围：limit')
  })

  it('answers a list limit below its minimum with a range message naming the field', async () => {
    const answer = await adminCall(t, 'GET', '/api/admin/platforms?limit=0')
    expect(answer.responseInfo).toBe('参数超出范围：limit')
  })

  it('answers an operator members list over 500 people as too long', async () => {
    const person = { name: '张三', phone: '13800000000', identityNo: '110101199003070011' }
    const answer = await adminCall(t, 'POST', '/api/admin/units/91110000000000000X/members', { members: Array(501).fill(person) })
    expect(answer.responseInfo).toBe('参数过长：members')
  })
})
