import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { opensslVerify, pdfsig } from '@seal/pdf/test/independent-verifiers'
import { renderPages } from '@seal/pdf/documents/inspect-pdf'
import { redCentre } from '@seal/pdf/test/page-pixels'
import { boxedPage, chineseContract } from '@seal/pdf/test/test-documents'
import { findCaller } from '../auth/sessions.ts'
import { sealBindings } from '../bindings/tables.ts'
import { bindSealForTest } from '../bindings/test-support.ts'
import { platformTokens, webhookDeliveries } from '../platforms/tables.ts'
import { adminCall, registerTestPlatform, type RegisteredPlatform } from '../platforms/test-support.ts'
import { sealUseRecords } from '../records/tables.ts'
import { sealAuths } from '../seals/tables.ts'
import { multipart, startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor } from '../test/seals.ts'
import { idNumber } from '../unit-apply/test-support.ts'
import { platformClient } from './test-support.ts'

const holder = { phone: '13700000061', name: '周绑定', identityNo: idNumber(861) }
const other = { phone: '13700000062', name: '吴旁人', identityNo: idNumber(862) }

describe('open API: a platform seals with a seal bound to it', () => {
  let t: TestApp
  let holderToken: string
  let holderPersonId: string
  let sealId: string
  let platformA: RegisteredPlatform
  let platformB: RegisteredPlatform
  let a: ReturnType<typeof platformClient>
  let b: ReturnType<typeof platformClient>
  let contract: Uint8Array

  const sealRequest = (overrides: Record<string, unknown> = {}) => ({
    sealId,
    fileName: '采购合同.pdf',
    pdf: Buffer.from(contract).toString('base64'),
    positions: [{ page: 1, x: 380, y: 60 }],
    ...overrides,
  })

  beforeAll(async () => {
    t = await startTestApp()
    holderToken = await t.loginPersonal(holder.phone, { name: holder.name, identityNo: holder.identityNo })
    holderPersonId = (await findCaller(t.db, holderToken))!.person.id
    sealId = (await personalSealFor(t, holderToken, { pin: 'seal2026', sealName: holder.name })).seal.id
    platformA = await registerTestPlatform(t)
    platformB = await registerTestPlatform(t)
    a = platformClient(t, platformA)
    b = platformClient(t, platformB)
    await bindSealForTest(t.db, { sealId, platformId: platformA.id, personId: holderPersonId })
    contract = await chineseContract({ pages: 3 })
  })
  afterAll(() => t.close())

  it('has its own section in the served OpenAPI document', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const open = Object.entries(docs.paths as Record<string, Record<string, { tags?: string[] }>>).filter(([path]) => path.startsWith('/api/open/v1/'))
    expect(open.map(([path]) => path).sort()).toEqual(['/api/open/v1/documents', '/api/open/v1/documents/{documentId}', '/api/open/v1/seals', '/api/open/v1/token'])
    for (const [, operations] of open) for (const operation of Object.values(operations)) expect(operation.tags).toEqual(['open-api'])
  })

  it('exchanges client credentials for a token, and refuses a wrong secret or an unknown client alike', async () => {
    const good = await t.app.inject({ method: 'POST', url: '/api/open/v1/token', payload: { clientId: platformA.clientId, clientSecret: platformA.clientSecret } })
    expect(good.statusCode).toBe(200)
    expect(good.json()).toMatchObject({ accessToken: expect.stringMatching(/^pat_/), tokenType: 'Bearer', expiresIn: 7200 })
    for (const payload of [
      { clientId: platformA.clientId, clientSecret: `${platformA.clientSecret}x` },
      { clientId: platformA.clientId, clientSecret: platformB.clientSecret },
      { clientId: 'pf_unknown', clientSecret: platformA.clientSecret },
    ]) {
      const refused = await t.app.inject({ method: 'POST', url: '/api/open/v1/token', payload })
      expect(refused.statusCode).toBe(401)
      expect(refused.json()).toMatchObject({ code: 'INVALID_CLIENT', message: 'clientId 或 clientSecret 错误', requestId: expect.any(String) })
    }
    // Only the token's hash is kept.
    const stored = await t.db.select().from(platformTokens).where(eq(platformTokens.platformId, platformA.id))
    expect(stored.map((row) => row.tokenSha256)).not.toContain(good.json().accessToken)
  })

  it('lists the seals bound to the platform, and nothing to another platform', async () => {
    const listed = await a.boundSeals()
    expect(listed.status).toBe(200)
    expect(listed.body.seals).toEqual([
      expect.objectContaining({ sealId, sealName: holder.name, sealTypeCode: '1000', sealTypeName: '个人名章', holderName: holder.name, unitName: null, sealStatus: '1', useType: '2', usable: true }),
    ])
    expect((await b.boundSeals()).body).toEqual({ seals: [], nextAfter: null })
  })

  it('pages the bound seals in binding order after a binding id; a cancelled one is left out, another platform’s id gives nothing', async () => {
    const platformC = await registerTestPlatform(t)
    const c = platformClient(t, platformC)
    const bound: string[] = []
    for (const [i, person] of ['甲', '乙', '丙', '丁'].entries()) {
      const token = await t.loginPersonal(`1370000007${i}`, { name: `钱${person}`, identityNo: idNumber(870 + i) })
      const personId = (await findCaller(t.db, token))!.person.id
      const seal = (await personalSealFor(t, token, { pin: 'seal2026', sealName: `钱${person}` })).seal
      bound.push((await bindSealForTest(t.db, { sealId: seal.id, platformId: platformC.id, personId })).id)
    }
    await t.db.update(sealBindings).set({ bindState: '0', cancelledAt: new Date() }).where(eq(sealBindings.id, bound[1]!))

    const first = await c.call({ path: '/api/open/v1/seals?limit=2' })
    expect(first.body.seals.map((s: { bindingId: string }) => s.bindingId)).toEqual([bound[0], bound[2]])
    expect(first.body.nextAfter).toBe(bound[2])
    const second = await c.call({ path: `/api/open/v1/seals?limit=2&after=${bound[2]}` })
    expect(second.body).toEqual({ seals: [expect.objectContaining({ bindingId: bound[3] })], nextAfter: null })
    const [aBinding] = await t.db.select().from(sealBindings).where(eq(sealBindings.platformId, platformA.id))
    expect((await c.call({ path: `/api/open/v1/seals?after=${aBinding!.id}` })).body).toEqual({ seals: [], nextAfter: null })
    expect((await c.call({ path: '/api/open/v1/seals?after=no-such-binding' })).body).toEqual({ seals: [], nextAfter: null })
  })

  it('seals a PDF at a point and at a keyword: the signatures verify, pdfsig trusts them, and the use record names the platform and the binder', async () => {
    const sealed = await a.seal(sealRequest({ positions: [{ page: 1, x: 380, y: 60 }, { keyword: '甲方（盖章）', page: 3, offsetX: 90 }], remark: '采购合同签章', businessName: '政府采购' }))
    expect(sealed.status, JSON.stringify(sealed.body)).toBe(200)
    expect(sealed.body).toMatchObject({ sealId, fileName: '采购合同（已签章）.pdf', signatures: 2, timestamped: false, documentId: expect.any(String) })
    // The keyword's seal sits on page 3 by 甲方（盖章）, at the foot of the page, its centre 90 points right of the phrase's.
    expect(sealed.body.placements[1]).toMatchObject({ page: 3 })
    expect(sealed.body.placements[1].y).toBeLessThan(150)

    const fetched = await a.document(sealed.body.documentId)
    expect(fetched.status).toBe(200)
    expect(fetched.body).toMatchObject({ documentId: sealed.body.documentId, sha256: sealed.body.sha256, fileName: '采购合同（已签章）.pdf' })
    const pdf = Buffer.from(fetched.body.pdf, 'base64')

    // 验章 (our verifier) and pdfsig (trusting only our root) both find two intact signatures by the seal.
    const { payload, headers } = multipart({ name: 'sealed.pdf', bytes: pdf, type: 'application/pdf' })
    const report = (await t.app.inject({ method: 'POST', url: '/api/verify', payload, headers })).json()
    expect(report.data.signatures).toHaveLength(2)
    for (const signature of report.data.signatures) expect(signature).toMatchObject({ valid: true, signer: { kind: 'person', sealTypeCode: '1000' } })
    const dir = mkdtempSync(join(tmpdir(), 'open-api-'))
    try {
      writeFileSync(join(dir, 'root.der'), (await t.app.inject({ method: 'GET', url: '/api/trust/ca.crt' })).rawPayload)
      execFileSync('openssl', ['x509', '-inform', 'DER', '-in', join(dir, 'root.der'), '-out', join(dir, 'root.pem')])
      execFileSync('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password'])
      execFileSync('certutil', ['-A', '-d', `sql:${dir}`, '-n', 'seal-root', '-t', 'CT,C,C', '-i', join(dir, 'root.der')])
      const verdicts = pdfsig(pdf, dir)
      expect(verdicts.map((v) => v.valid)).toEqual([true, true])
      expect(verdicts[1]!.totalDocumentSigned).toBe(true)
      // pdfsig trusts the seal's certificate the first time it meets it; the second signature by the same
      // certificate it reports as an "unknown issue" (decisions.md "Seal authorisation letter"), so the
      // chain of both is checked by openssl against our root.
      expect(verdicts[0]!.trusted).toBe(true)
      expect(opensslVerify(new Uint8Array(pdf), join(dir, 'root.pem')).map((v) => v.ok)).toEqual([true, true])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    expect(renderPages(new Uint8Array(pdf), 'open-api-sealed')).toHaveLength(3)

    // The holder's 用章记录 shows the use, naming the platform and the holder as the one who bound it.
    const records = await t.call({ url: '/api/signSealLog/queryByTypeAndSocialCreditCode', body: { sealId }, token: holderToken })
    expect(records.body.data[0]).toMatchObject({ fileName: '采购合同.pdf', platformName: platformA.clientName, businessName: '政府采购', name: holder.name, remark: '采购合同签章' })
    const [record] = await t.db.select().from(sealUseRecords).where(eq(sealUseRecords.documentSha256, sealed.body.sha256))
    expect(record).toMatchObject({ platformId: platformA.id, userPersonId: holderPersonId })
  })

  it('places points and keywords on a cropped page from the corner of the page as shown, and refuses a seal off it', async () => {
    // A shifted MediaBox with a 400 × 550 CropBox inside it; 甲方（盖章） printed 72 points right of the
    // shown page's left edge, its baseline 90 points above the shown bottom.
    const cropped = Buffer.from(await boxedPage({ mediaBox: [50, 50, 645.28, 891.89], cropBox: [100, 150, 500, 700], phraseAt: { x: 72, y: 90 } })).toString('base64')
    const sealed = await a.seal(sealRequest({ pdf: cropped, positions: [{ keyword: '甲方（盖章）', offsetY: 60 }] }))
    expect(sealed.status, JSON.stringify(sealed.body)).toBe(200)
    const [placement] = sealed.body.placements
    // The seal's centre on the phrase's centre (about 111, 94 on the shown page), 60 points higher.
    expect(Math.abs(placement.x + placement.width / 2 - 111)).toBeLessThan(4)
    expect(Math.abs(placement.y + placement.height / 2 - 154)).toBeLessThan(4)
    const pdf = new Uint8Array(Buffer.from((await a.document(sealed.body.documentId)).body.pdf, 'base64'))
    const { centre } = await redCentre({ pdf, page: 1 })
    expect(Math.abs(centre!.x - (placement.x + placement.width / 2))).toBeLessThan(3)
    expect(Math.abs(centre!.y - (placement.y + placement.height / 2))).toBeLessThan(3)

    // Inside the MediaBox but past the shown page's right edge (400 points wide), or below its bottom.
    for (const position of [{ page: 1, x: 380, y: 100 }, { page: 1, x: 100, y: -20 }, { keyword: '甲方（盖章）', offsetY: -80 }]) {
      const refused = await a.seal(sealRequest({ pdf: cropped, positions: [position] }))
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([422, 'POSITION_INVALID', '签章位置超出页面范围（第1页）'])
    }
  })

  it('adds a timestamp when asked', async () => {
    const sealed = await a.seal(sealRequest({ timestamp: true }))
    expect(sealed.status, JSON.stringify(sealed.body)).toBe(200)
    const pdf = Buffer.from((await a.document(sealed.body.documentId)).body.pdf, 'base64')
    const { payload, headers } = multipart({ name: 'sealed.pdf', bytes: pdf, type: 'application/pdf' })
    const report = (await t.app.inject({ method: 'POST', url: '/api/verify', payload, headers })).json()
    expect(report.data.signatures[0]).toMatchObject({ valid: true, timestampedAt: expect.any(Number) })
  })

  it('refuses a wrong signature, a body changed after signing, and missing signature headers', async () => {
    const wrong = await a.call({ path: '/api/open/v1/seals', signature: 'ab'.repeat(32) })
    expect([wrong.status, wrong.body.code, wrong.body.message]).toEqual([401, 'SIGNATURE_INVALID', '请求签名校验失败'])
    // Signed with B's secret under A's token.
    const crossed = await platformClient(t, { clientId: platformA.clientId, clientSecret: platformB.clientSecret }).call({ path: '/api/open/v1/seals', token: await a.token() })
    expect(crossed.body.code).toBe('SIGNATURE_INVALID')
    const tampered = await a.call({ path: '/api/open/v1/documents', body: sealRequest(), sendBody: JSON.stringify(sealRequest({ fileName: '另一份.pdf' })) })
    expect([tampered.status, tampered.body.code]).toEqual([401, 'SIGNATURE_INVALID'])
    // The query is signed too.
    const query = await a.call({ path: '/api/open/v1/seals?limit=5', sendPath: '/api/open/v1/seals?limit=6' })
    expect(query.body.code).toBe('SIGNATURE_INVALID')
    const unsigned = await a.call({ path: '/api/open/v1/seals', unsigned: true })
    expect([unsigned.status, unsigned.body.code]).toEqual([401, 'SIGNATURE_MISSING'])
    const noToken = await a.call({ path: '/api/open/v1/seals', token: null })
    expect([noToken.status, noToken.body.code]).toEqual([401, 'TOKEN_MISSING'])
    const badToken = await a.call({ path: '/api/open/v1/seals', token: 'pat_forged' })
    expect([badToken.status, badToken.body.code]).toEqual([401, 'TOKEN_INVALID'])
  })

  it('signs the matched route, so another spelling of the same path is the same request', async () => {
    const odd = await a.call({ path: '/api/open/v1/seals', sendPath: '/api/open/v1/%73eals' })
    expect(odd.status).toBe(200)
    expect(odd.body.seals).toHaveLength(1)
    // Signing the odd spelling itself is not the canonical path: refused.
    const literal = await a.call({ path: '/api/open/v1/%2573eals', sendPath: '/api/open/v1/%73eals' })
    expect(literal.body.code).toBe('SIGNATURE_INVALID')
  })

  it('refuses a replayed request (the same nonce) and a stale or future timestamp', async () => {
    const nonce = 'replay-nonce-0123456789'
    expect((await a.call({ path: '/api/open/v1/seals', nonce })).status).toBe(200)
    const again = await a.call({ path: '/api/open/v1/seals', nonce })
    expect([again.status, again.body.code, again.body.message]).toEqual([401, 'NONCE_REPLAYED', '重复的请求（nonce已使用）'])
    // Two copies racing: one passes.
    const racing = await Promise.all([1, 2, 3].map(() => a.call({ path: '/api/open/v1/seals', nonce: 'racing-nonce-0123456789' })))
    expect(racing.map((r) => r.status).sort()).toEqual([200, 401, 401])
    const now = Math.floor(Date.now() / 1000)
    for (const timestamp of [now - 301, now + 400]) {
      const stale = await a.call({ path: '/api/open/v1/seals', timestamp })
      expect([stale.status, stale.body.code]).toEqual([401, 'TIMESTAMP_OUT_OF_WINDOW'])
    }
    expect((await a.call({ path: '/api/open/v1/seals', timestamp: now - 200 })).status).toBe(200)
    const shortNonce = await a.call({ path: '/api/open/v1/seals', nonce: 'abc' })
    expect(shortNonce.body.code).toBe('NONCE_INVALID')
  })

  it('refuses an expired token', async () => {
    const client = platformClient(t, platformA)
    const token = await client.token()
    await t.db.update(platformTokens).set({ expiresAt: new Date(Date.now() - 1000) })
    const expired = await client.boundSeals()
    expect([expired.status, expired.body.code, expired.body.message]).toEqual([401, 'TOKEN_EXPIRED', '访问令牌已过期，请重新获取'])
    expect(token).toMatch(/^pat_/)
    a.forgetToken()
    b.forgetToken()
  })

  it('refuses another platform’s seal, and another platform’s document', async () => {
    const refused = await b.seal(sealRequest())
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([403, 'SEAL_NOT_BOUND', '该印章未绑定本平台'])
    const sealed = await a.seal(sealRequest())
    const theirs = await b.document(sealed.body.documentId)
    expect([theirs.status, theirs.body.code]).toEqual([404, 'DOCUMENT_NOT_FOUND'])
  })

  it('refuses a cancelled binding, and seals again once it is bound again', async () => {
    await t.db.update(sealBindings).set({ bindState: '0', cancelledAt: new Date() }).where(eq(sealBindings.platformId, platformA.id))
    const refused = await a.seal(sealRequest())
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([403, 'BINDING_NOT_IN_EFFECT', '该印章与本平台的绑定已解除'])
    expect((await a.boundSeals()).body.seals).toEqual([])
    await t.db.update(sealBindings).set({ bindState: '1', cancelledAt: null }).where(eq(sealBindings.platformId, platformA.id))
    expect((await a.seal(sealRequest())).status).toBe(200)
  })

  it('refuses a binding made under an authorisation that has ended', async () => {
    const otherToken = await t.loginPersonal(other.phone, { name: other.name, identityNo: other.identityNo })
    const grantee = (await findCaller(t.db, otherToken))!.person
    const [auth] = await t.db
      .insert(sealAuths)
      .values({ sealId, granteePersonId: grantee.id, granteePhone: other.phone, grantorPersonId: holderPersonId, grantorRole: 1, authUseType: '1', useType: '2', status: 'active', startTime: new Date(Date.now() - 86_400_000), endTime: new Date(Date.now() + 86_400_000) })
      .returning()
    const platformC = await registerTestPlatform(t)
    const c = platformClient(t, platformC)
    await bindSealForTest(t.db, { sealId, platformId: platformC.id, personId: grantee.id, authId: auth!.id })
    const allowed = await c.seal(sealRequest())
    expect(allowed.status).toBe(200)
    // The use is the grantee's, through the platform.
    const [record] = await t.db.select().from(sealUseRecords).where(eq(sealUseRecords.documentSha256, allowed.body.sha256))
    expect(record).toMatchObject({ userName: other.name, platformName: platformC.clientName })

    await t.db.update(sealAuths).set({ endTime: new Date(Date.now() - 1000) }).where(eq(sealAuths.id, auth!.id))
    const ended = await c.seal(sealRequest())
    expect([ended.status, ended.body.code, ended.body.message]).toEqual([403, 'AUTHORISATION_ENDED', '绑定所依据的印章授权已失效'])
    await t.db.update(sealAuths).set({ endTime: new Date(Date.now() + 86_400_000), status: 'revoked' }).where(eq(sealAuths.id, auth!.id))
    expect((await c.seal(sealRequest())).body.code).toBe('AUTHORISATION_ENDED')
  })

  it('refuses a disabled platform at once, its token and new tokens alike', async () => {
    const platformD = await registerTestPlatform(t)
    const d = platformClient(t, platformD)
    expect((await d.boundSeals()).status).toBe(200)
    const disabled = await adminCall(t, 'PUT', `/api/admin/platforms/${platformD.id}`, { status: 'disabled' })
    expect(disabled.data.status).toBe('disabled')
    const refused = await d.boundSeals()
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([403, 'PLATFORM_DISABLED', '平台已停用，请联系运营方'])
    const token = await t.app.inject({ method: 'POST', url: '/api/open/v1/token', payload: { clientId: platformD.clientId, clientSecret: platformD.clientSecret } })
    expect([token.statusCode, token.json().code]).toEqual([403, 'PLATFORM_DISABLED'])
    await adminCall(t, 'PUT', `/api/admin/platforms/${platformD.id}`, { status: 'active' })
    // Enabled again, it gets a new token with its credentials (the one from before was ended with the disabling).
    expect((await d.boundSeals()).body.code).toBe('TOKEN_EXPIRED')
    d.forgetToken()
    expect((await d.boundSeals()).status).toBe(200)
  })

  it('counts every call of a platform against its rate limit, and says when to come back', async () => {
    const platformE = await registerTestPlatform(t, { rateLimitPerMinute: 3 })
    const e = platformClient(t, platformE)
    const answers = []
    for (let i = 0; i < 4; i++) answers.push(await e.boundSeals())
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429])
    expect(answers[3]!.body).toMatchObject({ code: 'RATE_LIMITED', message: '请求过于频繁，请稍后再试' })
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0)
    // Another platform is not held back by it.
    expect((await a.boundSeals()).status).toBe(200)
  })

  it('answers bad input with a clear error, never a 500', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [sealRequest({ positions: [] }), 400, 'INVALID_REQUEST'],
      [sealRequest({ positions: [{ page: 1 }] }), 400, 'INVALID_REQUEST'],
      [sealRequest({ pdf: Buffer.from('not a pdf at all').toString('base64') }), 422, 'PDF_INVALID'],
      [sealRequest({ positions: [{ page: 9, x: 100, y: 100 }] }), 422, 'PAGE_OUT_OF_RANGE'],
      [sealRequest({ positions: [{ keyword: '不存在的关键字' }] }), 422, 'KEYWORD_NOT_FOUND'],
      [sealRequest({ positions: [{ keyword: '电子印章服务合同', occurrence: 'all' }], fileName: '../x.pdf' }), 400, 'INVALID_REQUEST'],
      [sealRequest({ sealId: 'no-such-seal' }), 403, 'SEAL_NOT_BOUND'],
    ]
    for (const [body, status, code] of cases) {
      const answer = await a.seal(body)
      expect([answer.status, answer.body.code], JSON.stringify(answer.body)).toEqual([status, code])
      expect(answer.body.message).toMatch(/[\u4e00-\u9fa5]/)
    }
    const keyword = await a.seal(sealRequest({ positions: [{ keyword: '不存在的关键字' }] }))
    expect(keyword.body.message).toBe('未在文档中找到关键字：不存在的关键字')
    const notJson = await a.call({ path: '/api/open/v1/documents', body: {}, sendBody: '{"sealId":' })
    expect(notJson.status).toBeLessThan(500)
    const missing = await a.call({ path: '/api/open/v1/nothing-here' })
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND'])
    expect((await a.document('no-such-document')).body.code).toBe('DOCUMENT_NOT_FOUND')
  })

  it('stops a platform at once when the holder cancels the seal, and tells it by webhook', async () => {
    await adminCall(t, 'PUT', `/api/admin/platforms/${platformA.id}`, { webhookUrl: 'http://127.0.0.1:9/hooks' })
    const cancelled = await t.call({ url: '/api/seal/revokeNew', body: { sealId, pin: 'seal2026' }, token: holderToken })
    expect(cancelled.body.resultStatus, cancelled.body.responseInfo).toBe('00')
    const refused = await a.seal(sealRequest())
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([403, 'SEAL_UNUSABLE', '印章已注销'])
    expect((await a.boundSeals()).body.seals).toEqual([])
    const queued = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.platformId, platformA.id))
    expect(queued.map((d) => d.event)).toContain('seal.cancelled')
    expect(queued.find((d) => d.event === 'seal.cancelled')!.payload).toMatchObject({ sealId, bindState: '0', reason: '印章持有人申请注销' })
  })
})
