import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'

const longId = 'x'.repeat(150) // over the router's 100 characters for one path parameter

/**
 * Requests the router refuses before any route or hook (a path parameter too long, a path that is not
 * valid percent-encoding) are answered in the shape of the API they were sent to, never echoing the path.
 */
describe('requests the router refuses', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginPersonal(demo.person.phone)
  })
  afterAll(() => t.close())

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })

  it('answers a path parameter over 100 characters with the envelope, without the path', async () => {
    const answer = await get(`/api/file/download/${longId}`)
    expect(answer.statusCode).toBe(414)
    expect(answer.headers['content-type']).toMatch(/^application\/json/)
    expect(answer.json()).toEqual({ resultStatus: '414', responseInfo: '参数过长', data: null })
    expect(answer.body).not.toContain(longId.slice(0, 20))
  })

  it('answers a path that is not valid percent-encoding with the envelope, without the path', async () => {
    const answer = await get('/api/file/download/%zz-secret')
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toEqual({ resultStatus: '400', responseInfo: '请求地址格式错误', data: null })
    expect(answer.body).not.toContain('secret')
  })

  it("answers the open API's in its own error shape", async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/open/v1/documents/${longId}` })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toEqual({ code: 'INVALID_REQUEST', message: '参数过长', requestId: expect.any(String) })
    expect(long.body).not.toContain(longId.slice(0, 20))
    const malformed = await t.app.inject({ method: 'GET', url: '/api/open/v1/documents/%zz-secret' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toEqual({ code: 'INVALID_REQUEST', message: '请求地址格式错误', requestId: expect.any(String) })
    expect(malformed.body).not.toContain('secret')
  })

  it('keeps the security headers on these answers', async () => {
    const answer = await get(`/api/file/download/${longId}`)
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['cache-control']).toBe('no-store')
  })
})
