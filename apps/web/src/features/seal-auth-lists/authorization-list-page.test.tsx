import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Dialog, Toast } from 'antd-mobile'
import type { AuthorizationItem } from '@seal/shared/api/seal-auth'
import type { LoginInfo } from '@seal/shared/api/auth'
import { fakeApi, legalRepresentative, type ApiCall } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { AuthorizationListPage } from './authorization-list-page.tsx'

vi.setConfig({ testTimeout: 20_000 })
// Dialogs load on first use and open with animations, slow on a busy machine.
configure({ asyncUtilTimeout: 8000 })

const employee: LoginInfo = { ...legalRepresentative, kind: 'personal', personName: '王小明', socialCreditCode: null, companyName: null, unitTypeCode: null }
// 2026-03-02 to 2026-03-31 in Beijing.
const START = Date.parse('2026-03-01T16:00:00Z')
const END = Date.parse('2026-03-31T15:59:59Z')

function item(authId: string, overrides: Partial<AuthorizationItem> = {}): AuthorizationItem {
  return {
    id: authId,
    authId,
    businessName: '示例科技有限公司',
    name: `用章人${authId}`,
    phone: '138****0000',
    personIdentity: '1101**********1234',
    identityType: '111',
    sealTypeCode: '04',
    sealName: `合同专用章${authId}`,
    sealCode: '1101080012345',
    sealId: 's1',
    socialCreditCode: '91110108MA01ABCDEN',
    startTime: START,
    endTime: END,
    authFileId: `file-${authId}`,
    authStatus: 1,
    authUseType: 1,
    useType: 2,
    mine: false,
    grantorName: '张三',
    ...overrides,
  }
}

/** POST /sealAuth/querySealListByAll over the items, by tab, paged as the server pages. */
function paged(all: AuthorizationItem[]) {
  return ({ body }: ApiCall) => {
    const tab = all.filter((entry) => entry.authStatus === Number(body.status))
    const start = (body.currentPage - 1) * body.pageSize
    return { list: tab.slice(start, start + body.pageSize), total: tab.length }
  }
}

function serve(all: AuthorizationItem[], extra: Record<string, (call: ApiCall) => unknown> = {}, me: LoginInfo = employee) {
  return fakeApi({ 'GET /auth/me': () => me, 'POST /sealAuth/querySealListByAll': paged(all), ...extra })
}

const PATH = '/authorization/personal'
const open = () => renderScreen(PATH, { path: '/authorization/:type', element: <AuthorizationListPage /> })
const tab = (title: string) => screen.getByText(title, { selector: '.auth-lists-tab' })
const card = (name: string) => screen.findByRole('article', { name })
/** A dialog's button: found first (a dialog renders outside act), then pressed inside it. */
async function clickInDialog(text: string) {
  const button = await screen.findByText(text, { selector: '.adm-dialog-button span' })
  await act(async () => fireEvent.click(button))
}
const location = () => screen.findByTestId('location').then((element) => element.textContent)

beforeEach(() => {
  sessionStorage.clear()
  // jsdom lays nothing out: InfiniteScroll needs a positioned ancestor to decide the end of the list is in view.
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body })
})
afterEach(() => {
  Toast.clear()
  Dialog.clear()
  cleanup()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('印章授权 list', () => {
  it('shows each authorisation with its unit, seal, seal user, period and status; revoke only on others’ waiting ones', async () => {
    const api = serve([item('a'), item('b', { mine: true })])
    open()
    const other = within(await card('用章人a 合同专用章a'))
    expect(other.getByText('示例科技有限公司')).toBeTruthy()
    expect(other.getByText('合同专用章a')).toBeTruthy()
    expect(other.getByText('合同专用章')).toBeTruthy()
    expect(other.getByText('用章人a')).toBeTruthy()
    expect(other.getByText('2026.03.02 - 2026.03.31')).toBeTruthy()
    expect(other.getByText('授权中')).toBeTruthy()
    expect(other.getByText('撤销授权')).toBeTruthy()
    const mine = within(await card('用章人b 合同专用章b'))
    expect(mine.getByText('待我确认')).toBeTruthy()
    expect(mine.queryByText('撤销授权')).toBeNull()
    expect(api.to('POST /sealAuth/querySealListByAll')[0]!.body).toEqual({ status: 1, currentPage: 1, pageSize: 10 })
  })

  it('opens the acceptance of the person’s own waiting authorisation, and the letter of another', async () => {
    serve([item('a'), item('b', { mine: true })])
    const { router } = open()
    fireEvent.click(within(await card('用章人b 合同专用章b')).getByText('待我确认'))
    expect(await location()).toBe('/authorization-start/personal?authId=b&sealId=s1')
    await act(() => router.navigate(-1))
    fireEvent.click(within(await card('用章人a 合同专用章a')).getByText('用章人a'))
    expect(await location()).toBe('/auth-file/file-a')
  })

  it('revokes after confirmation, says 解除授权成功 and reloads the tab', async () => {
    const all = [item('a'), item('keep')]
    const api = serve(all, {
      'POST /sealAuth/v4/cancelAuth': ({ body }) => {
        all.splice(all.findIndex((entry) => entry.authId === body.authId), 1)
        return null
      },
    })
    open()
    fireEvent.click(within(await card('用章人a 合同专用章a')).getByText('撤销授权'))
    expect(await screen.findByText('撤销授权', { selector: '.adm-dialog-header, .adm-dialog-title' })).toBeTruthy()
    await clickInDialog('确定')
    expect(await screen.findByText('解除授权成功')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('article', { name: '用章人a 合同专用章a' })).toBeNull())
    expect(screen.getByRole('article', { name: '用章人keep 合同专用章keep' })).toBeTruthy()
    expect(api.to('POST /sealAuth/v4/cancelAuth')[0]!.body).toEqual({ authId: 'a' })
  })

  it('keeps the tab for the session, reloads a tab when tapped, and says what a tab lacks', async () => {
    const api = serve([item('a'), item('done', { authStatus: 2 })])
    open()
    await card('用章人a 合同专用章a')
    fireEvent.click(tab('已授权'))
    expect(await card('用章人done 合同专用章done')).toBeTruthy()
    expect(within(await card('用章人done 合同专用章done')).queryByText('撤销授权')).toBeNull()
    expect(sessionStorage.getItem('seal.authorizationTab')).toBe('2')
    const before = api.to('POST /sealAuth/querySealListByAll').length
    fireEvent.click(tab('已授权'))
    await waitFor(() => expect(api.to('POST /sealAuth/querySealListByAll').length).toBe(before + 1))
    expect(api.to('POST /sealAuth/querySealListByAll').at(-1)!.body.status).toBe(2)
    fireEvent.click(tab('已失效'))
    expect(await screen.findByText('暂无已失效的记录')).toBeTruthy()
  })

  it('loads the next page at the end of the list and says 已经到底了 after the last', async () => {
    const api = serve(Array.from({ length: 23 }, (_, i) => item(`n${i + 1}`)))
    open()
    expect(await screen.findByText('已经到底了')).toBeTruthy()
    expect(screen.getAllByRole('article')).toHaveLength(23)
    expect(api.to('POST /sealAuth/querySealListByAll').map((call) => call.body.currentPage)).toEqual([1, 2, 3])
  })

  it('refuses 新增授权 without an authorisable seal, offering to apply for one', async () => {
    const api = serve([], { 'POST /sealAuth/getAvailableSeal': () => [] })
    open()
    await screen.findByText('暂无授权中的记录')
    fireEvent.click(screen.getByText('新增授权'))
    expect(await screen.findByText('无法授权')).toBeTruthy()
    expect(screen.getByText('暂无可授权印章，无法授权')).toBeTruthy()
    await clickInDialog('申请印章')
    expect(await location()).toBe('/seal-apply/readme')
    expect(api.to('POST /sealAuth/getAvailableSeal')[0]!.body).toEqual({})
  })

  it('starts a grant when there is a seal to authorise; an enterprise asks for its own unit', async () => {
    const seal = { sealId: 's1', sealTypeCode: '04', sealName: '合同专用章', sealCode: '1', businessName: '示例', socialCreditCode: legalRepresentative.socialCreditCode, role: 1, certEndTime: END }
    const api = serve([], { 'POST /sealAuth/getAvailableSeal': () => [seal] }, legalRepresentative)
    open()
    await screen.findByText('暂无授权中的记录')
    fireEvent.click(screen.getByText('新增授权'))
    expect(await location()).toBe('/authorization-start/company')
    expect(api.to('POST /sealAuth/getAvailableSeal')[0]!.body).toEqual({ socialCreditCode: legalRepresentative.socialCreditCode })
  })
})
