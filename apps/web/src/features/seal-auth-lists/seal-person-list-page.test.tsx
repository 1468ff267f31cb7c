import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Dialog, Toast } from 'antd-mobile'
import type { AuthorisedPerson } from '@seal/shared/api/seal-auth'
import type { SealItem } from '@seal/shared/api/seals'
import { appConfig, fakeApi, refused, type ApiCall } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { SealDetailPage } from '../my-seals/seal-detail-page.tsx'
import { SealPersonListPage } from './seal-person-list-page.tsx'
import { sealItem } from '../../../test/seal-item.ts'

vi.setConfig({ testTimeout: 20_000 })
// Dialogs load on first use and open with animations, slow on a busy machine.
configure({ asyncUtilTimeout: 8000 })

const START = Date.parse('2026-03-01T16:00:00Z')
const END = Date.parse('2026-03-31T15:59:59Z')

const seal = (overrides: Partial<SealItem> = {}): SealItem => sealItem({ certStartTime: START, certEndTime: END, ...overrides })

const person = (id: string, overrides: Partial<AuthorisedPerson> = {}): AuthorisedPerson => ({
  id,
  name: `员工${id}`,
  personIdentity: '1101**********1234',
  phone: '138****0000',
  startTime: START,
  endTime: END,
  useType: 2,
  authUseType: 1,
  lawPersonFlag: 0,
  sealId: 's1',
  authStatus: 2,
  ...overrides,
})

const legal = person('holder:s1', { name: '李四', lawPersonFlag: 1, authUseType: 2, useType: 2 })

function serve(list: AuthorisedPerson[], viewer: Partial<SealItem> = {}, extra: Record<string, (call: ApiCall) => unknown> = {}) {
  return fakeApi({
    'POST /seal/detail': () => seal(viewer),
    'POST /sealAuth/queryListBySeal': () => ({ list, total: list.length }),
    'POST /config/queryByIdentity': () => appConfig(),
    ...extra,
  })
}

const open = (type = 'company') => renderScreen(`/seal-person-list/${type}/s1`, { path: '/seal-person-list/:type/:sealId', element: <SealPersonListPage /> })
const row = (name: string) => screen.findByRole('article', { name })
/** A dialog's button: found first (a dialog renders outside act), then pressed inside it. */
async function clickInDialog(text: string) {
  const button = await screen.findByText(text, { selector: '.adm-dialog-button span' })
  await act(async () => fireEvent.click(button))
}
const location = () => screen.findByTestId('location').then((element) => element.textContent)

afterEach(() => {
  Toast.clear()
  Dialog.clear()
  cleanup()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('授权人员', () => {
  it('lists the legal person first and each authorised person with masked ID and phone, period, method and grant', async () => {
    const api = serve([legal, person('a'), person('m', { authUseType: 2, useType: 1, authStatus: 1 })])
    open()
    const first = within(await row('李四'))
    expect(first.getByText('法定代表人')).toBeTruthy()
    expect(first.queryByText('解除授权')).toBeNull()
    expect(first.queryByText('编辑')).toBeNull()
    const user = within(await row('员工a'))
    expect(user.getByText('1101**********1234')).toBeTruthy()
    expect(user.getByText('138****0000')).toBeTruthy()
    expect(user.getByText('2026.03.02 - 2026.03.31')).toBeTruthy()
    expect(user.getByText('密码用章')).toBeTruthy()
    expect(user.getByText('授权使用')).toBeTruthy()
    expect(user.getByText('解除授权')).toBeTruthy()
    const manager = within(await row('员工m'))
    expect(manager.getByText('待确认')).toBeTruthy()
    expect(manager.getByText('签名用章')).toBeTruthy()
    expect(manager.getByText('授权管理')).toBeTruthy()
    expect(manager.getByText('解除授权')).toBeTruthy()
    expect(api.to('POST /sealAuth/queryListBySeal')[0]!.body).toEqual({
      sealId: 's1',
      sealCode: '1101080012345',
      sealTypeCode: '04',
      socialCreditCode: '91110108MA01ABCDEN',
      currentPage: 1,
      pageSize: 30,
    })
  })

  it('hides remove and edit of a manager’s row from a manager (role 2)', async () => {
    serve([legal, person('a'), person('m', { authUseType: 2 })], { role: 2 })
    open()
    expect(within(await row('员工m')).queryByText('解除授权')).toBeNull()
    expect(within(await row('员工a')).getByText('解除授权')).toBeTruthy()
    expect(within(await row('员工a')).getByText('编辑')).toBeTruthy()
  })

  it('removes after confirmation, says 解除授权成功 and reloads the list', async () => {
    const list = [legal, person('a')]
    const api = serve(list, {}, {
      'POST /sealAuth/cancelAuth': ({ body }) => {
        list.splice(list.findIndex((entry) => entry.id === body.authId), 1)
        return null
      },
    })
    open()
    fireEvent.click(within(await row('员工a')).getByText('解除授权'))
    await clickInDialog('确定')
    expect(await screen.findByText('解除授权成功')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('article', { name: '员工a' })).toBeNull())
    expect(api.to('POST /sealAuth/cancelAuth')[0]!.body).toEqual({ authId: 'a' })
    expect(api.to('POST /sealAuth/queryListBySeal')).toHaveLength(2)
  })

  it('shows the server’s refusal and keeps the row', async () => {
    serve([legal, person('a')], {}, { 'POST /sealAuth/cancelAuth': () => refused('该授权已处理') })
    open()
    fireEvent.click(within(await row('员工a')).getByText('解除授权'))
    await clickInDialog('确定')
    expect(await screen.findByText('该授权已处理')).toBeTruthy()
    expect(screen.getByRole('article', { name: '员工a' })).toBeTruthy()
  })

  it('goes to this seal’s grant from 新增授权人, and to the authorisation’s use method from 编辑', async () => {
    serve([legal, person('a')])
    const { router } = open()
    fireEvent.click(within(await row('员工a')).getByText('编辑'))
    expect(await location()).toBe('/batch-modify-call-type?sealId=s1&authId=a')
    await act(() => router.navigate(-1))
    await row('员工a')
    fireEvent.click(screen.getByText('新增授权人'))
    expect(await location()).toBe('/authorization-start/company?sealCode=1101080012345&sealId=s1')
  })

  it('names the personal seal’s holder 持有人, and offers no 新增授权人 on a seal not in effect', async () => {
    serve([{ ...legal, name: '王小明' }], { sealTypeCode: '1000', status: '10' })
    open('personal')
    expect(within(await row('王小明')).getByText('持有人')).toBeTruthy()
    expect(screen.queryByText('新增授权人')).toBeNull()
  })
})

describe('取消授权 from the seal detail', () => {
  it('gives up the caller’s own authorisation after confirmation and goes back to the seal list', async () => {
    const api = serve([], { role: 3 }, { 'POST /sealAuth/cancelAuthByParams': () => null })
    renderScreen('/seal-preview/company/s1', { path: '/seal-preview/:type/:sealId', element: <SealDetailPage /> })
    fireEvent.click(await screen.findByText('取消授权'))
    await clickInDialog('确定')
    expect(await screen.findByText('解除授权成功')).toBeTruthy()
    expect(await location()).toBe('/seal-preview-list/company')
    expect(api.to('POST /sealAuth/cancelAuthByParams')[0]!.body).toEqual({ sealId: 's1' })
    // The seal is no longer theirs: its detail is not asked for again (it would answer 数据不存在 over the toast).
    expect(api.to('POST /seal/detail')).toHaveLength(1)
  })

  it('does nothing when not confirmed', async () => {
    const api = serve([], { role: 2 }, { 'POST /sealAuth/cancelAuthByParams': () => null })
    renderScreen('/seal-preview/company/s1', { path: '/seal-preview/:type/:sealId', element: <SealDetailPage /> })
    fireEvent.click(await screen.findByText('取消授权'))
    await clickInDialog('取消')
    expect(api.to('POST /sealAuth/cancelAuthByParams')).toHaveLength(0)
    expect(screen.getByText('印章详情')).toBeTruthy()
  })
})
