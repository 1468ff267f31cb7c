import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SmsProvider } from '../identity/sms-provider.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { sendAuthExpiryNotices } from './expiry-notices.ts'
import { sealAuths } from '../seals/tables.ts'
import { accept, callAs, grant, idNumber, personFor, sceneFor, type Scene } from './test-support.ts'

const DAY = 86_400_000

/**
 * The SMS before an authorisation ends (issue #11): its seal user is told once, when it enters the window of
 * `authWillExpireDays` (7 by default, per unit), whatever number of processes run the job at once.
 */
describe('telling a seal user their authorisation ends soon', () => {
  let t: TestApp
  let call: ReturnType<typeof callAs>
  let scene: Scene
  let other: Scene
  let n = 0
  const person = (name: string) => personFor(t, { name, identityNo: idNumber(860 + ++n) })
  const warnings: string[] = []
  const run = (now = new Date(), sms: SmsProvider = t.app.providers.sms) =>
    sendAuthExpiryNotices({ db: t.db, sms, now, warn: (message) => warnings.push(message) })
  /** The expiry notices a phone got (the sandbox outbox). */
  const noticesTo = async (phone: string) =>
    ((await call(undefined, '/dev/sms-outbox')).body.data as { phone: string; text: string }[]).filter((m) => m.phone === phone && m.text.includes('到期'))
  const config = (method: 'PUT' | 'DELETE', payload: object) =>
    t.app.inject({ method, url: '/api/admin/config', payload, headers: { authorization: `Bearer ${t.secrets.adminToken}` } })

  beforeAll(async () => {
    t = await startTestApp()
    call = callAs(t)
    scene = await sceneFor(t, 61)
    other = await sceneFor(t, 62)
  })
  afterAll(() => t.close())

  it('sends one SMS to the seal user of an authorisation ending within 7 days, however many runs race', async () => {
    const employee = await person('吴将到期')
    const authId = await grant(t, scene, employee, { days: 5 })
    await accept(t, employee, authId, scene.sealId)
    const lasting = await person('郑还长久')
    await accept(t, lasting, await grant(t, scene, lasting, { days: 30 }), scene.sealId)
    const waiting = await person('冯未接受')
    await grant(t, scene, waiting, { days: 3 })
    const revoked = await person('陈已解除')
    const revokedAuth = await grant(t, scene, revoked, { days: 3 })
    await accept(t, revoked, revokedAuth, scene.sealId)
    expect((await call(scene.enterprise, '/sealAuth/cancelAuth', { authId: revokedAuth })).body.resultStatus).toBe('00')

    // Five runs at once (as five processes would): one SMS.
    const runs = await Promise.all([run(), run(), run(), run(), run()])
    expect(runs.reduce((total, r) => total + r.sent, 0)).toBe(1)
    const [notice, ...more] = await noticesTo(employee.phone)
    expect(more).toEqual([])
    expect(notice!.text).toMatch(new RegExp(`^【电子印章】您被授权使用的电子印章“${scene.unit.name}合同专用章”将于\\d{4}-\\d{2}-\\d{2}到期，到期后将不能使用`))
    const [row] = await t.db.select().from(sealAuths).where(eq(sealAuths.id, authId))
    expect(row!.expiryNoticeSentAt).toBeInstanceOf(Date)
    // Once: later runs send nothing more; the waiting, the revoked and the 30-day ones are not told.
    expect((await run()).sent).toBe(0)
    for (const who of [lasting, waiting, revoked]) expect(await noticesTo(who.phone)).toEqual([])

    // 24 days on, the 30-day authorisation enters its last 7 days: its seal user is told then, once.
    const later = new Date(Date.now() + 24 * DAY)
    expect((await run(later)).sent).toBe(1)
    expect(await noticesTo(lasting.phone)).toHaveLength(1)
    expect((await run(later)).sent).toBe(0)
  })

  it('follows the unit’s window, and tries again after a gateway failure', async () => {
    const employee = await person('褚二十天')
    const authId = await grant(t, other, employee, { days: 20 })
    await accept(t, employee, authId, other.sealId)
    expect((await run()).sent).toBe(0)

    const scope = `unit:${other.unit.socialCreditCode}`
    await config('PUT', { scope, key: 'authWillExpireDays', value: 30 })
    try {
      // The gateway fails: nothing is marked sent, and the failure is reported.
      const down: SmsProvider = { kind: 'http', send: async () => Promise.reject(new Error('gateway down')) }
      expect((await run(new Date(), down)).sent).toBe(0)
      expect(warnings).toContain('授权到期提醒短信发送失败')
      expect((await t.db.select().from(sealAuths).where(eq(sealAuths.id, authId)))[0]!.expiryNoticeSentAt).toBeNull()
      // The next run, the gateway back, tells them.
      expect((await run()).sent).toBe(1)
      expect(await noticesTo(employee.phone)).toHaveLength(1)
    } finally {
      await config('DELETE', { scope, key: 'authWillExpireDays' })
    }
  })
})
