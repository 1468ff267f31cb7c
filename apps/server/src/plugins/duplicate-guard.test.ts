import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { duplicateGuardPlugin } from './duplicate-guard.ts'
import { envelopePlugin } from './envelope.ts'

describe('duplicate guard', () => {
  const app = Fastify()
  const pending: (() => void)[] = []
  const releaseAll = () => pending.splice(0).forEach((resolve) => resolve())
  beforeAll(async () => {
    await app.register(envelopePlugin)
    await app.register(duplicateGuardPlugin)
    // A mutation that stays in flight until the test lets it finish.
    app.post('/api/slow', async () => {
      await new Promise<void>((resolve) => pending.push(resolve))
      return { resultStatus: '00', responseInfo: '操作成功', data: null }
    })
    app.post('/api/seal/queryGroupByBusiness', { config: { query: true } }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
      return { resultStatus: '00', responseInfo: '操作成功', data: [] }
    })
  })
  afterAll(() => app.close())

  it('refuses the same mutation while the first is running, and accepts it after', async () => {
    const first = app.inject({ method: 'POST', url: '/api/slow', payload: { a: 1 } })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const second = await app.inject({ method: 'POST', url: '/api/slow', payload: { a: 1 } })
    expect(second.json()).toMatchObject({ resultStatus: '409', responseInfo: '请求重复' })
    const other = app.inject({ method: 'POST', url: '/api/slow', payload: { a: 2 } })
    await new Promise((resolve) => setTimeout(resolve, 20))
    releaseAll()
    expect((await first).json().resultStatus).toBe('00')
    await other
    const third = app.inject({ method: 'POST', url: '/api/slow', payload: { a: 1 } })
    await new Promise((resolve) => setTimeout(resolve, 20))
    releaseAll()
    expect((await third).json().resultStatus).toBe('00')
  })

  it('lets routes marked as queries through concurrently', async () => {
    const answers = await Promise.all([1, 2].map(() => app.inject({ method: 'POST', url: '/api/seal/queryGroupByBusiness', payload: {} })))
    expect(answers.map((a) => a.json().resultStatus)).toEqual(['00', '00'])
  })

  it('keys a caller without a session on its socket address: a forged X-Forwarded-For is not another client', async () => {
    const first = app.inject({ method: 'POST', url: '/api/slow', payload: { a: 3 }, headers: { 'x-forwarded-for': '203.0.113.1' } })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const second = await app.inject({ method: 'POST', url: '/api/slow', payload: { a: 3 }, headers: { 'x-forwarded-for': '203.0.113.2' } })
    expect(second.json()).toMatchObject({ resultStatus: '409', responseInfo: '请求重复' })
    releaseAll()
    await first
  })

  it('answers a body nested thousands deep, which it hashes as bytes instead of re-serialising', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000)
    const answer = app.inject({ method: 'POST', url: '/api/slow', payload: deep, headers: { 'content-type': 'application/json' } })
    await new Promise((resolve) => setTimeout(resolve, 20))
    releaseAll()
    expect((await answer).statusCode).toBeLessThan(500)
  })
})

describe('duplicate guard behind a trusted proxy', () => {
  const app = Fastify({ trustProxy: true })
  const pending: (() => void)[] = []
  beforeAll(async () => {
    await app.register(envelopePlugin)
    await app.register(duplicateGuardPlugin)
    app.post('/api/slow', async () => {
      await new Promise<void>((resolve) => pending.push(resolve))
      return { resultStatus: '00', responseInfo: '操作成功', data: null }
    })
  })
  afterAll(() => app.close())

  it('tells clients apart by the X-Forwarded-For the proxy set', async () => {
    const first = app.inject({ method: 'POST', url: '/api/slow', payload: { a: 1 }, headers: { 'x-forwarded-for': '203.0.113.1' } })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const second = app.inject({ method: 'POST', url: '/api/slow', payload: { a: 1 }, headers: { 'x-forwarded-for': '203.0.113.2' } })
    await new Promise((resolve) => setTimeout(resolve, 20))
    pending.splice(0).forEach((resolve) => resolve())
    expect([(await first).json().resultStatus, (await second).json().resultStatus]).toEqual(['00', '00'])
  })
})
