import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { renderPersonalSeal } from '@seal/seal/personal-seal'
import { findCaller } from '../auth/sessions.ts'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { makeSeal } from '../trust/make-seal.ts'

const DAY = 86_400_000

describe('seal lists and detail (/seal-preview-list, /seal-preview)', () => {
  let t: TestApp
  let enterprise: string
  let person: string
  let unitSealId: string
  let personalSealId: string

  beforeAll(async () => {
    t = await startTestApp()
    enterprise = await t.loginEnterprise(demo.unit.socialCreditCode, demo.legalPerson.phone)
    person = await t.loginPersonal(demo.person.phone)
    const unitCaller = (await findCaller(t.db, enterprise))!
    const personCaller = (await findCaller(t.db, person))!
    const contract = await renderOrganizationSeal({ unitName: demo.unit.name, sealTypeCode: '04', sealCode: '1101080012345' })
    unitSealId = (
      await makeSeal(t.app.trust, {
        owner: { kind: 'unit', unitId: unitCaller.unit!.id, unitName: demo.unit.name, socialCreditCode: demo.unit.socialCreditCode },
        sealName: '合同专用章',
        sealTypeCode: '04',
        image: contract.png,
        certStartTime: new Date(),
        certEndTime: new Date(Date.now() + 365 * DAY),
        pin: 'abc12345',
      })
    ).seal.id
    const nameSeal = await renderPersonalSeal({ name: demo.person.name, style: '2' })
    personalSealId = (
      await makeSeal(t.app.trust, {
        owner: { kind: 'person', personId: personCaller.person.id, name: demo.person.name, identityNo: demo.person.identityNo },
        sealName: demo.person.name,
        sealTypeCode: '1000',
        image: nameSeal.png,
        certStartTime: new Date(),
        certEndTime: new Date(Date.now() + 10 * DAY),
        pin: 'abc12345',
      })
    ).seal.id
  })
  afterAll(() => t.close())

  const groups = (token: string, body: unknown = {}) => t.call({ url: '/api/seal/queryGroupByBusiness', body, token })

  it('groups a unit’s seals for its company account, and shows them to no one else', async () => {
    const answer = await groups(enterprise, { needPic: false })
    expect(answer.body.data).toEqual([
      expect.objectContaining({
        businessName: demo.unit.name,
        socialCreditCode: demo.unit.socialCreditCode,
        list: [expect.objectContaining({ id: unitSealId, sealName: '合同专用章', status: '1', sealPic: null, blnWillExpires: false })],
      }),
    ])
    expect((await groups(person)).body.data).toEqual([])
  })

  it('searches by part of the unit name', async () => {
    expect((await groups(enterprise, { businessName: '示例' })).body.data).toHaveLength(1)
    expect((await groups(enterprise, { businessName: '不存在的单位' })).body.data).toEqual([])
  })

  it('lists the person’s own name seal, marked as about to expire, and shows its detail only to them', async () => {
    const own = await t.call({ url: '/api/seal/queryPersonSeals', body: { needPic: true }, token: person })
    expect(own.body.data).toEqual([expect.objectContaining({ id: personalSealId, sealTypeCode: '1000', blnWillExpires: true })])
    expect(own.body.data[0].sealPic).toMatch(/^data:image\/png;base64,/)
    expect((await t.call({ url: '/api/seal/detail', body: { sealId: personalSealId }, token: person })).body.data.id).toBe(personalSealId)
    expect((await t.call({ url: '/api/seal/detail', body: { sealId: personalSealId }, token: enterprise })).body.responseInfo).toBe('数据不存在')
  })

  it('answers bad input with a message, never a 500', async () => {
    const wrongType = await groups(enterprise, { needPic: 'yes' })
    expect(wrongType.status).toBeLessThan(500)
    expect(wrongType.body.responseInfo).toBe('参数类型错误：needPic')
    const missing = await t.call({ url: '/api/seal/detail', body: {}, token: person })
    expect(missing.body.responseInfo).toBe('缺少参数：sealId')
    expect((await t.call({ url: '/api/seal/queryGroupByBusiness', body: {} })).status).toBe(401)
  })
})
