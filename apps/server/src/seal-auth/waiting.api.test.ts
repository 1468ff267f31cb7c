import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { accept, callAs, grant, idNumber, personFor, sceneFor, type Scene } from './test-support.ts'

describe('an authorisation waiting for its seal user is their to-do', () => {
  let t: TestApp
  let call: ReturnType<typeof callAs>
  let scene: Scene

  beforeAll(async () => {
    t = await startTestApp()
    call = callAs(t)
    scene = await sceneFor(t, 31)
  })
  afterAll(() => t.close())

  it('lists it in 待办中心 and for home, naming the seal, the unit and the period, until it is accepted', async () => {
    const employee = await personFor(t, { name: '唐僧', identityNo: idNumber(931) })
    const empty = await call(employee.token, '/seal-apply/backlog/list', { listType: 1, pageNo: 1, pageSize: 10 })
    expect(empty.body.data.total).toBe(0)

    const authId = await grant(t, scene, employee)
    const todo = await call(employee.token, '/seal-apply/backlog/list', { listType: 1, pageNo: 1, pageSize: 10 })
    expect(todo.body.resultStatus, todo.body.responseInfo).toBe('00')
    expect(todo.body.data.total).toBe(1)
    expect(todo.body.data.records).toEqual([
      expect.objectContaining({
        id: authId,
        businessType: 'SEAL_AUTH',
        sealUseCompany: scene.unit.name,
        authorization: expect.objectContaining({ authId, sealName: `${scene.unit.name}合同专用章`, grantorName: scene.legal.name }),
      }),
    ])
    const waiting = await call(employee.token, '/sealAuth/waitingForMe', {})
    expect(waiting.body.data.map((item: { authId: string }) => item.authId)).toEqual([authId])

    // Someone else, and the unit itself, have nothing to accept.
    const stranger = await personFor(t, { name: '路人', identityNo: idNumber(932) })
    expect((await call(stranger.token, '/sealAuth/waitingForMe', {})).body.data).toEqual([])
    expect((await call(scene.enterprise, '/sealAuth/waitingForMe', {})).body.data).toEqual([])

    await accept(t, employee, authId, scene.sealId)
    expect((await call(employee.token, '/seal-apply/backlog/list', { listType: 1, pageNo: 1, pageSize: 10 })).body.data.total).toBe(0)
    expect((await call(employee.token, '/sealAuth/waitingForMe', {})).body.data).toEqual([])
  })
})
