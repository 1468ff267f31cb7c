import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { saveFile } from '../files/service.ts'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { ensureOperationManual } from './operation-manual.ts'

describe('configuration by identity', () => {
  let t: TestApp
  const admin = (body: unknown, method: 'PUT' | 'DELETE' = 'PUT') =>
    t.app.inject({ method, url: '/api/admin/config', payload: body as object, headers: { authorization: `Bearer ${t.secrets.adminToken}` } })

  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('answers the defaults before login, with the entry enabled', async () => {
    const config = await t.call({ url: '/api/config/queryByIdentity', body: {} })
    expect(config.body.data).toMatchObject({ enable: true, buttonConfig: 3, authorizationMenu: true, minApplicantAge: 14 })
  })

  it('lets an operator close the entry for one person only, the narrower scope winning', async () => {
    const token = await t.loginPersonal(demo.person.phone)
    const set = await admin({ scope: `person:${demo.person.identityNo}`, key: 'enable', value: false })
    expect(set.json()).toMatchObject({ resultStatus: '00' })
    expect((await t.call({ url: '/api/config/queryByIdentity', body: {}, token })).body.data.enable).toBe(false)
    expect((await t.call({ url: '/api/config/queryByIdentity', body: {} })).body.data.enable).toBe(true)
    await admin({ scope: `person:${demo.person.identityNo}`, key: 'enable' }, 'DELETE')
    expect((await t.call({ url: '/api/config/queryByIdentity', body: {}, token })).body.data.enable).toBe(true)
  })

  it('answers an operator change on the next call, although the configuration is cached', async () => {
    const token = await t.loginPersonal('13500000061', { name: '孙八', identityNo: '440306199201014562' })
    const query = async (withSession: boolean) =>
      (await t.call({ url: '/api/config/queryByIdentity', body: {}, token: withSession ? token : undefined })).body.data.supportPhone
    expect(await query(true)).toBe(await query(false))
    await admin({ scope: 'global', key: 'supportPhone', value: '400-111-2222' })
    expect(await query(true)).toBe('400-111-2222')
    expect(await query(false)).toBe('400-111-2222')
    await admin({ scope: 'global', key: 'supportPhone' }, 'DELETE')
    expect(await query(true)).not.toBe('400-111-2222')
    expect(await query(false)).not.toBe('400-111-2222')
  })

  it('keeps a text value that reads like a number as text', async () => {
    await admin({ scope: 'global', key: 'certificationType', value: '2' })
    expect((await t.call({ url: '/api/config/queryByIdentity', body: {} })).body.data.certificationType).toBe('2')
    await admin({ scope: 'global', key: 'certificationType' }, 'DELETE')
  })

  it('ignores an identity in the payload: the session decides', async () => {
    await admin({ scope: `person:${demo.legalPerson.identityNo}`, key: 'buttonConfig', value: 1 })
    const spoofed = await t.call({ url: '/api/config/queryByIdentity', body: { personIdentity: demo.legalPerson.identityNo } })
    expect(spoofed.body.data.buttonConfig).toBe(3)
  })

  it('refuses the operator API without the admin token and a value of the wrong type', async () => {
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/admin/config', payload: { key: 'enable', value: false } })
    expect(anonymous.statusCode).toBe(401)
    const wrongType = await admin({ key: 'enable', value: 'no' })
    expect(wrongType.json()).toMatchObject({ resultStatus: '400', responseInfo: '配置项 enable 的值类型应为 boolean' })
    const unknownKey = await admin({ key: 'nonsense', value: 1 })
    expect(unknownKey.json().resultStatus).toBe('400')
  })

  it('refuses a value of the right kind that the key cannot hold: a javascript: banner link, a code outside its set, a count out of range', async () => {
    const refused = async (key: string, value: unknown) => (await admin({ key, value })).json()
    expect(await refused('operationBanners', [{ fileId: 'f1', link: 'javascript:alert(1)' }])).toMatchObject({
      resultStatus: '400',
      responseInfo: '配置项 operationBanners 的值不正确（0.link）：须为本站路径（以 / 开头）或 http(s) 地址',
    })
    expect((await refused('authorizedUrl', '//evil.example/x')).resultStatus).toBe('400')
    expect((await refused('certificationType', '3')).resultStatus).toBe('400')
    expect((await refused('buttonShowFlog', 7)).resultStatus).toBe('400')
    expect((await refused('sealWillExpireDays', -1)).resultStatus).toBe('400')
    expect((await refused('unitSealValidDays', 1.5)).resultStatus).toBe('400')
    expect((await refused('consignee', { name: '受理中心', extra: 1 })).resultStatus).toBe('400')
    // What the keys may hold is stored.
    for (const [key, value] of [
      ['operationBanners', [{ fileId: 'f1', link: '/home' }, { fileId: 'f2', link: 'https://example.cn/a' }, { fileId: 'f3', link: '' }]],
      ['authorizedUrl', '/authorization-start/personal?authId={authId}'],
      ['consignee', { name: '受理中心', phone: '010-1234' }],
    ] as const)
      expect((await refused(key, value)).resultStatus).toBe('00')
  })
})

describe('home banner', () => {
  it('answers none until an operator configures one, then each with its link and a url that shows the image to anyone', async () => {
    const test = await startTestApp()
    try {
      const token = await test.loginPersonal(demo.person.phone)
      const banners = async () => (await test.call({ method: 'GET', url: '/api/configs/operation/image?position=1', token })).body
      expect(await banners()).toMatchObject({ resultStatus: '00', data: [] })

      const png = await sharp({ create: { width: 4, height: 2, channels: 3, background: '#c00' } }).png().toBuffer()
      const image = await saveFile({ db: test.db, store: test.app.files, ownerAccountId: null, bytes: png, originalName: 'banner.png' })
      const set = await test.app.inject({
        method: 'PUT',
        url: '/api/admin/config',
        payload: { key: 'operationBanners', value: [{ fileId: image.id, link: 'https://example.cn/notice' }] },
        headers: { authorization: `Bearer ${test.secrets.adminToken}` },
      })
      expect(set.json().resultStatus).toBe('00')

      const [banner] = (await banners()).data
      expect(banner).toMatchObject({ fileId: image.id, link: 'https://example.cn/notice', url: expect.stringContaining('access_token=') })
      const shown = await test.app.inject({ method: 'GET', url: banner.url })
      expect(shown.statusCode).toBe(200)
      expect(shown.rawPayload.equals(png)).toBe(true)
    } finally {
      await test.close()
    }
  })
})

describe('operation manual', () => {
  it('is generated once as a Chinese PDF and served to /applyPdf; an operator-configured manual is kept', async () => {
    const test = await startTestApp()
    try {
      const missing = await test.call({ method: 'GET', url: '/api/configs/operation/manual' })
      expect(missing.body).toMatchObject({ resultStatus: '404', responseInfo: '文件ID不存在' })

      const fileId = await ensureOperationManual(test.db, test.app.files)
      expect(fileId).toBeTruthy()
      expect(await ensureOperationManual(test.db, test.app.files)).toBeUndefined()

      const raw = await test.app.inject({ method: 'GET', url: '/api/configs/operation/manual' })
      expect(raw.headers['content-type']).toBe('application/pdf')
      expect(raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    } finally {
      await test.close()
    }
  })
})
