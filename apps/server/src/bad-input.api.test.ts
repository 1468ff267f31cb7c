import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demo } from './seed.ts'
import { startTestApp, type TestApp } from './test/harness.ts'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * Every route the OpenAPI document lists, tried with bad input as a careless or hostile client would send
 * it: no session, an empty body, the wrong shape, a body that is not JSON, path parameters that name
 * nothing. Whatever the route, the answer is a clear refusal in the envelope, never a 500.
 */
describe('bad input on every endpoint', () => {
  let t: TestApp
  let routes: { method: Method; path: string; body: JsonSchema | undefined }[]
  const tokens: Record<'person' | 'enterprise', string> = { person: '', enterprise: '' }

  beforeAll(async () => {
    t = await startTestApp()
    tokens.person = await t.loginPersonal(demo.person.phone)
    tokens.enterprise = await t.loginEnterprise(demo.unit.socialCreditCode, demo.legalPerson.phone)
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi
    routes = Object.entries(docs.paths)
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({
          method: method.toUpperCase() as Method,
          path,
          body: operation.requestBody?.content?.['application/json']?.schema,
        })),
      )
      .filter((route) => ['GET', 'POST', 'PUT', 'DELETE'].includes(route.method))
      // Ending the session last, so the other routes are tried with a live one.
      .sort((a, b) => Number(a.path.includes('logout')) - Number(b.path.includes('logout')))
  })
  afterAll(() => t.close())

  const send = async (method: Method, url: string, options: { token?: string; body?: string; contentType?: string } = {}) => {
    const headers: Record<string, string> = {}
    if (options.token) headers.authorization = `Bearer ${options.token}`
    if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json'
    const response = await t.app.inject({ method, url, headers, payload: options.body })
    return { status: response.statusCode, type: String(response.headers['content-type'] ?? ''), text: response.body }
  }

  /** Path parameters filled with what names nothing: a made-up id, a traversal, a very long value. */
  const pathsFor = (path: string) =>
    /\{[^}]+\}/.test(path)
      ? ['00000000-0000-4000-8000-000000000000', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(600)].map((value) => path.replace(/\{[^}]+\}/g, value))
      : [path]

  it('lists the API (a sanity check that the sweep below has something to sweep)', () => {
    expect(routes.length).toBeGreaterThan(40)
  })

  it('says what is wrong when a value passes the schema but the database cannot hold it (a NUL character)', async () => {
    const notAnId = await t.call({ url: '/api/seal/detail', body: { sealId: 'not-an-id' }, token: tokens.person })
    expect(notAnId.body).toMatchObject({ resultStatus: '404', responseInfo: '数据不存在' })
    const withNul = await t.call({ url: '/api/seal/detail', body: { sealId: 'a\u0000b' }, token: tokens.person })
    expect(withNul.body).toMatchObject({ resultStatus: '400', responseInfo: '参数包含无效字符' })
    const nul = await t.call({ url: '/api/login/record', body: { type: 'face', name: '张\u0000三', identity: demo.person.identityNo, serialNoFace: 'x' }, token: tokens.person })
    expect(nul.status).toBeLessThan(500)
    expect(nul.body.resultStatus).not.toBe('00')
  })

  it('answers every route with a refusal, never a 500, whoever asks and whatever they send', async () => {
    const failures: string[] = []
    const bodies = ['{}', '[]', '"text"', 'null', '{"sealId":12,"pin":[],"phone":{"a":1},"fileId":true,"identity":"x"}', '{not json']
    for (const route of routes) {
      for (const url of pathsFor(route.path)) {
        const attempts = [
          { who: 'anonymous', token: undefined },
          { who: 'person', token: tokens.person },
          { who: 'enterprise', token: tokens.enterprise },
          { who: 'forged token', token: 'f'.repeat(64) },
        ]
        for (const { who, token } of attempts) {
          const shaped = route.body ? fillings.map((filling) => JSON.stringify(sample(route.body!, filling))) : []
          const variants = route.method === 'GET' || route.method === 'DELETE' ? [undefined] : [...bodies, ...shaped]
          for (const body of variants) {
            const answer = await send(route.method, url, { token, body })
            if (answer.status >= 500) failures.push(`${route.method} ${url} as ${who} with ${body ?? 'no body'}: ${answer.status} ${answer.text.slice(0, 120)}`)
          }
          // Query parameters of the wrong kind, as a hand-edited link would carry them.
          const query = `${url}?page=-1&size=abc&format=%00&type=zz&level=99&id=%27--&token=${'t'.repeat(300)}`
          const answer = await send(route.method, query, { token })
          if (answer.status >= 500) failures.push(`${route.method} ${query} as ${who}: ${answer.status} ${answer.text.slice(0, 120)}`)
        }
        // The right content type with the wrong content, for the upload routes above all.
        if (route.method === 'POST') {
          const form = await send('POST', url, { token: tokens.person, body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--\r\n', contentType: 'multipart/form-data; boundary=x' })
          if (form.status >= 500) failures.push(`POST ${url} with a bare form field: ${form.status} ${form.text.slice(0, 120)}`)
        }
      }
    }
    expect(failures).toEqual([])
  }, 300_000)
})

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  enum?: unknown[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
}
type OpenApi = { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>> }

/**
 * Bodies of the route's own shape, so the sweep gets past the schema into the handler: every field
 * present, with values that are empty, far too long, hostile or out of range.
 */
const fillings = ['empty', 'long', 'hostile', 'out of range'] as const
type Filling = (typeof fillings)[number]

function sample(schema: JsonSchema, filling: Filling, depth = 0): unknown {
  const choice = schema.anyOf ?? schema.oneOf ?? schema.allOf
  if (choice?.[0]) return sample(choice[0], filling, depth)
  if (schema.enum?.length) return filling === 'out of range' ? '不存在的选项' : schema.enum[0]
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, filling, depth)]))
    case 'array':
      // A long list at the outside only: 500 lists of 500 long strings would not fit in one body.
      return filling === 'empty' || !schema.items
        ? []
        : Array.from({ length: filling === 'long' && depth === 0 ? 500 : 2 }, () => sample(schema.items!, filling, depth + 1))
    case 'string':
      return { empty: '', long: '章'.repeat(5000), hostile: "'; drop table seals; --\u0000<script>", 'out of range': '０' }[filling]
    case 'number':
    case 'integer':
      return { empty: 0, long: 1e15, hostile: -1, 'out of range': 2 ** 31 }[filling]
    case 'boolean':
      return filling !== 'empty'
    default:
      return null
  }
}
