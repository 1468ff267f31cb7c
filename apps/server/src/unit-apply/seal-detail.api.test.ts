import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accept, callAs, grant, idNumber, personFor, sceneFor, type Scene } from '../seal-auth/test-support.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import type { TestPerson } from './test-support.ts'

/** POST /seal-apply/seal/detail (001 §7): the seal a change, renewal or cancellation is opened for. */
describe('the seal a change, renewal or cancellation is opened for', () => {
  let t: TestApp
  let call: ReturnType<typeof callAs>
  let scene: Scene
  let manager: TestPerson
  let user: TestPerson
  let stranger: TestPerson

  beforeAll(async () => {
    t = await startTestApp()
    call = callAs(t)
    scene = await sceneFor(t, 81)
    manager = await personFor(t, { name: '管理辛', identityNo: idNumber(881) })
    user = await personFor(t, { name: '用章壬', identityNo: idNumber(882) })
    stranger = await personFor(t, { name: '路人癸', identityNo: idNumber(883) })
    await accept(t, manager, await grant(t, scene, manager, { authUseType: 2 }), scene.sealId)
    await accept(t, user, await grant(t, scene, user), scene.sealId)
  }, 120_000)
  afterAll(() => t.close())

  const detail = (token: string, body: object) => call(token, '/seal-apply/seal/detail', body)

  it('gives the holder and a manager the seal as /seal/detail does, with their role', async () => {
    const held = await detail(scene.legal.token, { sealId: scene.sealId, businessType: 'CHANGE', personIdentityType: '111', personIdentityNo: scene.legal.identityNo })
    expect(held.body.data).toMatchObject({ id: scene.sealId, role: 1, businessName: scene.unit.name, socialCreditCode: scene.unit.socialCreditCode, sealTypeCode: '04' })
    const same = await call(scene.legal.token, '/seal/detail', { sealId: scene.sealId })
    expect(held.body.data).toEqual(same.body.data)
    expect((await detail(scene.enterprise, { sealId: scene.sealId, businessType: 4 })).body.data.role).toBe(1)
    expect((await detail(manager.token, { sealId: scene.sealId, businessType: 'RENEWAL' })).body.data.role).toBe(2)
  })

  it('lets a seal user see the seal but not open a change, renewal or cancellation of it', async () => {
    expect((await detail(user.token, { sealId: scene.sealId })).body.data.role).toBe(3)
    for (const businessType of ['CHANGE', 'CANCEL', 3, '4']) {
      expect((await detail(user.token, { sealId: scene.sealId, businessType })).body.responseInfo).toBe('无权操作此印章')
    }
  })

  it('answers a stranger as for a seal that does not exist, whoever they name in the body', async () => {
    const theirs = await detail(stranger.token, { sealId: scene.sealId, businessType: 'CHANGE', personIdentityNo: scene.legal.identityNo })
    const unknown = await detail(stranger.token, { sealId: '00000000-0000-4000-8000-000000000000', businessType: 'CHANGE' })
    expect(theirs.body).toMatchObject({ resultStatus: '404', responseInfo: '数据不存在' })
    expect(unknown.body).toEqual(theirs.body)
  })

  it('answers bad input with a Chinese message, never a 500', async () => {
    expect((await detail(scene.legal.token, {})).body).toMatchObject({ resultStatus: '400', responseInfo: '缺少参数：sealId' })
    const wrong = await detail(scene.legal.token, { sealId: scene.sealId, businessType: 'MERGE' })
    expect(wrong.status).toBeLessThan(500)
    expect(wrong.body.resultStatus).toBe('400')
    expect((await call(undefined, '/seal-apply/seal/detail', { sealId: scene.sealId })).status).toBe(401)
  })
})
