import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { renderPersonalSeal } from '@seal/seal/personal-seal'
import { ensureAccount } from '../auth/login.ts'
import { createSession, findCaller } from '../auth/sessions.ts'
import { createAccessToken } from '../files/service.ts'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { countStatements } from '../test/statements.ts'
import { makeSeal } from './make-seal.ts'

const DAY = 86_400_000

describe('seal lists and detail (/seal-preview-list, /seal-preview)', () => {
  let t: TestApp
  let enterprise: string
  let person: string
  let unitSealId: string
  let personalSealId: string
  let makeUnitSeal: (sealName: string, sealTypeCode: string) => Promise<string>

  beforeAll(async () => {
    t = await startTestApp()
    enterprise = await t.loginEnterprise(demo.unit.socialCreditCode, demo.legalPerson.phone)
    person = await t.loginPersonal(demo.person.phone)
    const unitCaller = (await findCaller(t.db, enterprise))!
    const personCaller = (await findCaller(t.db, person))!
    const contract = await renderOrganizationSeal({
      unitName: demo.unit.name,
      sealTypeCode: '04',
      sealCode: '1101080012345',
    })
    makeUnitSeal = async (sealName, sealTypeCode) =>
      (
        await makeSeal(t.app.trust, {
          owner: {
            kind: 'unit',
            unitId: unitCaller.unit!.id,
            unitName: demo.unit.name,
            socialCreditCode: demo.unit.socialCreditCode,
          },
          sealName,
          sealTypeCode,
          image: contract.png,
          certStartTime: new Date(),
          certEndTime: new Date(Date.now() + 365 * DAY),
          pin: 'abc12345',
        })
      ).seal.id
    unitSealId = await makeUnitSeal('合同专用章', '04')
    const nameSeal = await renderPersonalSeal({ name: demo.person.name, style: '2' })
    personalSealId = (
      await makeSeal(t.app.trust, {
        owner: {
          kind: 'person',
          personId: personCaller.person.id,
          name: demo.person.name,
          identityNo: demo.person.identityNo,
        },
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

  const groups = (token: string, body: unknown = {}) =>
    t.call({ url: '/api/seal/queryGroupByBusiness', body, token })

  it('groups a unit’s seals for its company account, and shows them to no one else', async () => {
    const answer = await groups(enterprise, { needPic: false })
    expect(answer.body.data).toEqual([
      expect.objectContaining({
        businessName: demo.unit.name,
        socialCreditCode: demo.unit.socialCreditCode,
        list: [
          expect.objectContaining({
            id: unitSealId,
            sealName: '合同专用章',
            status: '1',
            sealPic: null,
            blnWillExpires: false,
          }),
        ],
      }),
    ])
    expect((await groups(person)).body.data).toEqual([])
    // One unit by its credit code (the wizard's cancellation asks so); another code: none.
    expect(
      (await groups(enterprise, { socialCreditCode: demo.unit.socialCreditCode.toLowerCase() })).body.data,
    ).toHaveLength(1)
    expect((await groups(enterprise, { socialCreditCode: '91110108MA01ABCD0X' })).body.data).toEqual([])
  })

  it('searches by part of the unit name', async () => {
    expect((await groups(enterprise, { businessName: '示例' })).body.data).toHaveLength(1)
    expect((await groups(enterprise, { businessName: '不存在的单位' })).body.data).toEqual([])
  })

  it('lists the person’s own name seal, marked as about to expire, and shows its detail only to them', async () => {
    const own = await t.call({ url: '/api/seal/queryPersonSeals', body: { needPic: true }, token: person })
    expect(own.body.data).toEqual([
      expect.objectContaining({ id: personalSealId, sealTypeCode: '1000', blnWillExpires: true }),
    ])
    expect(
      (await t.call({ url: '/api/seal/detail', body: { sealId: personalSealId }, token: person })).body.data
        .id,
    ).toBe(personalSealId)
    expect(
      (await t.call({ url: '/api/seal/detail', body: { sealId: personalSealId }, token: enterprise })).body
        .responseInfo,
    ).toBe('数据不存在')
  })

  it('gives pictures as short-lived links that open the PNG, cacheable, for whoever may see the seal', async () => {
    const own = await t.call({ url: '/api/seal/queryPersonSeals', body: { needPic: true }, token: person })
    const link: string = own.body.data[0].sealPic
    expect(link).toMatch(/^\/api\/seal\/picture\/[\w-]+\?access_token=/)
    // Within a window, the same link each time, so the browser's cache answers the repeats.
    expect(
      (await t.call({ url: '/api/seal/detail', body: { sealId: personalSealId }, token: person })).body.data
        .sealPic,
    ).toBe(link)
    const picture = await t.app.inject({ method: 'GET', url: link })
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toBe('image/png')
    expect(picture.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/)
    // The spec's picture call still answers the picture itself, the same bytes.
    const inline = await t.call({
      url: '/api/seal/getSealPicById',
      body: { sealId: personalSealId },
      token: person,
    })
    expect(inline.body.data.sealPic).toBe(`data:image/png;base64,${picture.rawPayload.toString('base64')}`)
  })

  it('refuses a picture link without its token, with a forged, expired or another file’s token', async () => {
    const [group] = (await groups(enterprise)).body.data
    const unitLink = new URL(group.list[0].sealPic, 'http://x')
    const personalLink = new URL(
      (await t.call({ url: '/api/seal/queryPersonSeals', body: {}, token: person })).body.data[0].sealPic,
      'http://x',
    )
    const unitFileId = unitLink.pathname.split('/').pop()!
    const personalToken = personalLink.searchParams.get('access_token')!
    const open = (fileId: string, token?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/seal/picture/${fileId}${token === undefined ? '' : `?access_token=${encodeURIComponent(token)}`}`,
      })
    expect((await open(unitFileId, unitLink.searchParams.get('access_token')!)).statusCode).toBe(200)
    for (const token of [
      undefined,
      '',
      personalToken,
      `${Date.now() + 60_000}.forged`,
      createAccessToken(t.secrets.fileAccessKey, unitFileId, Date.now() - 3_600_000),
    ]) {
      const refused = await open(unitFileId, token)
      expect(refused.statusCode).toBeLessThan(500)
      expect(refused.headers['content-type']).toMatch(/json/)
      expect(refused.json().responseInfo).toBe('文件ID不存在')
    }
    // Someone who may not see the seal gets no link to it at all.
    expect((await groups(person)).body.data).toEqual([])
    expect(
      (await t.call({ url: '/api/seal/detail', body: { sealId: unitSealId }, token: person })).body
        .responseInfo,
    ).toBe('数据不存在')
    expect(
      (await t.call({ url: '/api/seal/getSealPicById', body: { sealId: unitSealId }, token: person })).body
        .responseInfo,
    ).toBe('数据不存在')
  })

  it('reads a unit seal list in the same number of statements however many seals it holds', async () => {
    // The legal representative's personal session (their phone's login code went to the enterprise login).
    const legal = (await findCaller(t.db, enterprise))!.person
    const legalPerson = (
      await createSession(
        t.db,
        await ensureAccount(t.db, { kind: 'personal', personId: legal.id, unitId: null }),
      )
    ).token
    const measure = async (token: string) =>
      (await countStatements(t.db, () => groups(token, { needPic: true }))).statements
    await Promise.all([measure(enterprise), measure(legalPerson)]) // sessions now cached: only the list itself is counted
    const before = { enterprise: await measure(enterprise), legalPerson: await measure(legalPerson) }
    const added = [
      await makeUnitSeal('财务专用章', '02'),
      await makeUnitSeal('人事专用章', '99'),
      await makeUnitSeal('发票专用章', '05'),
    ]
    expect({ enterprise: await measure(enterprise), legalPerson: await measure(legalPerson) }).toEqual(before)
    // The legal representative sees the unit's seals too, in seal-type order (a unit holds one of each of
    // 01–05, while other seals (99) may repeat).
    const [group] = (await groups(legalPerson)).body.data
    expect(group.list.map((seal: { id: string }) => seal.id)).toEqual([
      added[0],
      unitSealId,
      added[2],
      added[1],
    ])
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
