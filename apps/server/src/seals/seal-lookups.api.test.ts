import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderPersonalSeal } from '@seal/seal/personal-seal'
import {
  accept,
  callAs,
  grant,
  idNumber,
  personFor,
  sceneFor,
  type Scene,
} from '../seal-auth/test-support.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { creditCode, unitFor, type TestPerson } from '../unit-apply/test-support.ts'
import { makeSeal } from './make-seal.ts'

/** The seal lookups of 000 §7: /seal/queryByBussiness, /seal/queryByPersonManage, /seal/enterprise/info. */
describe('seal lookups by unit and by person', () => {
  let t: TestApp
  let call: ReturnType<typeof callAs>
  let scene: Scene
  let manager: TestPerson
  let user: TestPerson
  let stranger: TestPerson
  let nameSealId: string

  beforeAll(async () => {
    t = await startTestApp()
    call = callAs(t)
    scene = await sceneFor(t, 61)
    manager = await personFor(t, { name: '管理甲', identityNo: idNumber(861) })
    user = await personFor(t, { name: '用章乙', identityNo: idNumber(862) })
    stranger = await personFor(t, { name: '路人丙', identityNo: idNumber(863) })
    await accept(t, manager, await grant(t, scene, manager, { authUseType: 2 }), scene.sealId)
    await accept(t, user, await grant(t, scene, user), scene.sealId)
    const picture = await renderPersonalSeal({ name: scene.legal.name, style: '2' })
    nameSealId = (
      await makeSeal(t.app.trust, {
        owner: {
          kind: 'person',
          personId: scene.legal.id,
          name: scene.legal.name,
          identityNo: scene.legal.identityNo,
        },
        sealName: scene.legal.name,
        sealTypeCode: '1000',
        image: picture.png,
        certStartTime: new Date(),
        certEndTime: new Date(Date.now() + 86_400_000 * 300),
        pin: 'abc12345',
      })
    ).seal.id
  }, 120_000)
  afterAll(() => t.close())

  const listed = async (token: string, path: string, body: object = {}) => {
    const answer = await call(token, path, body)
    expect(answer.body.resultStatus, answer.body.responseInfo).toBe('00')
    return (answer.body.data as { id: string; role: number }[]).map(({ id, role }) => ({ id, role }))
  }

  it('queryByBussiness lists the unit seals each caller may see, with their role; filterAuth keeps the held ones', async () => {
    const code = scene.unit.socialCreditCode
    expect(
      await listed(scene.enterprise, '/seal/queryByBussiness', { socialCreditCode: code, needPic: false }),
    ).toEqual([{ id: scene.sealId, role: 1 }])
    expect(await listed(scene.legal.token, '/seal/queryByBussiness')).toEqual([{ id: scene.sealId, role: 1 }])
    expect(
      await listed(manager.token, '/seal/queryByBussiness', { socialCreditCode: code.toLowerCase() }),
    ).toEqual([{ id: scene.sealId, role: 2 }])
    expect(await listed(user.token, '/seal/queryByBussiness')).toEqual([{ id: scene.sealId, role: 3 }])
    expect(await listed(user.token, '/seal/queryByBussiness', { filterAuth: 1 })).toEqual([])
    expect(
      await listed(scene.enterprise, '/seal/queryByBussiness', { socialCreditCode: creditCode(862) }),
    ).toEqual([])
    expect(await listed(stranger.token, '/seal/queryByBussiness', { socialCreditCode: code })).toEqual([])
  })

  it('queryByPersonManage lists what the caller holds or manages, never what they may only use', async () => {
    expect(
      await listed(scene.legal.token, '/seal/queryByPersonManage', {
        identityType: '111',
        personIdentity: scene.legal.identityNo,
      }),
    ).toEqual([
      { id: nameSealId, role: 1 },
      { id: scene.sealId, role: 1 },
    ])
    expect(
      await listed(scene.legal.token, '/seal/queryByPersonManage', {
        socialCreditCode: scene.unit.socialCreditCode,
      }),
    ).toEqual([{ id: scene.sealId, role: 1 }])
    // A company account acts for its unit only, not for its person's name seal.
    expect(await listed(scene.enterprise, '/seal/queryByPersonManage')).toEqual([
      { id: scene.sealId, role: 1 },
    ])
    expect(await listed(manager.token, '/seal/queryByPersonManage')).toEqual([{ id: scene.sealId, role: 2 }])
    expect(await listed(manager.token, '/seal/queryByPersonManage', { filterAuth: true })).toEqual([])
    expect(await listed(user.token, '/seal/queryByPersonManage')).toEqual([])
    // The identity in the body is not who asks: the session is.
    expect(
      await listed(stranger.token, '/seal/queryByPersonManage', {
        identityType: '111',
        personIdentity: scene.legal.identityNo,
      }),
    ).toEqual([])
  })

  it('enterprise/info names the units whose seals the caller holds, to nobody else', async () => {
    const unit = {
      businessName: scene.unit.name,
      socialCreditCode: scene.unit.socialCreditCode,
      unitTypeCode: '02',
      sealCount: 1,
    }
    expect(
      (await call(scene.legal.token, '/seal/enterprise/info', { personIdentity: scene.legal.identityNo }))
        .body.data,
    ).toEqual([unit])
    expect((await call(scene.enterprise, '/seal/enterprise/info', {})).body.data).toEqual([unit])
    expect(
      (await call(scene.legal.token, '/seal/enterprise/info', { socialCreditCode: creditCode(862) })).body
        .data,
    ).toEqual([])
    expect((await call(manager.token, '/seal/enterprise/info', {})).body.data).toEqual([])
    expect(
      (
        await call(stranger.token, '/seal/enterprise/info', {
          personIdentity: scene.legal.identityNo,
          socialCreditCode: scene.unit.socialCreditCode,
        })
      ).body.data,
    ).toEqual([])
  })

  it('gives an unverified person named as a unit’s legal representative none of its seals', async () => {
    const squatter = await personFor(t, { name: '未核验丁', identityNo: idNumber(864), verified: false })
    const row = await unitFor(t, {
      name: '未核验第1号科技有限公司',
      socialCreditCode: creditCode(864),
      legalPersonId: squatter.id,
    })
    const picture = await renderPersonalSeal({ name: '未核验丁', style: '2' })
    const made = await makeSeal(t.app.trust, {
      owner: { kind: 'unit', unitId: row.id, unitName: row.name, socialCreditCode: row.socialCreditCode },
      sealName: '合同专用章',
      sealTypeCode: '04',
      image: picture.png,
      certStartTime: new Date(),
      certEndTime: new Date(Date.now() + 86_400_000 * 300),
      pin: 'abc12345',
    })
    expect(await listed(squatter.token, '/seal/queryByBussiness')).toEqual([])
    expect(await listed(squatter.token, '/seal/queryByPersonManage')).toEqual([])
    expect((await call(squatter.token, '/seal/enterprise/info', {})).body.data).toEqual([])
    const detail = await call(squatter.token, '/seal/detail', { sealId: made.seal.id })
    expect(detail.body.responseInfo).toBe('数据不存在')
    expect((await call(squatter.token, '/seal/detail', { sealId: 'no-such-seal' })).body).toEqual(detail.body)
  })

  it('answers bad input with a Chinese message, never a 500, and needs a session', async () => {
    const wrong = await call(scene.legal.token, '/seal/queryByPersonManage', { filterAuth: 'yes' })
    expect(wrong.status).toBeLessThan(500)
    expect(wrong.body).toMatchObject({
      resultStatus: '400',
      responseInfo: expect.stringMatching(/filterAuth/),
    })
    expect(
      (await call(scene.legal.token, '/seal/queryByBussiness', { needPic: 'no' })).body.resultStatus,
    ).toBe('400')
    expect(
      (await call(scene.legal.token, '/seal/enterprise/info', { socialCreditCode: 'x'.repeat(40) })).body
        .resultStatus,
    ).toBe('400')
    expect((await call(undefined, '/seal/enterprise/info', {})).status).toBe(401)
  })
})
