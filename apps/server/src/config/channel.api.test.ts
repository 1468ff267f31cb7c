import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demo } from '../seed.ts'
import { hostAssertion, hostChannel } from '../redis/test-support.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { offlineBase, offlineForm, operatorFor, type Operator } from '../offline-apply/test-support.ts'
import { creditCode } from '../test/unit-applications.ts'
import { idNumber, pictureFor } from '../unit-apply/test-support.ts'

/**
 * Configuration by channel (issue #22): a session opened by a host channel's signed launch reads its
 * channel's scope, our own login screens read the plain H5's; person and unit scopes still win over it.
 */
describe('configuration by channel', () => {
  let t: TestApp
  let hosted: string
  let plain: string
  let hostedOperator: Operator
  let hostedPerson: { sub: string; name: string; idNo: string }

  const admin = (method: 'GET' | 'PUT' | 'DELETE', body: Record<string, unknown>) =>
    t.app
      .inject({
        method,
        url: method === 'GET' ? `/api/admin/config?scope=${encodeURIComponent(String(body.scope))}` : '/api/admin/config',
        ...(method === 'GET' ? {} : { payload: body }),
        headers: { authorization: `Bearer ${t.secrets.adminToken}` },
      })
      .then((answer) => answer.json())
  const startUp = async (token?: string) => (await t.call({ url: '/api/config/queryByIdentity', body: {}, token })).body.data

  beforeAll(async () => {
    t = await startTestApp({ env: { HOST_CHANNELS: JSON.stringify(hostChannel) } })
    // A verified person (a real-name check passed), whom the host channel then launches.
    hostedOperator = await operatorFor(t, 981, '冯渠道')
    hostedPerson = { sub: hostedOperator.phone, name: hostedOperator.name, idNo: hostedOperator.identityNo }
    const login = await t.call({ url: '/api/auth/login/host', body: { assertion: await hostAssertion(hostedPerson) } })
    expect(login.body).toMatchObject({ resultStatus: '00' })
    hosted = login.body.data.token
    hostedOperator = { ...hostedOperator, token: hosted, fileId: await pictureFor(t, hosted) }
    plain = await t.loginPersonal(demo.person.phone)
  })
  afterAll(() => t.close())

  it('lists the channels a session can carry: the plain H5 and each host channel', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/admin/config/channels', headers: { authorization: `Bearer ${t.secrets.adminToken}` } })
    expect(answer.json()).toMatchObject({
      resultStatus: '00',
      data: [
        { id: 'h5', label: '浏览器（H5）' },
        { id: 'test-app', label: 'test-app' },
      ],
    })
  })

  it('answers the start-up call per channel: the host channel’s session its scope, the plain H5 its own, no one else', async () => {
    expect((await admin('PUT', { scope: 'channel:test-app', key: 'logoutLink', value: 'https://host.example.cn/back' })).resultStatus).toBe('00')
    expect((await admin('PUT', { scope: 'channel:h5', key: 'enableLoginFaceAuth', value: true })).resultStatus).toBe('00')

    expect(await startUp(hosted)).toMatchObject({ logoutLink: 'https://host.example.cn/back', enableLoginFaceAuth: false })
    expect(await startUp(plain)).toMatchObject({ logoutLink: '', enableLoginFaceAuth: true })
    // Before login nobody's channel is known: the global configuration.
    expect(await startUp()).toMatchObject({ logoutLink: '', enableLoginFaceAuth: false })
    // The operator reads the same at the channel's scope.
    expect((await admin('GET', { scope: 'channel:test-app' })).data.logoutLink).toBe('https://host.example.cn/back')

    await admin('DELETE', { scope: 'channel:h5', key: 'enableLoginFaceAuth' })
    expect((await startUp(plain)).enableLoginFaceAuth).toBe(false)
  })

  it('lets a channel override the global value, and the person’s own scope override the channel', async () => {
    await admin('PUT', { scope: 'global', key: 'supportPhone', value: '400-100-0001' })
    await admin('PUT', { scope: 'channel:test-app', key: 'supportPhone', value: '400-100-0002' })
    expect((await startUp(hosted)).supportPhone).toBe('400-100-0002')
    expect((await startUp(plain)).supportPhone).toBe('400-100-0001')
    await admin('PUT', { scope: `person:${hostedPerson.idNo}`, key: 'supportPhone', value: '400-100-0003' })
    expect((await startUp(hosted)).supportPhone).toBe('400-100-0003')
    for (const scope of ['global', 'channel:test-app', `person:${hostedPerson.idNo}`]) await admin('DELETE', { scope, key: 'supportPhone' })
  })

  it('refuses a channel no session can carry, saying which ones can', async () => {
    const refused = await admin('PUT', { scope: 'channel:nowhere', key: 'enable', value: false })
    expect(refused).toMatchObject({ resultStatus: '400', responseInfo: '渠道 nowhere 不存在，可配置的渠道：h5、test-app' })
    expect((await admin('GET', { scope: 'channel:nowhere' })).responseInfo).toBe('渠道 nowhere 不存在，可配置的渠道：h5、test-app')
    expect((await admin('PUT', { scope: 'channel:bad id', key: 'enable', value: false })).resultStatus).toBe('400')
    expect((await startUp(hosted)).enable).toBe(true)
  })

  it('records on an application the channel it was saved through, and answers the consignee of that channel', async () => {
    const plainOperator = await operatorFor(t, 982, '褚经办')
    const legal = { name: '卫法人', identityNo: idNumber(983), phone: '13600000983' }
    const created = async (token: string, form: ReturnType<typeof offlineForm>) => (await t.call({ url: `${offlineBase}/create`, body: form, token })).body.data.applyId as string
    const channelOf = async (token: string, id: string) => (await t.call({ method: 'GET', url: `${offlineBase}/applyDetail/${id}`, token })).body.data.channel
    const viaHost = await created(hosted, offlineForm(hostedOperator, legal, { unitName: '渠道记录甲有限公司', socialCreditCode: creditCode(981) }))
    const viaH5 = await created(plainOperator.token, offlineForm(plainOperator, legal, { unitName: '渠道记录乙有限公司', socialCreditCode: creditCode(982) }))
    expect(await channelOf(hosted, viaHost)).toBe('test-app')
    expect(await channelOf(plainOperator.token, viaH5)).toBe('h5')

    await admin('PUT', { scope: 'channel:test-app', key: 'consignee', value: { name: '渠道受理点' } })
    const consignee = async (token: string) => (await t.call({ method: 'GET', url: '/api/paas-seal-offline-sdk/v1/config/consignee', token })).body.data.recipientName
    expect(await consignee(hosted)).toBe('渠道受理点')
    expect(await consignee(plainOperator.token)).not.toBe('渠道受理点')
    await admin('DELETE', { scope: 'channel:test-app', key: 'consignee' })
  })

  it('ignores a channel the payload or a header declares: the session decides', async () => {
    await admin('PUT', { scope: 'channel:test-app', key: 'buttonConfig', value: 1 })
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/config/queryByIdentity',
      payload: { channel: 'test-app' },
      headers: { authorization: `Bearer ${plain}`, 'x-channel': 'test-app' },
    })
    expect(declared.json().data.buttonConfig).toBe(3)
    expect((await startUp(hosted)).buttonConfig).toBe(1)
    await admin('DELETE', { scope: 'channel:test-app', key: 'buttonConfig' })
  })
})
