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
import { startTestApp, type TestApp } from '../test/harness.ts'
import type { TestPerson } from '../unit-apply/test-support.ts'
import { makeSeal } from './make-seal.ts'
import { seals } from './tables.ts'

/**
 * POST /seal/canRenewal {socialCreditCode, needPic} (001 §7): the unit's seals the caller may renew (roles 1
 * and 2), by the one renewal rule the seal list's 印章续期 follows too (`canRenewal` on each item): a seal in
 * effect of a unit that is no administrative or public institution (06), however far its end.
 */
describe('which seals may be renewed (canRenewal)', () => {
  let t: TestApp
  let call: ReturnType<typeof callAs>
  let scene: Scene
  let institution: Scene
  let manager: TestPerson
  let user: TestPerson
  let stranger: TestPerson
  let cancelledId: string

  const canRenewal = (token: string | undefined, socialCreditCode: string) =>
    call(token, '/seal/canRenewal', { socialCreditCode, needPic: false })
  const ids = (answer: { body: { data: { id: string }[] } }) => answer.body.data.map((seal) => seal.id)
  const listed = async (token: string) =>
    (
      (await call(token, '/seal/queryGroupByBusiness', { needPic: false })).body.data as {
        list: { id: string; canRenewal: boolean }[]
      }[]
    ).flatMap((g) => g.list)

  beforeAll(async () => {
    t = await startTestApp()
    call = callAs(t)
    scene = await sceneFor(t, 51)
    institution = await sceneFor(t, 52)
    await t.db
      .update(units)
      .set({ unitTypeCode: '06' })
      .where(eq(units.socialCreditCode, institution.unit.socialCreditCode))
    manager = await personFor(t, { name: '管理续', identityNo: idNumber(951) })
    user = await personFor(t, { name: '用章续', identityNo: idNumber(952) })
    stranger = await personFor(t, { name: '路人续', identityNo: idNumber(953) })
    await accept(t, manager, await grant(t, scene, manager, { authUseType: 2 }), scene.sealId)
    await accept(t, user, await grant(t, scene, user), scene.sealId)
    // A cancelled seal of the same unit is not renewed.
    const [unit] = await t.db
      .select()
      .from(units)
      .where(eq(units.socialCreditCode, scene.unit.socialCreditCode))
    const picture = await renderOrganizationSeal({
      unitName: scene.unit.name,
      sealTypeCode: '02',
      sealCode: '1101087000051',
    })
    const made = await makeSeal(t.app.trust, {
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
      certEndTime: new Date(Date.now() + 365 * 86_400_000),
      pin: 'abc12345',
    })
    cancelledId = made.seal.id
    await t.db.update(seals).set({ status: '2' }).where(eq(seals.id, cancelledId))
  }, 120_000)
  afterAll(() => t.close())

  it('gives the holder, the enterprise account and a manager the unit’s seals in effect, a year from their end', async () => {
    for (const token of [scene.legal.token, scene.enterprise, manager.token]) {
      const answer = await canRenewal(token, scene.unit.socialCreditCode.toLowerCase())
      expect(answer.body.resultStatus, answer.body.responseInfo).toBe('00')
      expect(ids(answer)).toEqual([scene.sealId])
    }
    expect((await canRenewal(scene.legal.token, scene.unit.socialCreditCode)).body.data[0]).toMatchObject({
      id: scene.sealId,
      canRenewal: true,
      sealPic: null,
    })
  })

  it('answers a seal user, a stranger, another unit’s people and an unknown unit alike: nothing', async () => {
    const unknown = (await canRenewal(stranger.token, '91110108MA01ABCDEN')).body
    expect(unknown).toMatchObject({ resultStatus: '00', data: [] })
    for (const token of [user.token, stranger.token, institution.enterprise])
      expect((await canRenewal(token, scene.unit.socialCreditCode)).body).toEqual(unknown)
    expect((await canRenewal(undefined, scene.unit.socialCreditCode)).body.resultStatus).not.toBe('00')
  })

  it('renews nothing of an administrative or public institution (06), and its list does not offer it', async () => {
    expect(ids(await canRenewal(institution.legal.token, institution.unit.socialCreditCode))).toEqual([])
    expect((await listed(institution.enterprise)).map((s) => s.canRenewal)).toEqual([false])
  })

  it('marks the list the same way: the seal in effect renewable, the cancelled one not', async () => {
    expect(Object.fromEntries((await listed(scene.enterprise)).map((s) => [s.id, s.canRenewal]))).toEqual({
      [scene.sealId]: true,
      [cancelledId]: false,
    })
  })
})
