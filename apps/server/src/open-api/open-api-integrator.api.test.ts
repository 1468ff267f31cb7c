import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chineseContract, chromiumPrintedContract } from '@seal/pdf/test/test-documents'
import { loginInfo } from '@seal/shared/api/auth'
import { signatureReport } from '@seal/shared/api/verify'
import { findCaller } from '../auth/sessions.ts'
import { sealBindings } from '../bindings/tables.ts'
import { bindSealForTest } from '../bindings/test-support.ts'
import { webhookDeliveries } from '../platforms/tables.ts'
import { adminCall, registerTestPlatform } from '../platforms/test-support.ts'
import { multipart, startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor } from '../test/seals.ts'
import { idNumber } from '../unit-apply/test-support.ts'
import { openApiErrors } from './errors.ts'
import { SEAL_BODY_LIMIT } from './schemas.ts'
import { personalSealOnPlatform, platformClient } from './test-support.ts'

/**
 * The open API as an integrator meets it (issue #19 §3): what docs/platforms.md and the served OpenAPI
 * document promise is what the service answers, at the edges too.
 */

const holder = { phone: '13700000191', name: '孙对接', identityNo: idNumber(951) }
const MIB = 1024 * 1024
const POINTS_PER_MM = 72 / 25.4
const platformsDoc = readFileSync(new URL('../../../../docs/platforms.md', import.meta.url), 'utf8')
const apiDoc = readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8')
/** docs/api.md's section on the open API, up to the next section. */
const openApiSection = apiDoc.slice(apiDoc.indexOf('## Open API for business platforms'), apiDoc.indexOf('\n## ', apiDoc.indexOf('## Open API for business platforms') + 1))

/** A one-page A4 PDF of exactly `size` bytes: an unreferenced stream of padding before the page tree. */
function pdfOfSize(size: number, fill = '0'): Buffer {
  const build = (padding: number) => {
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
      `<< /Length ${padding} >>\nstream\n${fill.repeat(padding)}\nendstream`,
    ]
    let text = '%PDF-1.7\n'
    const offsets: number[] = []
    objects.forEach((body, i) => {
      offsets.push(text.length)
      text += `${i + 1} 0 obj\n${body}\nendobj\n`
    })
    const xref = text.length
    text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
    return `${text}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  }
  const empty = build(0).length
  let pdf = build(size - empty)
  // The padding's /Length may have grown by a digit or more: take the difference off again.
  pdf = build(size - empty - (pdf.length - size))
  expect(pdf.length).toBe(size)
  return Buffer.from(pdf, 'latin1')
}

describe('the open API as an integrator finds it', () => {
  let t: TestApp
  let sealId: string
  let personId: string
  let client: ReturnType<typeof platformClient>
  let credentials: { clientId: string; clientSecret: string }

  const sealRequest = (pdf: Uint8Array, overrides: Record<string, unknown> = {}) => ({
    sealId,
    fileName: '合同.pdf',
    pdf: Buffer.from(pdf).toString('base64'),
    positions: [{ page: 1, x: 100, y: 100 }],
    ...overrides,
  })

  beforeAll(async () => {
    t = await startTestApp()
    ;({ personId, sealId, client, platform: credentials } = await personalSealOnPlatform(t, holder))
  })
  afterAll(() => t.close())

  it('seals by keywords in a contract Chromium printed (甲方（盖章）, 乙方, 第一条, 日期), whose text maps 方 乙 一 日 to Kangxi radicals', async () => {
    const pdf = chromiumPrintedContract()
    for (const keyword of ['甲方（盖章）', '甲方', '乙方', '第一条', '日期']) {
      const sealed = await client.seal(sealRequest(pdf, { positions: [{ keyword }] }))
      expect([sealed.status, sealed.body.code], `${keyword}: ${JSON.stringify(sealed.body)}`).toEqual([200, undefined])
    }
    const both = await client.seal(sealRequest(pdf, { positions: [{ keyword: '甲方（盖章）' }, { keyword: '乙方（盖章）' }] }))
    expect(both.body.placements).toHaveLength(2)
    // Side by side on one line: 乙方（盖章） to the right of 甲方（盖章）.
    expect(both.body.placements[1].x).toBeGreaterThan(both.body.placements[0].x + 100)
    expect(Math.abs(both.body.placements[1].y - both.body.placements[0].y)).toBeLessThan(1)
  })

  it('places a personal name seal at the size docs/platforms.md gives it (18 mm square)', async () => {
    const sealed = await client.seal(sealRequest(await chineseContract({ pages: 1 })))
    const [placement] = sealed.body.placements
    expect(placement.height / POINTS_PER_MM).toBeCloseTo(18, 1)
    expect(placement.width / POINTS_PER_MM).toBeCloseTo(18, 1)
    expect(platformsDoc).toMatch(/personal name seal 18 mm square/)
    expect(platformsDoc).not.toMatch(/name seal 20 mm high/)
  })

  it('names the sealed copy as docs/platforms.md and the OpenAPI document say: the name sent, marked （已签章）', async () => {
    const sealed = await client.seal(sealRequest(await chineseContract({ pages: 1 }), { fileName: '投标文件.pdf' }))
    expect(sealed.body.fileName).toBe('投标文件（已签章）.pdf')
    expect(platformsDoc).toContain('`fileName` is the name you sent marked （已签章）: 投标文件.pdf comes back as 投标文件（已签章）.pdf')
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const answer = docs.paths['/api/open/v1/documents'].post.responses['200'].content['application/json'].schema
    expect(answer.properties.fileName.description).toContain('（已签章）')
  })

  it('gives a seal placed by keyword the same size in placements as one placed by a point, in the same answer', async () => {
    const sealed = await client.seal(sealRequest(chromiumPrintedContract(), { positions: [{ page: 1, x: 100, y: 100 }, { keyword: '甲方（盖章）' }] }))
    expect(sealed.status, JSON.stringify(sealed.body)).toBe(200)
    const [point, keyword] = sealed.body.placements
    expect([keyword.width, keyword.height]).toEqual([point.width, point.height])
  })

  it('seals at the last of 25 occurrences with occurrence "last", and finds a keyword on a named page beside the same keyword on any page', async () => {
    // 甲方（盖章） at the foot of every page: more occurrences than a request may sign (20) and the search keeps (21).
    const pdf = await chineseContract({ pages: 25 })
    const last = await client.seal(sealRequest(pdf, { positions: [{ keyword: '甲方（盖章）', occurrence: 'last' }] }))
    expect(last.status, JSON.stringify(last.body)).toBe(200)
    expect(last.body.placements.map((p: { page: number }) => p.page)).toEqual([25])
    const scoped = await client.seal(sealRequest(pdf, { positions: [{ keyword: '甲方（盖章）' }, { keyword: '甲方（盖章）', page: 23 }] }))
    expect(scoped.status, JSON.stringify(scoped.body)).toBe(200)
    expect(scoped.body.placements.map((p: { page: number }) => p.page)).toEqual([1, 23])
  })

  it('answers an encrypted PDF sealed by keyword as one sealed by a point: PDF_INVALID 文档已加密，无法签章', async () => {
    const plain = Buffer.from(await chineseContract({ pages: 1, objectStreams: false })).toString('latin1')
    // A Standard security handler whose keys match no password: pdf.js cannot open it, our reader sees /Encrypt.
    const hex = (n: number) => `<${'ab'.repeat(n)}>`
    const encrypted = Buffer.from(plain.replace(/trailer\s*<</, `trailer\n<< /Encrypt << /Filter /Standard /V 1 /R 2 /Length 40 /P -4 /O ${hex(32)} /U ${hex(32)} >> /ID [${hex(16)} ${hex(16)}]`), 'latin1')
    expect(encrypted.length).toBeGreaterThan(plain.length)
    const answers = []
    for (const positions of [[{ page: 1, x: 100, y: 100 }], [{ keyword: '甲方（盖章）' }]]) {
      const refused = await client.seal(sealRequest(encrypted, { positions }))
      answers.push([refused.status, refused.body.code, refused.body.message])
    }
    expect(answers).toEqual([
      [422, 'PDF_INVALID', '文档已加密，无法签章'],
      [422, 'PDF_INVALID', '文档已加密，无法签章'],
    ])
  })

  describe('sizes: the PDF, decoded, at most 10 MiB; anything larger is 413 PAYLOAD_TOO_LARGE', () => {
    it('seals a PDF of exactly 10 MiB (the sealed copy may be larger)', async () => {
      const sealed = await client.seal(sealRequest(pdfOfSize(10 * MIB)))
      expect([sealed.status, sealed.body.code], JSON.stringify(sealed.body)).toEqual([200, undefined])
      expect(sealed.body.size).toBeGreaterThan(10 * MIB)
    })

    it('seals a PDF of exactly 10 MiB however its JSON is written: PHP’s json_encode (every / as \\/) of chunk_split base64 (\\r\\n every 76)', async () => {
      const token = await client.token()
      // 0xFF bytes (white pixels of an uncompressed image) are //// in base64: every character escaped.
      for (const fill of ['0', '\u00ff']) {
        const base64 = pdfOfSize(10 * MIB, fill).toString('base64')
        const body = JSON.stringify({ ...sealRequest(new Uint8Array()), pdf: `${base64.replace(/.{76}/g, '$&\r\n')}\r\n` }).replaceAll('/', '\\/')
        const sealed = await client.call({ path: '/api/open/v1/documents', rawBody: Buffer.from(body), headers: { 'content-type': 'application/json' }, token })
        expect([sealed.status, sealed.body.code], `fill ${fill.charCodeAt(0)}: ${body.length} bytes`).toEqual([200, undefined])
      }
      expect(platformsDoc).toContain(`at most ${SEAL_BODY_LIMIT.toLocaleString('en-US')} bytes`)
    })

    it('verifies the sealed copy of a 10 MiB PDF with POST /api/verify, as docs/platforms.md says, up to 16 MiB and one answer past it', async () => {
      const sealed = await client.seal(sealRequest(pdfOfSize(10 * MIB)))
      expect(sealed.status, JSON.stringify(sealed.body)).toBe(200)
      const copy = await client.document(sealed.body.documentId, { accept: 'application/pdf' })
      expect(copy.body.length).toBeGreaterThan(10 * MIB)
      const verify = async (bytes: Uint8Array) => (await t.app.inject({ method: 'POST', url: '/api/verify', ...multipart({ name: '合同（已签章）.pdf', bytes, type: 'application/pdf' }) })).json()
      const verified = await verify(copy.body)
      expect(verified.resultStatus, JSON.stringify(verified)).toBe('00')
      expect(verified.data.signatures).toHaveLength(1)
      expect(verified.data.signatures[0]).toMatchObject({ documentUnchanged: true })
      expect(await verify(pdfOfSize(16 * MIB + 1))).toMatchObject({ resultStatus: '10000', responseInfo: '文件大小不能超过16M' })
      expect(apiDoc).toMatch(/POST `\/verify` .*≤ 16 MiB/)
      expect(platformsDoc).toContain('at most 16 MiB')
    })

    it('refuses one byte more, a few bytes more and 30 KB more alike', async () => {
      for (const size of [10 * MIB + 1, 10 * MIB + 3, 10 * MIB + 30 * 1024]) {
        const refused = await client.seal(sealRequest(pdfOfSize(size)))
        expect([refused.status, refused.body.code, refused.body.message], `${size} bytes`).toEqual([413, 'PAYLOAD_TOO_LARGE', '文件大小不能超过10M'])
      }
    })

    it('answers a body far over the limit with 413 the client receives, with or without a content-length', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = t.app.server.address() as { port: number }
      const body = Buffer.from(JSON.stringify(sealRequest(pdfOfSize(24 * MIB))))
      const headers = { authorization: `Bearer ${await client.token()}`, 'content-type': 'application/json' }
      const url = `http://127.0.0.1:${port}/api/open/v1/documents`
      const sized = await fetch(url, { method: 'POST', headers, body })
      expect([sized.status, ((await sized.json()) as { code: string }).code]).toEqual([413, 'PAYLOAD_TOO_LARGE'])
      const chunks = (function* () {
        for (let at = 0; at < body.length; at += 256 * 1024) yield body.subarray(at, at + 256 * 1024)
      })()
      const stream = new ReadableStream({
        pull(controller) {
          const next = chunks.next()
          if (next.done) controller.close()
          else controller.enqueue(next.value)
        },
      })
      const chunked = await fetch(url, { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit)
      expect([chunked.status, ((await chunked.json()) as { code: string }).code]).toEqual([413, 'PAYLOAD_TOO_LARGE'])
    })
  })

  it('refuses a 21st signature with TOO_MANY_SIGNATURES, as documented', async () => {
    const positions = Array.from({ length: 21 }, () => ({ page: 1, x: 100, y: 100 }))
    const refused = await client.seal(sealRequest(await chineseContract({ pages: 1 }), { positions }))
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([422, 'TOO_MANY_SIGNATURES', '一次最多加盖20处印章'])
  })

  it('answers a body sent as text/plain with 415 UNSUPPORTED_MEDIA_TYPE, signed or not', async () => {
    const body = sealRequest(await chineseContract({ pages: 1 }))
    const plain = await client.call({ path: '/api/open/v1/documents', body, headers: { 'content-type': 'text/plain' } })
    expect([plain.status, plain.body.code, plain.body.message]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE', '请以 application/json 或 application/pdf 发送请求'])
    const form = await client.call({ path: '/api/open/v1/documents', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect([form.status, form.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE'])
  })

  it('revokes a platform’s tokens when it is disabled: re-enabled, a token from before stays dead', async () => {
    const platform = await registerTestPlatform(t)
    const before = platformClient(t, platform)
    const oldToken = await before.token()
    expect((await before.boundSeals()).status).toBe(200)
    await adminCall(t, 'PUT', `/api/admin/platforms/${platform.id}`, { status: 'disabled' })
    const disabled = await before.call({ path: '/api/open/v1/seals', token: oldToken })
    expect([disabled.status, disabled.body.code]).toEqual([403, 'PLATFORM_DISABLED'])
    await adminCall(t, 'PUT', `/api/admin/platforms/${platform.id}`, { status: 'active' })
    const revived = await before.call({ path: '/api/open/v1/seals', token: oldToken })
    expect([revived.status, revived.body.code]).toEqual([401, 'TOKEN_EXPIRED'])
    // A new token works.
    expect((await platformClient(t, platform).boundSeals()).status).toBe(200)
  })

  it('reads a + in the query as a space, as docs/platforms.md says the query is signed', async () => {
    // The client signs the pairs URLSearchParams reads: after=a b, signed after=a%20b.
    const plus = await client.call({ path: '/api/open/v1/seals?after=a+b' })
    expect([plus.status, plus.body.code]).toEqual([200, undefined])
    expect(platformsDoc).toContain('a `+` in\n   the query is a space (signed `%20`), so send a plus sign as `%2B`')
  })

  it('answers a token from before a secret rotation as docs/platforms.md says: TOKEN_INVALID, and the old secret INVALID_CLIENT', async () => {
    const platform = await registerTestPlatform(t)
    const before = platformClient(t, platform)
    const oldToken = await before.token()
    const rotated = await adminCall(t, 'POST', `/api/admin/platforms/${platform.id}/rotate-secret`)
    expect(rotated.resultStatus).toBe('00')
    const after = platformClient(t, { clientId: platform.clientId, clientSecret: rotated.data.clientSecret })
    const old = await after.call({ path: '/api/open/v1/seals', token: oldToken })
    expect([old.status, old.body.code]).toEqual([401, 'TOKEN_INVALID'])
    const oldSecret = await t.app.inject({ method: 'POST', url: '/api/open/v1/token', payload: { clientId: platform.clientId, clientSecret: platform.clientSecret } })
    expect([oldSecret.statusCode, oldSecret.json().code]).toEqual([401, 'INVALID_CLIENT'])
    expect(platformsDoc).toMatch(/rotate-secret` \| a new secret \(shown once\); the old secret \(`INVALID_CLIENT`\) and every token got with it \(`TOKEN_INVALID`\) stop working at once/)
  })

  it('ends a list whose last page is full with nextAfter null, not a cursor to an empty page', async () => {
    const platform = await registerTestPlatform(t, { webhookUrl: 'http://127.0.0.1:9/hooks' })
    const c = platformClient(t, platform)
    await bindSealForTest(t.db, { sealId, platformId: platform.id, personId })
    const first = await c.call({ path: '/api/open/v1/seals?limit=1' })
    expect(first.body).toEqual({ seals: [expect.objectContaining({ sealId })], nextAfter: null })
    // Two bound: a page of one has a next page, the second ends the list.
    const other = await t.loginPersonal('13700000192', { name: '李第二', identityNo: idNumber(952) })
    const otherPerson = (await findCaller(t.db, other))!.person.id
    const otherSeal = (await personalSealFor(t, other, { pin: 'seal2026' })).seal.id
    await bindSealForTest(t.db, { sealId: otherSeal, platformId: platform.id, personId: otherPerson })
    const page1 = await c.call({ path: '/api/open/v1/seals?limit=1' })
    expect(page1.body.nextAfter).toBe(page1.body.seals[0].bindingId)
    const page2 = await c.call({ path: `/api/open/v1/seals?limit=1&after=${page1.body.nextAfter}` })
    expect(page2.body).toEqual({ seals: [expect.objectContaining({ sealId: otherSeal })], nextAfter: null })
    // The operator's lists end the same way.
    const deliveries = await t.db.$count(webhookDeliveries, eq(webhookDeliveries.platformId, platform.id))
    const hooks = await adminCall(t, 'GET', `/api/admin/platforms/${platform.id}/webhook-deliveries?limit=${deliveries}`)
    expect([hooks.data.deliveries.length, hooks.data.nextAfter]).toEqual([deliveries, null])
    let after: string | null = null
    let pages = 0
    do {
      const page = await adminCall(t, 'GET', `/api/admin/platforms?limit=2${after ? `&after=${after}` : ''}`)
      expect(page.data.platforms.length, `page ${pages + 1}`).toBeGreaterThan(0)
      after = page.data.nextAfter
      pages++
    } while (after && pages < 100)
    expect(after).toBeNull()
    await t.db.delete(sealBindings).where(eq(sealBindings.platformId, platform.id))
  })

  it('declares the bearer token and the X-Seal-* signature headers in the served OpenAPI document, so generated clients sign', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const schemes = docs.components.securitySchemes as Record<string, { type: string; scheme?: string; description?: string }>
    // The app's and the operators' tokens have schemes of their own: the platform's is the one its description names.
    const [bearerName] = Object.entries(schemes).find(([, s]) => s.type === 'http' && s.scheme === 'bearer' && s.description?.includes('/api/open/v1/token')) ?? []
    expect(bearerName).toBeDefined()
    const signed: [string, string][] = [
      ['/api/open/v1/seals', 'get'],
      ['/api/open/v1/documents', 'post'],
      ['/api/open/v1/documents/{documentId}', 'get'],
    ]
    for (const [path, method] of signed) {
      const operation = docs.paths[path][method]
      expect(operation.security, path).toEqual([{ [bearerName!]: [] }])
      const headers = (operation.parameters as { in: string; name: string; required?: boolean }[]).filter((p) => p.in === 'header')
      for (const name of ['x-seal-timestamp', 'x-seal-nonce', 'x-seal-signature'])
        expect(headers.find((h) => h.name.toLowerCase() === name), `${path} ${name}`).toMatchObject({ required: true })
    }
    // The token call is made with the client credentials, unsigned.
    expect(docs.paths['/api/open/v1/token'].post.security ?? []).toEqual([])
  })

  it('describes answers in the OpenAPI document without the request limits: a sealed copy may be over 10 MiB', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    for (const [path, operations] of Object.entries(docs.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)) {
      if (!path.startsWith('/api/open/')) continue
      for (const [method, operation] of Object.entries(operations)) {
        const answer = JSON.stringify(operation.responses['200'] ?? {})
        expect(answer, `${method} ${path}`).not.toMatch(/413|PAYLOAD_TOO_LARGE|最大10M/)
      }
    }
  })

  it('names every refusal code the service can answer in docs/api.md, and every document refusal in docs/platforms.md §5', () => {
    expect(openApiSection).toContain('Refusals common to all')
    for (const code of Object.keys(openApiErrors)) expect(openApiSection, code).toContain(`${code}`)
    const sealing = platformsDoc.slice(platformsDoc.indexOf('## 5. Sealing a document'), platformsDoc.indexOf('## 6. Webhooks'))
    for (const code of ['PDF_INVALID', 'PAGE_OUT_OF_RANGE', 'KEYWORD_NOT_FOUND', 'POSITION_INVALID', 'TOO_MANY_SIGNATURES', 'REQUEST_REFUSED', 'PDF_UNSIGNABLE'] as const) {
      expect(sealing, code).toContain(code)
      expect(openApiErrors[code].status).toBe(422)
    }
  })

  it('documents in docs/api.md every field /verify, /auth/me and the OCR results answer, once each, in tables a renderer reads whole', () => {
    const rows = (route: string) => apiDoc.split('\n').filter((line) => line.startsWith(`| ${route} `))
    const [verifyRow] = rows('POST `/verify`')
    for (const field of Object.keys(signatureReport.shape)) expect(verifyRow, field).toMatch(new RegExp(`\\b${field}\\b`))
    expect(verifyRow).toMatch(/`verdict` .*`valid`.*`revoked`.*`invalid`/)
    const me = rows('GET `/auth/me`')
    expect(me).toHaveLength(1)
    for (const field of Object.keys(loginInfo.shape)) expect(me[0], field).toMatch(new RegExp(`\\b${field}\\b`))
    for (const route of ['POST `/paas-ai/ocr/idcard/{serial}`', 'POST `/paas-ai/ocr/businessLicense/{serial}`']) {
      expect(rows(route)[0], route).toMatch(/busSerialNo, imgType: '(10|20)'/)
    }
    // A blank line between two rows ends a table: the rows after it render as text.
    expect(apiDoc).not.toMatch(/^\|.*\|\n\s*\n\|(?![-:| ]+\|\n)/m)
  })

  it('names in the served OpenAPI document only sections docs/platforms.md has', async () => {
    const served = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body
    const headings = [...platformsDoc.matchAll(/^#{2,3} (?:\d+\. )?(.+)$/gm)].map((m) => m[1]!)
    const named = [...served.matchAll(/platforms\.md(?:「([^」]+)」|\\"([^\\]+)\\")/g)].map((m) => m[1] ?? m[2]!)
    expect(named.length).toBeGreaterThan(0)
    for (const section of named) expect(headings.some((heading) => heading.startsWith(section)), section).toBe(true)
  })

  it('accepts the operator calls of docs/platforms.md §1 with their query strings as written there', async () => {
    const platform = await registerTestPlatform(t)
    const lists = [...platformsDoc.matchAll(/`GET (\/api\/admin\/[^`]+)`/g)].map((m) => m[1]!)
    expect(lists.length).toBeGreaterThanOrEqual(2)
    for (const template of lists) {
      const answer = await adminCall(t, 'GET', template.replace('{id}', platform.id))
      expect([answer.resultStatus, answer.responseInfo], template).toEqual(['00', '操作成功'])
    }
  })

  it('answers the example calls of docs/api.md with what the example shows', async () => {
    const example = /# (\{"seals":.*)$/m.exec(openApiSection)?.[1]
    expect(example).toBeDefined()
    const shown = (field: string) => new RegExp(`"${field}":("[^"…]*"|true|false|null)`).exec(example!)?.[1]
    const [seal] = (await client.boundSeals()).body.seals
    // The example is 张三's personal name seal; this one is the holder's.
    for (const field of ['sealName', 'sealTypeCode', 'sealTypeName', 'usable']) {
      expect(shown(field), field).toBeDefined()
      expect(JSON.stringify(seal[field]), field).toBe(shown(field)!.replace('张三', holder.name))
    }
    const token = /# (\{"accessToken":.*)$/m.exec(openApiSection)?.[1]
    const answer = await t.app.inject({ method: 'POST', url: '/api/open/v1/token', payload: { clientId: credentials.clientId, clientSecret: credentials.clientSecret } })
    expect(Object.keys(answer.json())).toEqual([...token!.matchAll(/"(\w+)":/g)].map((m) => m[1]))
  })

  it('gives a new platform the documented default rate limit', async () => {
    const registered = await adminCall(t, 'POST', '/api/admin/platforms', { clientName: `默认限流平台-${Date.now()}`, platformType: '9' })
    const documented = Number(/`rateLimitPerMinute` \(default (\d+)/.exec(platformsDoc)?.[1])
    expect(registered.data.platform.rateLimitPerMinute).toBe(documented)
    expect(documented).toBe(2400)
  })
})
