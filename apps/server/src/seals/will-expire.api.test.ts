import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { units } from '../auth/tables.ts'
import {
  accept,
  callAs,
  grant,
  idNumber,
  personFor,
  sceneFor,
  type Scene,
} from '../seal-auth/test-support.ts'
import { hostAssertion, hostChannel } from '../redis/test-support.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { makeSeal } from './make-seal.ts'

const DAY = 86_400_000

/**
 * 即将到期 (spec 000 §2, POST /seal/v4/queryWillExpires, payload ours): the seals a caller may see whose
 * certificates end soon, and the caller's own authorisations ending soon; the windows are operator
 * configuration per unit (sealWillExpireDays 30, authWillExpireDays 7 by default).
 */
describe('what ends soon (即将到期)', () => {
  let t: TestApp
  let call: ReturnType<typeof callAs>
  let scene: Scene
  let other: Scene
  let soonSealId: string

  const willExpire = (token: string | undefined) => call(token, '/seal/v4/queryWillExpires', {})
  const listed = async (token: string) =>
    (
      (await call(token, '/seal/queryGroupByBusiness', { needPic: false })).body.data as {
        list: { id: string; blnWillExpires: boolean }[]
      }[]
    ).flatMap((g) => g.list)
  const config = (method: 'PUT' | 'DELETE', payload: object) =>
    t.app.inject({
      method,
      url: '/api/admin/config',
      payload,
      headers: { authorization: `Bearer ${t.secrets.adminToken}` },
    })

  beforeAll(async () => {
    t = await startTestApp({ env: { HOST_CHANNELS: JSON.stringify(hostChannel) } })
    call = callAs(t)
    scene = await sceneFor(t, 41)
    other = await sceneFor(t, 42)
    // A second seal of the scene's unit whose certificate ends in 20 days.
    const [unit] = await t.db
      .select()
      .from(units)
      .where(eq(units.socialCreditCode, scene.unit.socialCreditCode))
    const picture = await renderOrganizationSeal({
      unitName: scene.unit.name,
      sealTypeCode: '02',
      sealCode: '1101087000041',
    })
    soonSealId = (
      await makeSeal(t.app.trust, {
        owner: {
          kind: 'unit',
          unitId: unit!.id,
          unitName: scene.unit.name,
          socialCreditCode: scene.unit.socialCreditCode,
        },
        sealName: `${scene.unit.name}财务专用章`,
        sealTypeCode: '02',
        image: picture.png,
        certStartTime: new Date(),
        certEndTime: new Date(Date.now() + 20 * DAY),
        pin: 'abc12345',
      })
    ).seal.id
  })
  afterAll(() => t.close())

  it('lists the seals ending within 30 days, as the seal list marks them, for those who may see them', async () => {
    const answer = await willExpire(scene.enterprise)
    expect(answer.body.resultStatus).toBe('00')
    expect(answer.body.data.seals.map((s: { id: string }) => s.id)).toEqual([soonSealId])
    expect(answer.body.data.seals[0]).toMatchObject({
      blnWillExpires: true,
      sealPic: null,
      businessName: scene.unit.name,
    })
    expect(answer.body.data.auths).toEqual([])
    // The list says the same of each seal.
    expect(Object.fromEntries((await listed(scene.enterprise)).map((s) => [s.id, s.blnWillExpires]))).toEqual(
      { [soonSealId]: true, [scene.sealId]: false },
    )
    // The legal representative's personal login sees the unit's seals too; another unit's legal representative and a stranger nothing.
    const legalPersonal = await personFor(t, { name: scene.legal.name, identityNo: scene.legal.identityNo })
    expect((await willExpire(legalPersonal.token)).body.data.seals.map((s: { id: string }) => s.id)).toEqual([
      soonSealId,
    ])
    expect((await willExpire(other.enterprise)).body.data).toEqual({ seals: [], auths: [] })
    const stranger = await personFor(t, { name: '路人甲', identityNo: idNumber(941) })
    expect((await willExpire(stranger.token)).body.data).toEqual({ seals: [], auths: [] })
    expect((await willExpire(undefined)).status).toBe(401)
  })

  it('widens or narrows the window for one unit as the operator sets it, in the list and the call alike', async () => {
    const scope = `unit:${scene.unit.socialCreditCode}`
    expect((await config('PUT', { scope, key: 'sealWillExpireDays', value: 400 })).json().resultStatus).toBe(
      '00',
    )
    try {
      const ids = (await willExpire(scene.enterprise)).body.data.seals.map((s: { id: string }) => s.id)
      // Soonest first.
      expect(ids).toEqual([soonSealId, scene.sealId])
      expect((await listed(scene.enterprise)).every((s) => s.blnWillExpires)).toBe(true)
      // Another unit keeps the default: its one-year seal is not ending soon.
      expect((await listed(other.enterprise)).map((s) => s.blnWillExpires)).toEqual([false])
      await config('PUT', { scope, key: 'sealWillExpireDays', value: 10 })
      expect((await willExpire(scene.enterprise)).body.data.seals).toEqual([])
      expect((await listed(scene.enterprise)).some((s) => s.blnWillExpires)).toBe(false)
    } finally {
      await config('DELETE', { scope, key: 'sealWillExpireDays' })
    }
    expect(
      (await config('PUT', { scope, key: 'sealWillExpireDays', value: 'soon' })).json().resultStatus,
    ).not.toBe('00')
  })

  it('reads the window of the channel the list is shown through: a host channel’s setting, not the plain H5’s', async () => {
    const launched = await call(undefined, '/auth/login/host', {
      assertion: await hostAssertion({ sub: scene.legal.phone, name: scene.legal.name, idNo: scene.legal.identityNo }),
    })
    expect(launched.body.resultStatus).toBe('00')
    const throughHost = launched.body.data.token as string
    const plain = await personFor(t, { name: scene.legal.name, identityNo: scene.legal.identityNo })
    const marked = async (token: string) => (await listed(token)).find((s) => s.id === soonSealId)?.blnWillExpires
    expect(await marked(throughHost)).toBe(true)
    await config('PUT', { scope: 'channel:test-app', key: 'sealWillExpireDays', value: 10 })
    try {
      // 20 days left: ending soon by the default 30, not by the host channel's 10.
      expect(await marked(throughHost)).toBe(false)
      expect((await willExpire(throughHost)).body.data.seals).toEqual([])
      expect(await marked(plain.token)).toBe(true)
    } finally {
      await config('DELETE', { scope: 'channel:test-app', key: 'sealWillExpireDays' })
    }
  })

  it('tells a seal user of their own authorisations ending within 7 days, not of waiting, longer or revoked ones', async () => {
    const employee = await personFor(t, { name: '孙短期', identityNo: idNumber(942) })
    const shortAuth = await grant(t, scene, employee, { days: 5 })
    // Waiting for acceptance: not in force, not listed.
    expect((await willExpire(employee.token)).body.data.auths).toEqual([])
    await accept(t, employee, shortAuth, scene.sealId)
    const longGrantee = await personFor(t, { name: '周长期', identityNo: idNumber(943) })
    const longAuth = await grant(t, other, longGrantee, { days: 30 })
    await accept(t, longGrantee, longAuth, other.sealId)

    const soon = (await willExpire(employee.token)).body.data
    expect(soon.auths).toEqual([
      expect.objectContaining({
        authId: shortAuth,
        sealId: scene.sealId,
        businessName: scene.unit.name,
        sealTypeCode: '04',
        authUseType: 1,
      }),
    ])
    expect(soon.auths[0].endTime - Date.now()).toBeLessThan(5 * DAY)
    // The seal user's seal itself is not ending soon.
    expect(soon.seals).toEqual([])
    expect((await willExpire(longGrantee.token)).body.data.auths).toEqual([])
    // The holder hears of seals, not of the authorisations they gave.
    expect((await willExpire(scene.enterprise)).body.data.auths).toEqual([])

    // The other unit's operator widens its authorisation window; revoking ends the notice.
    const scope = `unit:${other.unit.socialCreditCode}`
    await config('PUT', { scope, key: 'authWillExpireDays', value: 31 })
    try {
      expect(
        (await willExpire(longGrantee.token)).body.data.auths.map((a: { authId: string }) => a.authId),
      ).toEqual([longAuth])
      expect(
        (await call(other.enterprise, '/sealAuth/cancelAuth', { authId: longAuth })).body.resultStatus,
      ).toBe('00')
      expect((await willExpire(longGrantee.token)).body.data.auths).toEqual([])
    } finally {
      await config('DELETE', { scope, key: 'authWillExpireDays' })
    }
  })

  it('answers bad input with a message, never a 500', async () => {
    const wrong = await call(scene.enterprise, '/seal/v4/queryWillExpires', { needPic: 'yes' })
    expect(wrong.status).toBeLessThan(500)
    expect(wrong.body.responseInfo).toBe('参数类型错误：needPic')
  })
})
