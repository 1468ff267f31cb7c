import { and, eq } from 'drizzle-orm'
import type { DashboardAnswer } from '@seal/shared/api/console'
import { beijingDate } from '@seal/shared/text/beijing-time'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { linkChains } from '../audit-trail.ts'
import { findCaller } from '../auth/sessions.ts'
import { sealBindings } from '../bindings/tables.ts'
import { platforms, webhookDeliveries } from '../platforms/tables.ts'
import { sealUseRecords } from '../records/tables.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor } from '../test/seals.ts'
import { applicantFor, creditCode, idNumber, insertApplication } from '../test/unit-applications.ts'
import { openssl } from '../trust/testing.ts'
import { unitApplications } from '../unit-apply/tables.ts'
import { dashboard } from './dashboard.ts'
import { dashboardDays } from './tables.ts'

const HOUR = 3_600_000
const alice = { phone: '13700000061', name: '欧阳控台', identityNo: idNumber(611) }
const bob = { phone: '13700000062', name: '司马查询', identityNo: idNumber(612) }

describe('the console reads: seals, dashboard, audit log, use records, sandbox registries', () => {
  let t: TestApp
  let aliceSeal: { id: string; code: string; serial: string }
  let bobSeal: { id: string; code: string }
  let alicePersonId: string
  let platformId: string
  const admin = (url: string, method: 'GET' | 'POST' = 'GET', body?: unknown) =>
    t.call({ method, url, body, token: t.secrets.adminToken })

  /** The start-up key as the audit log names it (GET /admin/me). */
  let startupKey: { id: string; name: string }
  beforeAll(async () => {
    t = await startTestApp()
    startupKey = (await t.call({ method: 'GET', url: '/api/admin/me', token: t.secrets.adminToken })).body.data
    const aliceToken = await t.loginPersonal(alice.phone, alice)
    const bobToken = await t.loginPersonal(bob.phone, bob)
    alicePersonId = (await findCaller(t.db, aliceToken))!.person.id
    const made = await personalSealFor(t, aliceToken, { pin: 'seal2026' })
    aliceSeal = { id: made.seal.id, code: made.seal.sealCode, serial: made.credential.serialNumber }
    const bobMade = await personalSealFor(t, bobToken, { pin: 'seal2026' })
    bobSeal = { id: bobMade.seal.id, code: bobMade.seal.sealCode }

    // Alice's seal is bound to a platform and has used three times: twice by herself, once by the platform.
    const [platform] = await t.db
      .select({ id: platforms.id, name: platforms.clientName })
      .from(platforms)
      .limit(1)
    platformId = platform!.id
    await t.db
      .update(platforms)
      .set({ webhookUrl: 'http://127.0.0.1:9/hook' })
      .where(eq(platforms.id, platformId))
    await t.db
      .insert(sealBindings)
      .values({ sealId: aliceSeal.id, platformId, personId: alicePersonId, useType: '2' })
    const use = (fileName: string, minutesAgo: number, byPlatform = false) => ({
      sealId: aliceSeal.id,
      userPersonId: byPlatform ? null : alicePersonId,
      userName: byPlatform ? null : alice.name,
      fileName,
      documentSha256: 'ab'.repeat(32),
      platformId: byPlatform ? platformId : null,
      platformName: byPlatform ? platform!.name : null,
      remark: '=HYPERLINK("x")',
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    await t.db
      .insert(sealUseRecords)
      .values([use('采购合同.pdf', 30), use('租赁协议.pdf', 20), use('平台合同.pdf', 10, true)])
    await t.db
      .insert(sealUseRecords)
      .values({ ...use('别人的合同.pdf', 5), sealId: bobSeal.id, userName: bob.name, userPersonId: null })
  })
  afterAll(() => t.close())

  describe('seals', () => {
    it('finds a seal by a part of its holder’s name, by ID number, by code, by id and by status', async () => {
      const found = async (query: string) =>
        (await admin(`/api/admin/seals?${query}`)).body.data.records.map((r: { id: string }) => r.id)
      expect(await found(`personName=${encodeURIComponent('控台')}`)).toEqual([aliceSeal.id])
      expect(await found(`identityNo=${bob.identityNo}`)).toEqual([bobSeal.id])
      expect(await found(`sealCode=${aliceSeal.code}`)).toEqual([aliceSeal.id])
      expect(await found(`sealId=${bobSeal.id}&status=1`)).toEqual([bobSeal.id])
      expect(await found(`sealId=${bobSeal.id}&status=2`)).toEqual([])
      // The demo unit's legal representative holds none of these.
      expect(await found(`personName=${encodeURIComponent('没有这个人')}`)).toEqual([])
    })

    it('pages newest first, each page after the last seal of the one before', async () => {
      const first = await admin('/api/admin/seals?pageSize=1')
      expect(first.body.resultStatus).toBe('00')
      expect(first.body.data.records.map((r: { id: string }) => r.id)).toEqual([bobSeal.id])
      expect(first.body.data.hasMore).toBe(true)
      const second = await admin(`/api/admin/seals?pageSize=1&lastId=${first.body.data.lastId}`)
      expect(second.body.data.records[0]).toMatchObject({
        id: aliceSeal.id,
        holderName: alice.name,
        ownerKind: 'person',
        status: '1',
      })
      expect(second.body.data.records[0].pictureUrl).toMatch(/^\/api\/seal\/picture\//)
      const picture = await t.app.inject({ method: 'GET', url: second.body.data.records[0].pictureUrl })
      expect(picture.headers['content-type']).toBe('image/png')
    })

    it('shows a seal with its certificate, bindings and latest uses', async () => {
      const detail = await admin(`/api/admin/seals/${aliceSeal.id}`)
      expect(detail.body.resultStatus).toBe('00')
      const data = detail.body.data
      expect(data.holder).toMatchObject({
        name: alice.name,
        identityNo: alice.identityNo,
        phone: alice.phone,
        verified: true,
      })
      expect(data.unit).toBeNull()
      expect(data.certificates).toHaveLength(1)
      expect(data.certificates[0]).toMatchObject({
        serialNumber: aliceSeal.serial,
        status: 'active',
        revokedAt: null,
      })
      expect(data.certificates[0].subject).toContain(alice.name)
      expect(data.certificates[0].issuer).toMatch(/CN=/)
      expect(data.bindings).toEqual([
        expect.objectContaining({ platformId, personName: alice.name, bindState: '1' }),
      ])
      expect(data.latestUses.map((u: { fileName: string }) => u.fileName)).toEqual([
        '平台合同.pdf',
        '租赁协议.pdf',
        '采购合同.pdf',
      ])
    })

    it('answers an unknown seal as not found, and a bad filter with its message', async () => {
      expect((await admin('/api/admin/seals/no-such-seal')).body).toMatchObject({
        resultStatus: '404',
        responseInfo: '印章不存在',
      })
      expect((await admin('/api/admin/seals?status=x')).body).toMatchObject({
        resultStatus: '400',
        responseInfo: '印章状态不正确',
      })
      expect((await admin('/api/admin/seals?pageSize=1000')).body.resultStatus).toBe('400')
    })

    it('revokes a seal with a reason: the CRL lists it, its bindings end and the platform is told, the audit log names the operator', async () => {
      expect(
        (await admin(`/api/admin/seals/${aliceSeal.id}/revoke`, 'POST', { reason: ' ' })).body,
      ).toMatchObject({
        resultStatus: '400',
        responseInfo: '请填写注销原因',
      })
      // CRL times are whole seconds.
      await new Promise((resolve) => setTimeout(resolve, 1100))
      const answer = await admin(`/api/admin/seals/${aliceSeal.id}/revoke`, 'POST', {
        reason: '持有人申请，经核实注销',
      })
      expect(answer.body).toMatchObject({
        resultStatus: '00',
        data: { sealId: aliceSeal.id, revokedSerialNumbers: [aliceSeal.serial] },
      })

      const detail = (await admin(`/api/admin/seals/${aliceSeal.id}`)).body.data
      expect(detail.seal).toMatchObject({ status: '2', failureReason: '持有人申请，经核实注销' })
      expect(detail.certificates[0]).toMatchObject({
        status: 'revoked',
        revocationReason: '持有人申请，经核实注销',
      })
      expect(detail.bindings[0]).toMatchObject({ bindState: '0' })
      const told = await t.db
        .select({ event: webhookDeliveries.event })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.platformId, platformId))
      expect(told).toContainEqual({ event: 'seal.cancelled' })
      const crl = await t.app.inject({ method: 'GET', url: '/api/trust/crl' })
      expect(
        openssl(['crl', '-inform', 'DER', '-in', 'crl.der', '-text', '-noout'], {
          'crl.der': crl.rawPayload,
        }),
      ).toContain(`Serial Number: ${aliceSeal.serial.toUpperCase()}`)

      const audit = await admin(`/api/admin/audit/events?action=seal.revoked&target=${aliceSeal.id}`)
      expect(audit.body.data.records).toEqual([
        expect.objectContaining({
          operatorName: startupKey.name,
          operatorId: startupKey.id,
          detail: expect.objectContaining({ reason: '持有人申请，经核实注销' }),
        }),
      ])
      expect(
        (await admin(`/api/admin/seals/${aliceSeal.id}/revoke`, 'POST', { reason: '再次注销' })).body,
      ).toMatchObject({
        resultStatus: '10000',
        responseInfo: '该印章已注销',
      })
      expect(
        (await admin('/api/admin/seals/no-such-seal/revoke', 'POST', { reason: '注销' })).body.resultStatus,
      ).toBe('404')
    })
  })

  describe('audit log', () => {
    it('finds what a person did by phone, ID number or name, what an operator did by name, newest first', async () => {
      const actions = async (query: string) =>
        (await admin(`/api/admin/audit/events?${query}`)).body.data.records
      const byPhone = await actions(`who=${alice.phone}`)
      expect(byPhone.length).toBeGreaterThan(0)
      expect(byPhone.every((e: { personName: string }) => e.personName === alice.name)).toBe(true)
      expect(await actions(`who=${alice.identityNo}`)).toEqual(byPhone)
      expect(await actions(`who=${encodeURIComponent(alice.name)}`)).toEqual(byPhone)
      // Pages of one are settled by walking the log newest first (two matches among the newest entries, as
      // for a common name): the same entries in the same order, page after page.
      const walked: unknown[] = []
      for (let lastId = ''; ; ) {
        const page = (await admin(`/api/admin/audit/events?who=${encodeURIComponent(alice.name)}&pageSize=1${lastId && `&lastId=${lastId}`}`)).body.data
        walked.push(...page.records)
        if (!page.lastId) break
        lastId = page.lastId
      }
      expect(walked).toEqual(byPhone)
      const times = byPhone.map((e: { createdAt: number }) => e.createdAt)
      expect(times).toEqual([...times].sort((a, b) => b - a))
      const byOperator = await actions(`who=${encodeURIComponent(startupKey.name)}`)
      expect(byOperator.map((e: { action: string }) => e.action)).toContain('seal.revoked')
      expect(await actions('who=nobody-at-all')).toEqual([])
    })

    it('filters by action prefix and period, pages by the last entry, and shows each entry’s place in the chain', async () => {
      await linkChains(t.db)
      const logins = (await admin('/api/admin/audit/events?action=login.&pageSize=100')).body.data.records
      expect(logins.length).toBeGreaterThanOrEqual(2)
      expect(logins.every((e: { action: string }) => e.action.startsWith('login.'))).toBe(true)
      expect(logins.every((e: { chainSeq: number | null }) => typeof e.chainSeq === 'number')).toBe(true)
      // The chain order follows the list: newer entries sit further along it.
      const seqs = logins.map((e: { chainSeq: number }) => e.chainSeq)
      expect(seqs).toEqual([...seqs].sort((a, b) => b - a))

      const first = (await admin('/api/admin/audit/events?action=login.&pageSize=1')).body.data
      const second = (await admin(`/api/admin/audit/events?action=login.&pageSize=1&lastId=${first.lastId}`))
        .body.data
      expect([first.records[0].id, second.records[0].id]).toEqual([logins[0].id, logins[1].id])

      const future = Date.now() + HOUR
      expect((await admin(`/api/admin/audit/events?from=${future}`)).body.data.records).toEqual([])
      expect((await admin(`/api/admin/audit/events?from=${future}&to=${future - 1}`)).body).toMatchObject({
        resultStatus: '400',
        responseInfo: '开始时间须早于结束时间',
      })
      // A LIKE wildcard typed by the operator matches itself.
      expect((await admin('/api/admin/audit/events?action=%25')).body.data.records).toEqual([])
    })

    it('exports the same search as CSV with a byte-order mark, Chinese intact', async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit/events/export?action=seal.revoked',
        headers: { authorization: `Bearer ${t.secrets.adminToken}` },
      })
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
      expect(answer.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('审计日志.csv')}`,
      )
      const bytes = answer.rawPayload
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n')
      expect(lines[0]).toBe('链序号,时间,操作,对象,操作员,操作员ID,用户,账户ID,IP,详情,条目哈希,ID')
      expect(lines).toHaveLength(2)
      expect(lines[1]).toContain(`seal.revoked,${aliceSeal.id},${startupKey.name}`)
      expect(lines[1]).toContain('持有人申请，经核实注销')
    })

    it('refuses a filter the database cannot hold (a NUL byte) before the CSV starts, as the list does', async () => {
      for (const url of ['/api/admin/audit/events/export?who=%00', '/api/admin/audit/use-records/export?person=a%00b']) {
        const answer = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.secrets.adminToken}` } })
        expect(answer.headers['content-type'], url).toContain('application/json')
        expect(answer.json(), url).toMatchObject({ resultStatus: '400', responseInfo: '参数包含无效字符' })
      }
    })

    it('is for auditors and administrators: the export refuses a caller without an operator key', async () => {
      const answer = await t.app.inject({ method: 'GET', url: '/api/admin/audit/events/export' })
      expect(answer.statusCode).toBe(401)
    })
  })

  describe('use records', () => {
    const records = async (query: string) =>
      (await admin(`/api/admin/audit/use-records?${query}`)).body.data.records.map(
        (r: { fileName: string }) => r.fileName,
      )

    it('finds uses by seal, by the user’s ID number or name, by platform and by period, newest first', async () => {
      expect(await records(`sealId=${aliceSeal.id}`)).toEqual([
        '平台合同.pdf',
        '租赁协议.pdf',
        '采购合同.pdf',
      ])
      expect(await records(`person=${alice.identityNo}`)).toEqual(['租赁协议.pdf', '采购合同.pdf'])
      expect(await records(`person=${encodeURIComponent('查询')}`)).toEqual(['别人的合同.pdf'])
      expect(await records(`platformId=${platformId}`)).toEqual(['平台合同.pdf'])
      expect(await records(`from=${Date.now() - 25 * 60_000}&to=${Date.now() - 7 * 60_000}`)).toEqual([
        '平台合同.pdf',
        '租赁协议.pdf',
      ])
    })

    it('pages by the last record and shows the chain position once linked', async () => {
      await linkChains(t.db)
      const first = (await admin(`/api/admin/audit/use-records?sealId=${aliceSeal.id}&pageSize=2`)).body.data
      expect(first.hasMore).toBe(true)
      expect(first.records.every((r: { chainSeq: number | null }) => typeof r.chainSeq === 'number')).toBe(
        true,
      )
      const second = (
        await admin(`/api/admin/audit/use-records?sealId=${aliceSeal.id}&pageSize=2&lastId=${first.lastId}`)
      ).body.data
      expect(second).toMatchObject({ hasMore: false, lastId: null })
      expect(second.records.map((r: { fileName: string }) => r.fileName)).toEqual(['采购合同.pdf'])
    })

    it('exports as CSV, a cell that Excel would run as a formula written as text', async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/admin/audit/use-records/export?sealId=${aliceSeal.id}`,
        headers: { authorization: `Bearer ${t.secrets.adminToken}` },
      })
      const lines = answer.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n')
      expect(lines[0]?.split(',')[2]).toBe('印章名称')
      expect(lines).toHaveLength(4)
      expect(lines[1]).toContain('平台合同.pdf')
      expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`)
    })
  })

  describe('dashboard', () => {
    it('counts applications by status, seals made and uses per day, and review waiting times', async () => {
      const applicant = await applicantFor(t, {
        name: '赵看板',
        identityNo: idNumber(61),
        phone: '13700000063',
      })
      const legal = { name: '赵看板', identityNo: idNumber(61), phone: '13700000063' }
      const unit = (n: number) => ({ name: `看板测试第${n}有限公司`, socialCreditCode: creditCode(6100 + n) })
      const now = Date.now()
      // Two waiting (for 2 h and 4 h); one decided 3 h after it was submitted.
      for (const hours of [2, 4]) {
        const made = await insertApplication(t, {
          applicant,
          unit: unit(hours),
          legal,
          seals: [{ sealTypeCode: '01' }],
        })
        await t.db
          .update(unitApplications)
          .set({ submittedAt: new Date(now - hours * HOUR) })
          .where(eq(unitApplications.id, made.id))
      }
      const decided = await insertApplication(t, {
        applicant,
        unit: unit(9),
        legal,
        seals: [{ sealTypeCode: '01' }],
        status: 'APPLY_SUCCESS',
      })
      await t.db
        .update(unitApplications)
        .set({ submittedAt: new Date(now - 5 * HOUR), reviewedAt: new Date(now - 2 * HOUR) })
        .where(eq(unitApplications.id, decided.id))

      const answer = await admin('/api/admin/dashboard')
      expect(answer.body.resultStatus).toBe('00')
      const data = answer.body.data
      expect(data.applicationsByStatus).toEqual(
        expect.arrayContaining([
          { status: 'PENDING_REVIEW', count: 2 },
          { status: 'APPLY_SUCCESS', count: 1 },
        ]),
      )
      expect(data.sealsIssuedPerDay).toHaveLength(30)
      expect(data.sealsIssuedPerDay.at(-1).count).toBe(2)
      expect(data.usesPerDay.reduce((sum: number, day: { count: number }) => sum + day.count, 0)).toBe(4)
      expect(data.review.waiting.count).toBe(2)
      expect(data.review.waiting.p50Ms).toBeGreaterThan(3 * HOUR - 60_000)
      expect(data.review.waiting.p50Ms).toBeLessThan(3 * HOUR + 60_000)
      expect(data.review.decided).toMatchObject({ count: 1, p50Ms: 3 * HOUR, p90Ms: 3 * HOUR })
    })

    it('keeps the count of a day that is over once it is counted, and counts today as uses come', async () => {
      const DAY = 24 * HOUR
      const use = (at: Date) => ({
        sealId: aliceSeal.id,
        userPersonId: alicePersonId,
        userName: alice.name,
        fileName: '看板.pdf',
        documentSha256: 'cd'.repeat(32),
        createdAt: at,
      })
      // Uses three days ago, on a service where no reading has counted that day yet (the test above read the
      // dashboard, and a settled day's count is final: no use is ever written into the past).
      await t.db.delete(dashboardDays)
      await t.db.insert(sealUseRecords).values([use(new Date(Date.now() - 3 * DAY)), use(new Date(Date.now() - 3 * DAY))])
      const day = beijingDate(Date.now() - 3 * DAY)
      const countOf = (answer: DashboardAnswer, which: string) => answer.usesPerDay.find((d) => d.day === which)!.count

      const first = await dashboard(t.db)
      expect(countOf(first, day)).toBe(2)
      const [kept] = await t.db
        .select()
        .from(dashboardDays)
        .where(and(eq(dashboardDays.figure, 'uses'), eq(dashboardDays.day, day)))
      expect(kept?.count).toBe(2)

      await t.db.insert(sealUseRecords).values(use(new Date()))
      const second = await dashboard(t.db)
      expect(second.usesPerDay.at(-1)!.count).toBe(first.usesPerDay.at(-1)!.count + 1)
      expect(countOf(second, day)).toBe(2)
    })
  })

  describe('sandbox registries', () => {
    it('lists the sandbox units and persons with a keyword, a page at a time', async () => {
      const units = await admin('/api/admin/sandbox/enterprises?pageSize=2')
      expect(units.body.data.records).toHaveLength(2)
      expect(units.body.data.hasMore).toBe(true)
      const next = await admin(`/api/admin/sandbox/enterprises?pageSize=2&lastId=${units.body.data.lastId}`)
      expect(next.body.data.records[0].socialCreditCode > units.body.data.lastId).toBe(true)
      const demo = await admin(`/api/admin/sandbox/enterprises?keyword=${encodeURIComponent('示例科技')}`)
      expect(demo.body.data.records.map((r: { socialCreditCode: string }) => r.socialCreditCode)).toContain(
        '91110108MA01ABCDEN',
      )

      const persons = await admin(`/api/admin/sandbox/persons?keyword=${alice.phone}`)
      expect(persons.body.data.records).toEqual([
        expect.objectContaining({
          phone: alice.phone,
          name: alice.name,
          identityNo: alice.identityNo,
          outcome: 'normal',
        }),
      ])
    })
  })
})

describe('sandbox registry lists without sandbox providers', () => {
  it('are not there when verification and the real-name check go to vendors', async () => {
    const t = await startTestApp({
      env: {
        ENTERPRISE_VERIFY_PROVIDER: 'http',
        ENTERPRISE_VERIFY_URL: 'http://127.0.0.1:9/verify',
        ENTERPRISE_VERIFY_KEY: 'vendor-key',
        REAL_NAME_PROVIDER: 'http',
        REAL_NAME_PROVIDER_URL: 'http://127.0.0.1:9/real-name',
        REAL_NAME_PROVIDER_KEY: 'vendor-key',
      },
    })
    try {
      for (const url of ['/api/admin/sandbox/enterprises', '/api/admin/sandbox/persons']) {
        const answer = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${t.secrets.adminToken}` },
        })
        expect(answer.statusCode).toBe(404)
      }
    } finally {
      await t.close()
    }
  })
})
