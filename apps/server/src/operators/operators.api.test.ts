import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operatorRoles, routeRoles, type OperatorRole } from '@seal/shared/api/operators'
import { auditEvents } from '../audit/tables.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { findOperator, IDLE_MS, loginOperator } from './sessions.ts'
import { operatorSessions } from './tables.ts'
import { enrolledOperator, nextCode } from './test-support.ts'
import { currentCode } from './totp.ts'

const COMPARED = 'seal.counted-secret.compared'

/** How many secrets of `table` were compared while `run` ran. */
async function comparing<T>(table: string, run: () => Promise<T>): Promise<{ result: T; compared: number }> {
  let compared = 0
  const count = (message: unknown) => {
    if ((message as { table: string }).table === table) compared++
  }
  subscribe(COMPARED, count)
  try {
    return { result: await run(), compared }
  } finally {
    unsubscribe(COMPARED, count)
  }
}

/**
 * Operators are people (issue #22 §1): accounts an administrator creates, a password and a TOTP second
 * factor, sessions that end, locks that hold under concurrent guessing, roles checked on every admin route,
 * scoped API keys, and every action in the audit log under the operator's name.
 */
describe('operator accounts, sessions and keys', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  const answerOf = async (options: Parameters<TestApp['call']>[0]) => (await t.call(options)).body

  it('takes a new operator from the initial password through TOTP enrolment to a full session', async () => {
    const created = await answerOf({
      url: '/api/admin/operators',
      token: t.secrets.adminToken,
      body: { username: 'reviewer.wang', displayName: '王审核', identityNo: '110101199003070011', roles: ['reviewer'] },
    })
    expect(created.resultStatus).toBe('00')
    const initial = created.data.initialPassword as string
    expect(initial).toMatch(/^.{16}$/)

    const first = await answerOf({ url: '/api/admin/session', body: { username: 'Reviewer.Wang', password: initial } })
    expect(first.data).toMatchObject({ stage: 'enrol', mustChangePassword: true, operator: { displayName: '王审核', totpEnrolled: false } })
    const token = first.data.token as string
    // Before enrolling, nothing else.
    expect(await answerOf({ method: 'GET', url: '/api/admin/applications', token })).toMatchObject({ resultStatus: '403', responseInfo: '请先绑定动态验证码' })
    expect((await answerOf({ method: 'GET', url: '/api/admin/me', token })).data).toMatchObject({ kind: 'operator', name: '王审核', stage: 'enrol' })

    const weak = await answerOf({ url: '/api/admin/session/password', token, body: { oldPassword: initial, newPassword: 'abc12345' } })
    expect(weak.responseInfo).toMatch(/^密码须为10-64位/)
    expect((await answerOf({ url: '/api/admin/session/password', token, body: { oldPassword: initial, newPassword: 'Review#2026x' } })).data).toEqual({ stage: 'enrol' })

    const offer = await answerOf({ method: 'GET', url: '/api/admin/session/totp', token })
    expect(offer.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*reviewer\.wang\?.*secret=/)
    expect(offer.data.qrSvg).toMatch(/^<svg/)
    // A reload offers the same secret.
    expect((await answerOf({ method: 'GET', url: '/api/admin/session/totp', token })).data.secret).toBe(offer.data.secret)
    expect(await answerOf({ url: '/api/admin/session/totp', token, body: { code: '000000' } })).toMatchObject({ responseInfo: '动态验证码错误' })
    expect((await answerOf({ url: '/api/admin/session/totp', token, body: { code: currentCode(offer.data.secret) } })).data).toEqual({ stage: 'full' })
    expect((await answerOf({ method: 'GET', url: '/api/admin/applications', token })).resultStatus).toBe('00')

    // The next login needs the code, and a code is good once.
    expect(await answerOf({ url: '/api/admin/session', body: { username: 'reviewer.wang', password: 'Review#2026x' } })).toMatchObject({ responseInfo: '请输入动态验证码', data: { needCode: true } })
    const code = nextCode(offer.data.secret)
    const again = await answerOf({ url: '/api/admin/session', body: { username: 'reviewer.wang', password: 'Review#2026x', code } })
    expect(again.data).toMatchObject({ stage: 'full', mustChangePassword: false })
    const replay = await answerOf({ url: '/api/admin/session', body: { username: 'reviewer.wang', password: 'Review#2026x', code, n: 1 } })
    expect(replay.responseInfo).toBe('该动态验证码已使用，请等待下一个')

    // Logging out ends that session at once.
    expect((await answerOf({ method: 'DELETE', url: '/api/admin/session', token: again.data.token })).resultStatus).toBe('00')
    expect((await t.call({ method: 'GET', url: '/api/admin/me', token: again.data.token })).status).toBe(401)
  })

  it('answers an unknown name as a wrong password, and a disabled account only after the right one', async () => {
    const unknown = await answerOf({ url: '/api/admin/session', body: { username: 'nobody.here', password: 'Whatever#2026' } })
    const op = await enrolledOperator(t, ['auditor'])
    const wrong = await answerOf({ url: '/api/admin/session', body: { username: op.username, password: 'Whatever#2026' } })
    expect(unknown.responseInfo).toBe('用户名或密码错误')
    expect(wrong.responseInfo).toBe(unknown.responseInfo)

    await answerOf({ method: 'PATCH', url: `/api/admin/operators/${op.id}`, token: t.secrets.adminToken, body: { disabled: true } })
    // Disabling ends the sessions it had.
    expect((await t.call({ method: 'GET', url: '/api/admin/me', token: op.token })).status).toBe(401)
    expect((await answerOf({ url: '/api/admin/session', body: { username: op.username, password: op.password, code: nextCode(op.totpSecret) } })).responseInfo).toBe('账号已停用')
  })

  it('compares five of 100 wrong passwords sent at once and locks the account; the right one then waits out the lock', async () => {
    const op = await enrolledOperator(t, ['auditor'])
    const { result, compared } = await comparing('operators', () =>
      Promise.all(Array.from({ length: 100 }, (_, i) => loginOperator(t.db, t.app.trust.keys, { username: op.username, password: `Wrong#pass${i}` }).catch((e: Error) => e.message))),
    )
    expect(compared).toBe(5)
    expect(result.filter((message) => message === '用户名或密码错误')).toHaveLength(4)
    expect(result.filter((message) => message === '登录失败次数过多，请30分钟后再试')).toHaveLength(96)
    const right = await loginOperator(t.db, t.app.trust.keys, { username: op.username, password: op.password, code: nextCode(op.totpSecret) }).catch((e: Error) => e.message)
    expect(right).toBe('登录失败次数过多，请30分钟后再试')
  })

  it('compares five of 100 wrong codes sent at once with the right password, then refuses the right code too', async () => {
    const op = await enrolledOperator(t, ['auditor'])
    const { result, compared } = await comparing('operators.totp', () =>
      Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          loginOperator(t.db, t.app.trust.keys, { username: op.username, password: op.password, code: String(100000 + i) }).catch((e: Error) => e.message),
        ),
      ),
    )
    expect(compared).toBe(5)
    expect(result.filter((message) => message === '动态验证码错误').length).toBeLessThanOrEqual(4)
    expect(result.every((message) => typeof message === 'string')).toBe(true)
    const right = await loginOperator(t.db, t.app.trust.keys, { username: op.username, password: op.password, code: nextCode(op.totpSecret) }).catch((e: Error) => e.message)
    expect(right).toBe('登录失败次数过多，请30分钟后再试')
  })

  it('ends a session after 30 idle minutes, and slides the limit while it is used', async () => {
    const op = await enrolledOperator(t, ['auditor'])
    const now = Date.now()
    expect(await findOperator(t.db, op.token, new Date(now + IDLE_MS - 1000))).not.toBeNull()
    // That use slid the limit.
    expect(await findOperator(t.db, op.token, new Date(now + IDLE_MS + 60_000))).not.toBeNull()
    const [session] = await t.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, op.id))
    expect(await findOperator(t.db, op.token, new Date(session!.idleUntil.getTime() + 1))).toBeNull()
  })

  it('limits an API key to its roles and refuses it at once when revoked', async () => {
    const created = await answerOf({ url: '/api/admin/api-keys', token: t.secrets.adminToken, body: { name: '审核自动化', roles: ['reviewer'] } })
    const key = created.data.key as string
    expect(key).toMatch(/^sk_/)
    expect(created.data.apiKey).toMatchObject({ name: '审核自动化', roles: ['reviewer'], prefix: key.slice(0, 10) })
    // The list never shows the key again.
    const listed = await answerOf({ method: 'GET', url: '/api/admin/api-keys', token: t.secrets.adminToken })
    expect(JSON.stringify(listed)).not.toContain(key)

    expect((await answerOf({ method: 'GET', url: '/api/admin/applications', token: key })).resultStatus).toBe('00')
    const config = await t.call({ method: 'GET', url: '/api/admin/config', token: key })
    expect(config.status).toBe(403)
    expect(config.body.responseInfo).toBe('当前账号无权执行此操作')

    await answerOf({ method: 'DELETE', url: `/api/admin/api-keys/${created.data.apiKey.id}`, token: t.secrets.adminToken })
    expect((await t.call({ method: 'GET', url: '/api/admin/applications', token: key })).status).toBe(401)
  })

  it('refuses a user’s H5 session on the operator API and an operator’s session on the H5 API', async () => {
    const op = await enrolledOperator(t, operatorRoles.filter((role) => role !== 'admin'))
    const person = await t.loginPersonal('13800000001')
    expect((await t.call({ method: 'GET', url: '/api/admin/me', token: person })).status).toBe(401)
    expect((await t.call({ url: '/api/seal/queryPersonSeals', body: {}, token: op.token })).status).toBe(401)
  })

  it('writes every operator action into the audit log under the operator’s name', async () => {
    const op = await enrolledOperator(t, ['config'], { displayName: '赵配置' })
    expect((await answerOf({ method: 'PUT', url: '/api/admin/config', token: op.token, body: { scope: 'global', key: 'enable', value: true } })).resultStatus).toBe('00')
    // Written once the answer has gone (the guard's onResponse hook): looked for until it is there.
    const entry = async () =>
      (await t.db.select().from(auditEvents).where(and(eq(auditEvents.operatorId, op.id), eq(auditEvents.action, 'admin:PUT /api/admin/config'))).orderBy(desc(auditEvents.createdAt)).limit(1))[0]
    await expect.poll(entry).toMatchObject({ operatorName: '赵配置', action: 'admin:PUT /api/admin/config' })
  })

  it('writes refused actions too: a role that does not reach the route, and an input refused before a self-auditing handler ran', async () => {
    const latest = async (operatorId: string, action: string) =>
      (await t.db.select().from(auditEvents).where(and(eq(auditEvents.operatorId, operatorId), eq(auditEvents.action, action))).orderBy(desc(auditEvents.createdAt)).limit(1))[0]

    const auditor = await enrolledOperator(t, ['auditor'], { displayName: '钱审计' })
    const change = await t.call({ method: 'PUT', url: '/api/admin/config', token: auditor.token, body: { scope: 'global', key: 'enable', value: false } })
    expect(change.status).toBe(403)
    await expect.poll(() => latest(auditor.id, 'admin:PUT /api/admin/config')).toMatchObject({
      operatorName: '钱审计',
      detail: { statusCode: 403, resultStatus: '403', reason: '当前账号无权执行此操作' },
    })

    // The review route audits itself (review.decide); a body its schema refuses never reaches it.
    const reviewer = await enrolledOperator(t, ['reviewer'], { displayName: '孙审核' })
    const applicationId = '00000000-0000-4000-8000-000000000001'
    const invalid = await t.call({ url: `/api/admin/applications/${applicationId}/review`, token: reviewer.token, body: { decisions: [] } })
    expect(invalid.body).toMatchObject({ resultStatus: '400', responseInfo: '请对每一枚印章给出审核意见' })
    await expect.poll(() => latest(reviewer.id, 'admin:POST /api/admin/applications/:id/review')).toMatchObject({
      operatorName: '孙审核',
      target: applicationId,
      detail: { statusCode: 200, resultStatus: '400', reason: '请对每一枚印章给出审核意见' },
    })
    // One that reaches the handler is written once, by the handler, in its own words.
    const missing = await t.call({ url: `/api/admin/applications/${applicationId}/claim`, token: reviewer.token, body: {} })
    expect(missing.body.resultStatus).not.toBe('00')
    await expect.poll(() => latest(reviewer.id, 'review.claim.refused')).toMatchObject({ operatorName: '孙审核', target: applicationId })
    expect(await latest(reviewer.id, 'admin:POST /api/admin/applications/:id/claim')).toBeUndefined()
  })

  it('keeps one administrator in use', async () => {
    const list = await answerOf({ method: 'GET', url: '/api/admin/operators', token: t.secrets.adminToken })
    const admins = (list.data.list as { id: string; roles: string[]; disabled: boolean }[]).filter((o) => o.roles.includes('admin') && !o.disabled)
    expect(admins).toEqual([])
    const admin = await enrolledOperator(t, ['admin'])
    const refused = await answerOf({ method: 'PATCH', url: `/api/admin/operators/${admin.id}`, token: admin.token, body: { disabled: true } })
    expect(refused.responseInfo).toBe('至少保留一名在用的系统管理员')
  })

  /**
   * Every admin route of the OpenAPI document, called with a key of each role: refused (403) exactly to the
   * roles its family does not allow. A new admin route with no family here fails, so its roles are decided.
   */
  it('refuses every admin route to the roles that may not call it', async () => {
    const families: [RegExp, { read: readonly OperatorRole[]; write: readonly OperatorRole[] }][] = [
      [/^\/api\/admin\/(applications|offline-materials)/, { read: routeRoles.reviewRead, write: routeRoles.reviewWrite }],
      [/^\/api\/admin\/config/, { read: routeRoles.configRead, write: routeRoles.configWrite }],
      [/^\/api\/admin\/(platforms|webhook-deliveries)/, { read: routeRoles.platformRead, write: routeRoles.platformWrite }],
      [/^\/api\/admin\/seals/, { read: routeRoles.sealRead, write: routeRoles.sealWrite }],
      [/^\/api\/admin\/dashboard/, { read: routeRoles.reviewRead, write: [] }],
      [/^\/api\/admin\/audit/, { read: routeRoles.auditRead, write: [] }],
      [/^\/api\/admin\/(operators|api-keys|sandbox|units)/, { read: routeRoles.adminRead, write: routeRoles.adminWrite }],
      [/^\/api\/admin\/(session|me)/, { read: operatorRoles, write: operatorRoles }],
    ]
    const keys = new Map<OperatorRole, string>()
    for (const role of operatorRoles) {
      keys.set(role, (await answerOf({ url: '/api/admin/api-keys', token: t.secrets.adminToken, body: { name: `只有${role}`, roles: [role] } })).data.key)
    }
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> }
    const routes = Object.entries(docs.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })))
      .filter((route) => !(route.method === 'POST' && route.path === '/api/admin/session'))
    expect(routes.length).toBeGreaterThan(20)
    const wrong: string[] = []
    for (const route of routes) {
      const family = families.find(([pattern]) => pattern.test(route.path))
      if (!family) {
        wrong.push(`${route.method} ${route.path}: no family`)
        continue
      }
      const allowed = route.method === 'GET' ? family[1].read : family[1].write
      const url = route.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')
      for (const role of operatorRoles) {
        // Logging out would end nothing (keys have no session); everything else is sent as is.
        const answer = await t.app.inject({ method: route.method as 'GET', url, headers: { authorization: `Bearer ${keys.get(role)}` }, payload: route.method === 'GET' ? undefined : {} })
        const refused = answer.statusCode === 403 || answer.statusCode === 401
        if (refused === allowed.includes(role)) wrong.push(`${route.method} ${route.path} as ${role}: ${answer.statusCode}`)
      }
    }
    expect(wrong).toEqual([])
  })
})
