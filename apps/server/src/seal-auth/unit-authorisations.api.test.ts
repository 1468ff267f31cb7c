import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureAccount } from '../auth/login.ts'
import { createSession } from '../auth/sessions.ts'
import { persons } from '../auth/tables.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { creditCode } from '../unit-apply/test-support.ts'
import { accept, callAs, grant, idNumber, personFor, sceneFor, type Scene } from './test-support.ts'
import type { TestPerson } from '../unit-apply/test-support.ts'

/** POST /sealAuth/queryAuthBySocialCreditCode (001 §7 older change flow, 002 §7). */
describe('the authorisations of a unit’s seals', () => {
  let t: TestApp
  let call: ReturnType<typeof callAs>
  let scene: Scene
  let manager: TestPerson
  let user: TestPerson
  let stranger: TestPerson
  let managerAuth: string
  let userAuth: string

  beforeAll(async () => {
    t = await startTestApp()
    call = callAs(t)
    scene = await sceneFor(t, 71)
    manager = await personFor(t, { name: '管理戊', identityNo: idNumber(871) })
    user = await personFor(t, { name: '用章己', identityNo: idNumber(872) })
    stranger = await personFor(t, { name: '路人庚', identityNo: idNumber(873) })
    managerAuth = await grant(t, scene, manager, { authUseType: 2 })
    await accept(t, manager, managerAuth, scene.sealId)
    userAuth = await grant(t, scene, user) // waiting for the seal user
  }, 120_000)
  afterAll(() => t.close())

  const ofUnit = (token: string, body: object) => call(token, '/sealAuth/queryAuthBySocialCreditCode', body)

  it('lists those waiting or in force, oldest first, a page at a time, to the holder and the managers', async () => {
    const all = await ofUnit(scene.enterprise, { socialCreditCode: scene.unit.socialCreditCode })
    expect(all.body.data.total).toBe(2)
    expect(all.body.data.list.map((item: { authId: string; authStatus: number }) => [item.authId, item.authStatus])).toEqual([
      [managerAuth, 2],
      [userAuth, 1],
    ])
    const second = await ofUnit(scene.legal.token, { socialCreditCode: scene.unit.socialCreditCode.toLowerCase(), currentPage: 2, pageSize: 1 })
    expect(second.body.data).toMatchObject({ total: 2, list: [{ authId: userAuth, sealId: scene.sealId }] })
    expect((await ofUnit(manager.token, { socialCreditCode: scene.unit.socialCreditCode })).body.data.total).toBe(2)
  })

  it('answers anyone else, and an unknown unit, with the same empty page', async () => {
    const empty = { list: [], total: 0 }
    expect((await ofUnit(stranger.token, { socialCreditCode: scene.unit.socialCreditCode })).body.data).toEqual(empty)
    expect((await ofUnit(user.token, { socialCreditCode: scene.unit.socialCreditCode })).body.data).toEqual(empty)
    expect((await ofUnit(scene.enterprise, { socialCreditCode: creditCode(879) })).body.data).toEqual(empty)
  })

  it('gives a legal representative on record who is not verified none of them, here nor in the authorisation list', async () => {
    const other = await sceneFor(t, 72)
    await grant(t, other, stranger)
    await t.db.update(persons).set({ verifiedAt: null, verificationMethod: null }).where(eq(persons.id, other.legal.id))
    const unverified = (await createSession(t.db, await ensureAccount(t.db, { kind: 'personal', personId: other.legal.id, unitId: null }))).token
    expect((await ofUnit(unverified, { socialCreditCode: other.unit.socialCreditCode })).body.data).toEqual({ list: [], total: 0 })
    expect((await call(unverified, '/sealAuth/querySealListByAll', { status: 1 })).body.data).toEqual({ list: [], total: 0 })
  })

  it('answers bad input with a Chinese message, never a 500', async () => {
    expect((await ofUnit(scene.enterprise, {})).body).toMatchObject({ resultStatus: '400', responseInfo: '缺少参数：socialCreditCode' })
    const tooMany = await ofUnit(scene.enterprise, { socialCreditCode: scene.unit.socialCreditCode, pageSize: 51 })
    expect(tooMany.status).toBeLessThan(500)
    expect(tooMany.body.resultStatus).toBe('400')
    expect((await call(undefined, '/sealAuth/queryAuthBySocialCreditCode', { socialCreditCode: scene.unit.socialCreditCode })).status).toBe(401)
  })
})
