import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindingMessages } from '@seal/shared/api/binding'
import { sealAuthMessages } from '@seal/shared/api/seal-auth'
import { platforms, webhookDeliveries } from '../platforms/tables.ts'
import { handwritingSamples } from '../signing/handwriting-tables.ts'
import { accept, callAs, grant, idNumber, personFor, sceneFor, verifySignature, writerOf, SEAL_PIN, USE_PASSWORD, type Scene } from '../seal-auth/test-support.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor } from '../test/seals.ts'
import type { TestPerson } from '../unit-apply/test-support.ts'
import { sealBindings } from './tables.ts'

const PIN = 'abc12345'
const base = '/paas-composite-seal/sealBind'

describe('binding seals to platforms', () => {
  let t: TestApp
  let call: ReturnType<typeof callAs>
  let scene: Scene
  let holder: TestPerson
  let nameSealId: string
  let manager: TestPerson
  let signer: TestPerson
  let user: TestPerson
  let stranger: TestPerson
  let platformIds: Record<string, string>
  let n = 0
  const person = (name: string) => personFor(t, { name, identityNo: idNumber(600 + ++n) })

  const tokenFor = async (who: TestPerson | string, platformId: string) => {
    const answer = await call(typeof who === 'string' ? who : who.token, `${base}/platform/token`, { id: platformId })
    expect(answer.body.resultStatus, answer.body.responseInfo).toBe('00')
    return answer.body.data.accessToken as string
  }
  const bind = async (who: TestPerson, body: { platformId: string; sealId: string; password?: string; signatureId?: string; recordId?: string; extra?: object }) => {
    const accessToken = await tokenFor(who, body.platformId)
    const path = body.recordId ? 'rebind' : 'sealVerifyAndReturnSealInfo'
    return call(who.token, `${base}/${path}`, { id: body.platformId, sealId: body.sealId, password: body.password, signatureId: body.signatureId, recordId: body.recordId, identityType: '111', accessToken, ...body.extra })
  }
  const records = async (token: string, query: object = {}) => {
    const answer = await call(token, `${base}/queryBindSealLogList`, { currentPage: 1, pageSize: 10, ...query })
    expect(answer.body.resultStatus, answer.body.responseInfo).toBe('00')
    return answer.body.data as { list: { id: string; sealId: string; bindState: number; clientName: string; personName: string; bindPassword: string; cancelUseType: number; canRebind: boolean }[]; total: number }
  }
  const eventsOf = (platformId: string) => t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.platformId, platformId))

  beforeAll(async () => {
    t = await startTestApp()
    call = callAs(t)
    scene = await sceneFor(t, 41)
    holder = await person('赵绑定')
    nameSealId = (await personalSealFor(t, holder.token, { pin: PIN })).seal.id
    manager = await person('钱管理')
    signer = await person('孙签名')
    user = await person('李用章')
    stranger = await person('周路人')
    await accept(t, manager, await grant(t, scene, manager, { authUseType: 2 }), scene.sealId)
    await accept(t, signer, await grant(t, scene, signer, { authUseType: 2, useType: 1 }), scene.sealId, { useType: 1 })
    await accept(t, user, await grant(t, scene, user), scene.sealId)
    const list = (await call(holder.token, `${base}/platform/config`, {})).body.data as { id: string; clientName: string }[]
    platformIds = Object.fromEntries(list.map((p) => [p.clientName, p.id]))
    // The procurement platform takes webhooks, so each binding change queues an event for it.
    await t.db.update(platforms).set({ webhookUrl: 'http://127.0.0.1:9/hook' }).where(eq(platforms.id, platformIds['政府采购电子交易平台']!))
  })
  afterAll(() => t.close())

  it('lists the platforms with their usage notes and counts, and finds one by its full name', async () => {
    const all = await call(holder.token, `${base}/platform/config`, { identityType: '111' })
    expect(all.body.data.map((p: { clientName: string }) => p.clientName)).toEqual(['政府采购电子交易平台', '电子税务局', '政务服务网'])
    expect(all.body.data[0]).toMatchObject({ platformType: '1', totality: 20, alreadyBind: 0, usageNotes: '用于投标文件、合同的电子签章' })
    const found = await call(holder.token, `${base}/platform/config`, { clientName: '电子税务局' })
    expect(found.body.data).toMatchObject([{ clientName: '电子税务局', totality: 10 }])
    expect((await call(holder.token, `${base}/platform/config`, { clientName: '不存在的平台' })).body.data).toEqual([])
    expect((await call(undefined, `${base}/platform/config`, {})).status).toBe(401)
    // A token for a platform that is not configured is refused with the spec's words.
    expect((await call(holder.token, `${base}/platform/token`, { id: 'nope' })).body.responseInfo).toBe('未找到指定平台配置项，请确认')
  })

  it('binds the holder’s name seal with the seal password; the seal is then shown as bound to that platform', async () => {
    const platformId = platformIds['政府采购电子交易平台']!
    const before = (await call(holder.token, '/sealBind/queryCanBind', { queryAvailable: true, id: platformId })).body.data
    expect(before).toMatchObject([{ businessName: '赵绑定', list: [{ id: nameSealId, sealTypeCode: '1000', useType: 2, lawPersonFlag: 1, role: 1, selection: 2, recordId: null }] }])

    const bound = await bind(holder, { platformId, sealId: nameSealId, password: PIN })
    expect(bound.body.resultStatus, bound.body.responseInfo).toBe('00')
    expect(bound.body.responseInfo).toBe('绑定成功')
    expect(bound.body.data).toMatchObject({ sealId: nameSealId, clientName: '政府采购电子交易平台', bindState: 1, useType: 2 })

    const after = (await call(holder.token, '/sealBind/queryCanBind', { id: platformId })).body.data
    expect(after[0].list[0]).toMatchObject({ selection: 1, recordId: bound.body.data.recordId })
    const config = (await call(holder.token, `${base}/platform/config`, { clientName: '政府采购电子交易平台' })).body.data
    expect(config[0].alreadyBind).toBe(1)
    const events = await eventsOf(platformId)
    expect(events.map((e) => e.event)).toEqual(['binding.created'])
    expect(events[0]!.payload).toMatchObject({ bindingId: bound.body.data.recordId, sealId: nameSealId, holderName: '赵绑定', bindState: '1' })

    // Binding it again to the same platform is refused before any password is taken.
    expect((await bind(holder, { platformId, sealId: nameSealId, password: 'wrong999' })).body.responseInfo).toBe(bindingMessages.alreadyBound)
  })

  it('counts a wrong password and binds nothing; no password at all costs no attempt', async () => {
    const platformId = platformIds['电子税务局']!
    const empty = await bind(holder, { platformId, sealId: nameSealId })
    expect(empty.body.responseInfo).toBe(bindingMessages.passwordRequired)
    const wrong = await bind(holder, { platformId, sealId: nameSealId, password: 'abc99999' })
    expect(wrong.body.responseInfo).toBe('印章密码错误，还可尝试4次')
    expect(await t.db.$count(sealBindings, and(eq(sealBindings.sealId, nameSealId), eq(sealBindings.platformId, platformId)))).toBe(0)
    // A right one gives the attempts back.
    expect((await bind(holder, { platformId, sealId: nameSealId, password: PIN })).body.resultStatus).toBe('00')
  })

  it('refuses a token of another platform or another session', async () => {
    const platformId = platformIds['政务服务网']!
    const otherPlatformToken = await tokenFor(holder, platformIds['电子税务局']!)
    const wrongPlatform = await call(holder.token, `${base}/sealVerifyAndReturnSealInfo`, { id: platformId, sealId: nameSealId, password: PIN, accessToken: otherPlatformToken })
    expect(wrongPlatform.body.responseInfo).toBe(bindingMessages.tokenInvalid)
    const strangersToken = await tokenFor(stranger, platformId)
    const borrowed = await call(holder.token, `${base}/sealVerifyAndReturnSealInfo`, { id: platformId, sealId: nameSealId, password: PIN, accessToken: strangersToken })
    expect(borrowed.body.responseInfo).toBe(bindingMessages.tokenInvalid)
  })

  it('lets a manager with the handwriting method bind the unit seal with a signature written just now, not another hand', async () => {
    const platformId = platformIds['政府采购电子交易平台']!
    const offered = (await call(signer.token, '/sealBind/queryCanBind', { id: platformId })).body.data
    expect(offered).toMatchObject([{ businessName: scene.unit.name, socialCreditCode: scene.unit.socialCreditCode, list: [{ id: scene.sealId, role: 2, useType: 1, lawPersonFlag: 0, selection: 2 }] }])

    expect((await bind(signer, { platformId, sealId: scene.sealId })).body.responseInfo).toBe(sealAuthMessages.signatureRequired)
    const forged = await verifySignature(t, signer, 4242)
    expect((await bind(signer, { platformId, sealId: scene.sealId, signatureId: forged.signatureId })).body.responseInfo).toBe(sealAuthMessages.signatureMismatch)
    const own = await verifySignature(t, signer, writerOf(signer))
    expect(own.pass).toBe(true)
    const bound = await bind(signer, { platformId, sealId: scene.sealId, signatureId: own.signatureId })
    expect(bound.body.resultStatus, bound.body.responseInfo).toBe('00')
    expect(bound.body.data).toMatchObject({ useType: 1, sealId: scene.sealId })
  })

  it('keeps authorised users (role 3) and strangers from binding, cancelling or seeing bindings', async () => {
    const platformId = platformIds['电子税务局']!
    expect((await call(user.token, '/sealBind/queryCanBind', { id: platformId })).body.data).toEqual([])
    expect((await bind(user, { platformId, sealId: scene.sealId, password: USE_PASSWORD })).body.responseInfo).toBe(bindingMessages.useOnly)
    expect((await bind(stranger, { platformId, sealId: nameSealId, password: PIN })).body.responseInfo).toBe('数据不存在')
    expect((await call(stranger.token, '/sealBind/queryCanBind', {})).body.data).toEqual([])

    const holderRecords = await records(holder.token)
    const someone = holderRecords.list[0]!
    expect((await call(stranger.token, `${base}/cancel`, { id: someone.id, password: PIN })).body.responseInfo).toBe('数据不存在')
    const unitRecord = (await records(scene.enterprise)).list[0]!
    expect((await call(user.token, `${base}/cancel`, { id: unitRecord.id, password: USE_PASSWORD })).body.responseInfo).toBe(bindingMessages.useOnly)
    expect((await records(stranger.token)).total).toBe(0)
    expect((await records(user.token)).total).toBe(0)
    expect((await records(stranger.token, { sealId: nameSealId })).total).toBe(0)
  })

  it('makes exactly one binding from 100 concurrent binds of the same seal to the same platform, answering the rest clearly', async () => {
    const racer = await person('吴并发')
    const sealId = (await personalSealFor(t, racer.token, { pin: PIN })).seal.id
    const platformId = platformIds['政务服务网']!
    const accessToken = await tokenFor(racer, platformId)
    // Each body differs (identityType), so the duplicate guard lets them all reach the binding itself.
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => call(racer.token, `${base}/sealVerifyAndReturnSealInfo`, { id: platformId, sealId, password: PIN, identityType: i, accessToken })),
    )
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(answers.filter((a) => a.body.resultStatus === '00')).toHaveLength(1)
    const refusals = new Set(answers.filter((a) => a.body.resultStatus !== '00').map((a) => a.body.responseInfo.replace(/\d{2}:\d{2}/, 'HH:mm')))
    for (const message of refusals) expect([bindingMessages.alreadyBound, '印章密码已锁定，请于HH:mm后重试']).toContain(message)
    expect(await t.db.$count(sealBindings, and(eq(sealBindings.sealId, sealId), eq(sealBindings.platformId, platformId)))).toBe(1)
  })

  it('cancels with the password (a wrong one counted), shows the record invalid, and tells the platform', async () => {
    const platformId = platformIds['政府采购电子交易平台']!
    const record = (await records(holder.token, { sealId: nameSealId })).list.find((r) => r.clientName === '政府采购电子交易平台')!
    expect(record).toMatchObject({ bindState: 1, bindPassword: '印章密码', cancelUseType: 2, personName: '赵绑定', canRebind: false })

    expect((await call(holder.token, `${base}/cancel`, { id: record.id })).body.responseInfo).toBe(bindingMessages.passwordRequired)
    expect((await call(holder.token, `${base}/cancel`, { id: record.id, password: 'abc99999' })).body.responseInfo).toBe('印章密码错误，还可尝试4次')
    const cancelled = await call(holder.token, `${base}/cancel`, { id: record.id, password: PIN })
    expect(cancelled.body.responseInfo).toBe('取消绑定成功')
    expect((await call(holder.token, `${base}/cancel`, { id: record.id, password: PIN })).body.responseInfo).toBe(bindingMessages.notCancellable)

    const after = (await records(holder.token, { sealId: nameSealId })).list.find((r) => r.id === record.id)!
    expect(after).toMatchObject({ bindState: 0, canRebind: true })
    expect((await call(holder.token, '/sealBind/queryCanBind', { id: platformId })).body.data[0].list[0]).toMatchObject({ selection: 2, recordId: null })
    expect((await eventsOf(platformId)).find((e) => e.event === 'binding.cancelled')?.payload).toMatchObject({ bindingId: record.id, bindState: '0' })
  })

  it('rebinds a cancelled record in place after a new confirmation, once', async () => {
    const platformId = platformIds['政府采购电子交易平台']!
    const record = (await records(holder.token, { sealId: nameSealId, bindState: 0 })).list[0]!
    expect((await bind(holder, { platformId, sealId: nameSealId, recordId: record.id, password: 'abc99999' })).body.responseInfo).toMatch(/印章密码错误/)
    const rebound = await bind(holder, { platformId, sealId: nameSealId, recordId: record.id, password: PIN })
    expect(rebound.body.responseInfo).toBe('重新绑定成功')
    expect(rebound.body.data.recordId).toBe(record.id)
    expect((await records(holder.token, { sealId: nameSealId })).list.find((r) => r.id === record.id)).toMatchObject({ bindState: 1 })
    expect((await bind(holder, { platformId, sealId: nameSealId, recordId: record.id, password: PIN })).body.responseInfo).toBe(bindingMessages.stillInEffect)
    expect((await eventsOf(platformId)).map((e) => e.event)).toContain('binding.rebound')
  })

  it('scopes records: holders see their seals’, managers the seals they manage, filtered and 10 a page', async () => {
    const platformId = platformIds['电子税务局']!
    // The manager (password method) binds and cancels the unit seal a few times: one record each round.
    for (let round = 0; round < 11; round++) {
      const bound = await bind(manager, { platformId, sealId: scene.sealId, password: USE_PASSWORD })
      expect(bound.body.resultStatus, bound.body.responseInfo).toBe('00')
      if (round < 10) expect((await call(manager.token, `${base}/cancel`, { id: bound.body.data.recordId, password: USE_PASSWORD })).body.resultStatus).toBe('00')
    }
    const page1 = await records(scene.legal.token, { sealId: scene.sealId })
    expect(page1.total).toBe(12) // the signer's binding and the manager's eleven
    expect(page1.list).toHaveLength(10)
    expect(page1.list[0]).toMatchObject({ bindState: 1, personName: '钱管理', bindPassword: '印章密码' })
    const page2 = await call(scene.legal.token, `${base}/queryBindSealLogList`, { sealId: scene.sealId, currentPage: 2, pageSize: 10 })
    expect(page2.body.data.list).toHaveLength(2)
    expect((await records(manager.token, { sealId: scene.sealId })).list[0]).toMatchObject({ bindPassword: '用章密码', cancelUseType: 2 })
    expect((await records(scene.enterprise, { sealId: scene.sealId })).total).toBe(12)
    expect((await records(scene.legal.token, { sealId: scene.sealId, bindState: 1 })).total).toBe(2)
    expect((await records(holder.token)).list.every((r) => r.sealId === nameSealId)).toBe(true)
    expect((await records(holder.token, { startTime: '2000-01-01', endTime: '2000-01-02' })).total).toBe(0)
    const bad = await call(holder.token, `${base}/queryBindSealLogList`, { startTime: '2026-02-31x' })
    expect(bad.status).toBe(200)
    expect(bad.body.resultStatus).not.toBe('00')
  })

  it('shows a manager’s binding as invalid once their authorisation ends, and lets the holder bind the seal again', async () => {
    const platformId = platformIds['电子税务局']!
    const live = (await records(scene.legal.token, { sealId: scene.sealId, bindState: 1 })).list.find((r) => r.clientName === '电子税务局')!
    const [grantRow] = await t.db.select({ authId: sealBindings.authId }).from(sealBindings).where(eq(sealBindings.id, live.id))
    await call(scene.enterprise, '/sealAuth/v4/cancelAuth', { authId: grantRow!.authId })
    const ended = (await records(scene.legal.token, { sealId: scene.sealId })).list.find((r) => r.id === live.id)!
    expect(ended).toMatchObject({ bindState: 0, canRebind: true })
    // The former manager sees their own record, invalid, and can no longer act on it.
    expect((await records(manager.token)).list.find((r) => r.id === live.id)).toMatchObject({ bindState: 0, canRebind: false })
    expect((await call(manager.token, `${base}/cancel`, { id: live.id, password: USE_PASSWORD })).body.responseInfo).toBe(sealAuthMessages.notAuthorised)

    const holderAsPerson = { ...scene.legal, token: scene.enterprise }
    const again = await bind(holderAsPerson, { platformId, sealId: scene.sealId, password: SEAL_PIN })
    expect(again.body.resultStatus, again.body.responseInfo).toBe('00')
    expect((await records(scene.legal.token, { sealId: scene.sealId, bindState: 1 })).list.map((r) => r.clientName)).toContain('电子税务局')
  })

  it('shows every binding of a cancelled seal as invalid, with nothing to rebind', async () => {
    expect((await records(holder.token, { sealId: nameSealId, bindState: 1 })).total).toBeGreaterThan(0)
    const revoked = await call(holder.token, '/seal/revokeNew', { sealId: nameSealId, pin: PIN })
    expect(revoked.body.resultStatus, revoked.body.responseInfo).toBe('00')
    const after = await records(holder.token, { sealId: nameSealId })
    expect(after.list.every((r) => r.bindState === 0 && !r.canRebind)).toBe(true)
    expect((await call(holder.token, '/sealBind/queryCanBind', {})).body.data).toEqual([])
    expect((await call(holder.token, `${base}/cancel`, { id: after.list[0]!.id, password: PIN })).body.responseInfo).toBe(bindingMessages.notCancellable)
  })

  it('lets a handwriting-only manager cancel with a signature written just now, and nothing less', async () => {
    const platformId = platformIds['政府采购电子交易平台']!
    const live = (await records(signer.token, { sealId: scene.sealId, bindState: 1 })).list.find((r) => r.clientName === '政府采购电子交易平台')!
    expect(live).toMatchObject({ personName: '孙签名', bindPassword: '用章密码', cancelUseType: 1 })
    // The holder looking at the same record still gives the seal PIN.
    expect((await records(scene.legal.token, { sealId: scene.sealId, bindState: 1 })).list.find((r) => r.id === live.id)).toMatchObject({ cancelUseType: 2 })
    const cancel = (body: object) => call(signer.token, `${base}/cancel`, { id: live.id, ...body })

    expect((await cancel({})).body.responseInfo).toBe(sealAuthMessages.signatureRequired)
    expect((await cancel({ password: USE_PASSWORD })).body.responseInfo).toBe(sealAuthMessages.signatureRequired)
    const failed = await verifySignature(t, signer, 4242)
    expect(failed.pass).toBe(false)
    expect((await cancel({ signatureId: failed.signatureId })).body.responseInfo).toBe(sealAuthMessages.signatureMismatch)
    const anothers = await verifySignature(t, manager, writerOf(manager))
    expect(anothers.pass).toBe(true)
    expect((await cancel({ signatureId: anothers.signatureId })).body.responseInfo).toBe(sealAuthMessages.signatureMismatch)
    const stale = await verifySignature(t, signer, writerOf(signer))
    expect(stale.pass).toBe(true)
    await t.db.update(handwritingSamples).set({ createdAt: new Date(Date.now() - 6 * 60_000) }).where(eq(handwritingSamples.id, stale.signatureId))
    expect((await cancel({ signatureId: stale.signatureId })).body.responseInfo).toBe(sealAuthMessages.signatureMismatch)
    expect((await cancel({ signatureId: 'no-such-signature' })).body.responseInfo).toBe(sealAuthMessages.signatureMismatch)
    expect((await records(signer.token, { sealId: scene.sealId, bindState: 1 })).list.map((r) => r.id)).toContain(live.id)

    const own = await verifySignature(t, signer, writerOf(signer))
    expect(own.pass).toBe(true)
    const cancelled = await cancel({ signatureId: own.signatureId })
    expect(cancelled.body.responseInfo).toBe(bindingMessages.cancelled)
    expect((await records(signer.token, { sealId: scene.sealId, bindState: 1 })).list.map((r) => r.id)).not.toContain(live.id)
    expect((await records(signer.token, { sealId: scene.sealId, bindState: 0, pageSize: 50 })).list.map((r) => r.id)).toContain(live.id)
    expect((await eventsOf(platformId)).filter((e) => e.event === 'binding.cancelled').map((e) => e.payload)).toContainEqual(expect.objectContaining({ bindingId: live.id, bindState: '0' }))
  })

  it('still asks a manager whose method includes the password for it (counted), a signature alone not enough', async () => {
    const platformId = platformIds['政务服务网']!
    const both = await person('郑双重')
    await accept(t, both, await grant(t, scene, both, { authUseType: 2, useType: 3 }), scene.sealId, { useType: 3 })
    const bound = await bind(both, { platformId, sealId: scene.sealId, password: USE_PASSWORD, signatureId: (await verifySignature(t, both, writerOf(both))).signatureId })
    expect(bound.body.resultStatus, bound.body.responseInfo).toBe('00')
    const id = bound.body.data.recordId as string
    expect((await records(both.token, { sealId: scene.sealId })).list.find((r) => r.id === id)).toMatchObject({ bindPassword: '用章密码', cancelUseType: 2 })

    const signature = await verifySignature(t, both, writerOf(both))
    expect((await call(both.token, `${base}/cancel`, { id, signatureId: signature.signatureId })).body.responseInfo).toBe(bindingMessages.passwordRequired)
    expect((await call(both.token, `${base}/cancel`, { id, password: 'abc99999' })).body.responseInfo).toMatch(/还可尝试4次/)
    expect((await call(both.token, `${base}/cancel`, { id, password: USE_PASSWORD })).body.responseInfo).toBe(bindingMessages.cancelled)
  })

  it('answers who is a legal representative', async () => {
    expect((await call(scene.legal.token, '/role/queryIsCorporation', { socialCreditCode: scene.unit.socialCreditCode })).body.data).toEqual({ role: 1 })
    expect((await call(scene.enterprise, '/role/queryIsCorporation', {})).body.data).toEqual({ role: 1 })
    expect((await call(holder.token, '/role/queryIsCorporation', { identityCode: scene.legal.identityNo })).body.data).toEqual({ role: 0 })
  })
})
