import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { listenOnFreePort, responses } from '../test/raw-http.ts'

const multipartRoutes = ['/api/verify', '/api/file/upload', '/api/seal/checkSealAndReturnPic']

/** Requests no client of ours sends, as a fuzzer does: each gets a clear Chinese answer, never a 500. */
describe('malformed requests', () => {
  let t: TestApp
  let token: string
  let port: number
  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginPersonal(demo.person.phone)
    port = await listenOnFreePort(t.app)
  })
  afterAll(() => t.close())

  const send = (options: { method?: 'POST' | 'PUT'; url: string; payload: string | Buffer; contentType: string; token?: string }) =>
    t.app.inject({
      method: options.method ?? 'POST',
      url: options.url,
      payload: options.payload,
      headers: { 'content-type': options.contentType, authorization: `Bearer ${options.token ?? token}` },
    })

  it('answers a broken multipart body with a message, not a 500', async () => {
    for (const url of multipartRoutes) {
      const answer = await send({ url, payload: '"', contentType: 'multipart/form-data; boundary=abc' })
      expect(answer.statusCode, url).toBe(400)
      expect(answer.json(), url).toMatchObject({ resultStatus: '400', responseInfo: '表单格式错误，请重新上传' })
    }
  })

  it('says a form has too many fields rather than that the file is too large', async () => {
    const boundary = '----seal-test'
    const fields = Array.from({ length: 12 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('')
    const body = `${fields}--${boundary}\r\nContent-Disposition: form-data; name="sealPic"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nx\r\n--${boundary}--\r\n`
    const answer = await send({ url: '/api/seal/checkSealAndReturnPic', payload: body, contentType: `multipart/form-data; boundary=${boundary}` })
    expect(answer.json()).toMatchObject({ resultStatus: '413', responseInfo: '表单字段过多' })
  })

  it('refuses JSON nested thousands deep wherever it is sent', async () => {
    const deepArray = '['.repeat(5000) + ']'.repeat(5000)
    const deepObject = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)
    const cases = [
      { url: '/api/file/uploadBase64', payload: deepObject },
      { url: '/api/auth/login/personal', payload: deepArray },
      { url: '/api/seal/queryPersonSeals', payload: deepObject },
      { method: 'PUT' as const, url: '/api/admin/config', payload: `{"scope":"global","key":"extendSdk","value":${deepArray}}`, token: t.secrets.adminToken },
    ]
    for (const request of cases) {
      const answer = await send({ ...request, contentType: 'application/json' })
      expect(answer.statusCode, request.url).toBe(400)
      expect(answer.json(), request.url).toMatchObject({ resultStatus: '400', responseInfo: '请求内容层级过深' })
    }
  })

  // A guarded mutation (its body is hashed on the way) and a query (read straight by the parser).
  it.each(['/api/auth/login/personal', '/api/config/queryByIdentity'])('answers a JSON body over the limit on %s with 413 and keeps the connection', async (url) => {
    const socket = connect(port, '127.0.0.1')
    const reader = responses(socket)
    const size = 13 * 1024 * 1024
    socket.write(`POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`)
    // The body keeps coming after the server has decided: a client on a slow link is still sending.
    const chunk = Buffer.alloc(1024 * 1024, 'a')
    for (let sent = 0; sent < size; sent += chunk.length) {
      if (socket.destroyed) break
      if (!socket.write(chunk)) await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve))
    }
    const first = await reader.next()
    expect(first.status).toBe(413)
    expect(JSON.parse(first.body)).toMatchObject({ resultStatus: '413', responseInfo: '请求内容过大' })
    socket.write('GET /api/dev/providers HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    const second = await reader.next()
    expect(second.status).toBe(200)
    socket.destroy()
  })
})
