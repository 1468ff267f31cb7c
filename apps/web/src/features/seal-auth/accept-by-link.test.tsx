import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, configure, fireEvent, screen, within } from '@testing-library/react'
import { Dialog, Toast } from 'antd-mobile'
import type { AuthorizationItem } from '@seal/shared/api/seal-auth'
import { appConfig, fakeApi, refused } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { SealAuthAcceptPage } from './accept-page.tsx'
import { AuthorizationStartPage } from './start-page.tsx'

vi.setConfig({ testTimeout: 20_000 })
configure({ asyncUtilTimeout: 8000 })

const waiting: AuthorizationItem = {
  id: 'a77',
  authId: 'a77',
  businessName: '示例科技有限公司',
  name: '王小明',
  phone: '13900001234',
  personIdentity: '1101**********1234',
  identityType: '111',
  sealTypeCode: '04',
  sealName: '示例科技有限公司合同专用章',
  sealCode: '1101080012345',
  sealId: 's9',
  socialCreditCode: '91110108MA01ABCDEN',
  startTime: Date.parse('2026-11-01T16:00:00Z'),
  endTime: Date.parse('2026-12-01T15:59:59Z'),
  authFileId: 'f1',
  authStatus: 1,
  authUseType: 1,
  useType: 2,
  mine: true,
  grantorName: '赵六',
}

const location = () => screen.findByTestId('location').then((element) => element.textContent)

afterEach(() => {
  Toast.clear()
  Dialog.clear()
  cleanup()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('accepting an authorisation from the SMS link (authId only)', () => {
  it('opens that authorisation by id, checks its seal, and goes on to /seal-auth — without searching the list', async () => {
    const api = fakeApi({
      'POST /config/queryByIdentity': () => appConfig(),
      'POST /sealAuth/queryAuthDetail': () => waiting,
      'POST /sealAuth/sealStatus': () => ({ status: 1 }),
    })
    renderScreen('/authorization-start/personal?authId=a77', { path: '/authorization-start/:type', element: <AuthorizationStartPage /> })
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '接受授权' })))
    expect(await location()).toBe('/seal-auth?authId=a77&sealId=s9')
    expect(api.to('POST /sealAuth/queryAuthDetail')[0]!.body).toEqual({ authId: 'a77' })
    expect(api.to('POST /sealAuth/sealStatus')[0]!.body).toEqual({ sealId: 's9' })
    expect(api.to('POST /sealAuth/querySealListByAll')).toHaveLength(0)
  })

  it('names the seal, the unit, who grants it, what and for how long before 接受授权', async () => {
    fakeApi({ 'POST /config/queryByIdentity': () => appConfig(), 'POST /sealAuth/queryAuthDetail': () => waiting })
    renderScreen('/authorization-start/personal?authId=a77', { path: '/authorization-start/:type', element: <AuthorizationStartPage /> })
    const what = await screen.findByRole('region', { name: '待接受的授权' })
    const rows: [string, string][] = [
      ['印章', '示例科技有限公司合同专用章'],
      ['单位', '示例科技有限公司'],
      ['授权人', '赵六'],
      ['授权事项', '授权使用'],
      ['用章方式', '密码用章'],
      ['授权期限', '2026.11.02 至 2026.12.01'],
    ]
    for (const [label, value] of rows) {
      expect(within(what).getByText(label).nextElementSibling?.textContent).toBe(value)
    }
    expect(screen.getByRole('button', { name: '接受授权' })).toBeTruthy()
  })

  it('lets the seal user decline, after asking, and takes them home', async () => {
    const api = fakeApi({ 'POST /config/queryByIdentity': () => appConfig(), 'POST /sealAuth/queryAuthDetail': () => waiting, 'POST /sealAuth/cancelAuthByParams': () => null })
    renderScreen('/authorization-start/personal?authId=a77', { path: '/authorization-start/:type', element: <AuthorizationStartPage /> })
    const what = await screen.findByRole('region', { name: '待接受的授权' })
    await act(async () => fireEvent.click(within(what).getByRole('button', { name: '拒绝授权' })))
    await act(async () => fireEvent.click((await screen.findAllByText('确认拒绝')).at(-1)!))
    expect(await location()).toBe('/home')
    expect(api.to('POST /sealAuth/cancelAuthByParams')[0]!.body).toEqual({ sealId: 's9' })
  })

  it('says an authorisation already accepted, or not theirs, is handled, and stays', async () => {
    fakeApi({
      'POST /config/queryByIdentity': () => appConfig(),
      'POST /sealAuth/queryAuthDetail': (call) => (call.body.authId === 'a77' ? { ...waiting, authStatus: 2 } : refused('数据不存在')),
    })
    renderScreen('/authorization-start/personal?authId=a77', { path: '/authorization-start/:type', element: <AuthorizationStartPage /> })
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '接受授权' })))
    expect(await screen.findByText('该授权已处理')).toBeTruthy()
    expect(screen.queryByTestId('location')).toBeNull()
  })

  it('shows the waiting authorisation on /seal-auth, and a handled or unknown one as such', async () => {
    fakeApi({
      'POST /sealAuth/queryAuthDetail': (call) => (call.body.authId === 'a77' ? waiting : refused('数据不存在')),
    })
    renderScreen('/seal-auth?authId=a77&sealId=s9', { path: '/seal-auth', element: <SealAuthAcceptPage /> })
    expect(await screen.findByText('示例科技有限公司合同专用章（合同专用章）')).toBeTruthy()
    expect(screen.getByPlaceholderText('请设置用章密码')).toBeTruthy()
    cleanup()
    renderScreen('/seal-auth?authId=gone&sealId=s9', { path: '/seal-auth', element: <SealAuthAcceptPage /> })
    expect(await screen.findByText('该授权已处理或不存在')).toBeTruthy()
    // A business refusal is the screen's own message, not a failure toast.
    expect(screen.queryByText('数据不存在')).toBeNull()
  })
})
