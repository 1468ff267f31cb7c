import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Dialog, Toast } from 'antd-mobile'
import type { ApplyRecordItem } from '@seal/shared/api/unit-apply'
import { appConfig, fakeApi, legalRepresentative, type ApiCall } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { ApplyRecordListPage } from './record-list-page.tsx'

const PATH = '/seal-apply/record-list'
// 2026-03-02 08:05 in Beijing.
const CREATED = Date.parse('2026-03-02T00:05:00Z')

function record(id: string, overrides: Partial<ApplyRecordItem> = {}): ApplyRecordItem {
  return {
    id,
    unitName: `单位${id}`,
    sealType: '01',
    applyStatus: 'PENDING_REVIEW',
    failReason: null,
    createTime: CREATED,
    businessType: 'APPLY',
    applyType: 'LEGAL_APPLY',
    ...overrides,
  }
}

/** POST /seal-apply/apply/page over a list, as the server pages it. */
function paged(all: ApplyRecordItem[]) {
  return ({ body }: ApiCall) => {
    const mine = all.filter((item) => item.applyType === body.applyType)
    const pageSize = body.pageSize as number
    const start = (body.pageNo - 1) * pageSize
    return { records: mine.slice(start, start + pageSize), pages: Math.ceil(mine.length / pageSize), total: mine.length, pageNo: body.pageNo }
  }
}

function serve(all: ApplyRecordItem[], extra: Record<string, (call: ApiCall) => unknown> = {}, recordButtons = 3) {
  return fakeApi({
    'POST /config/queryByIdentity': () => appConfig({ recordButtons }),
    'GET /auth/me': () => legalRepresentative,
    'POST /seal-apply/apply/page': paged(all),
    ...extra,
  })
}

const open = () => renderScreen(PATH, { path: PATH, element: <ApplyRecordListPage /> })
const card = (unitName: string) => screen.getByRole('article', { name: unitName })
const buttonsOf = (unitName: string) => within(card(unitName)).queryAllByRole('button').map((button) => button.textContent?.replace(/\s/g, ''))
const location = () => screen.findByTestId('location').then((element) => element.textContent)

async function confirmInDialog() {
  const confirm = await screen.findByText('确定')
  await act(async () => fireEvent.click(confirm))
}

beforeEach(() => {
  localStorage.clear()
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

describe('申请记录表', () => {
  it('shows each record with its unit, business type, seal types, status, Beijing time and failure reason', async () => {
    serve([record('a', { sealType: '01,04,99', applyStatus: 'APPLY_FAIL', failReason: '印模不清晰', businessType: 'CHANGE' })])
    open()
    const item = within(await screen.findByRole('article', { name: '单位a' }))
    expect(item.getByText('变更')).toBeTruthy()
    expect(item.getByText('单位公章、合同专用章、其他类型印章')).toBeTruthy()
    expect(item.getByText('申请失败').dataset.status).toBe('APPLY_FAIL')
    expect(item.getByText('2026-03-02 08:05')).toBeTruthy()
    expect(item.getByText('印模不清晰')).toBeTruthy()
  })

  it('offers the actions each status allows', async () => {
    const statuses = ['APPLY_SUCCESS', 'TEMPORARY_SAVE', 'APPLY_FAIL', 'CANCELED', 'LEGAL_REFUSED', 'PENDING_REVIEW', 'PENDING_SIGN', 'SEALING']
    serve(statuses.map((status) => record(status, { applyStatus: status })))
    open()
    await screen.findByRole('article', { name: `单位${statuses[0]}` })
    expect(buttonsOf('单位APPLY_SUCCESS')).toEqual(['查看'])
    expect(buttonsOf('单位TEMPORARY_SAVE')).toEqual(['继续申请', '删除'])
    expect(buttonsOf('单位APPLY_FAIL')).toEqual(['重新申请'])
    expect(buttonsOf('单位CANCELED')).toEqual(['重新申请'])
    expect(buttonsOf('单位LEGAL_REFUSED')).toEqual(['重新申请'])
    expect(buttonsOf('单位PENDING_REVIEW')).toEqual(['查看', '撤销申请'])
    expect(buttonsOf('单位PENDING_SIGN')).toEqual(['查看', '撤销申请'])
    expect(buttonsOf('单位SEALING')).toEqual(['查看'])
    expect(within(card('单位LEGAL_REFUSED')).getByText('未签署，法人拒绝')).toBeTruthy()
    // 查看 of a 待签署 record opens its detail (the result page by id).
    fireEvent.click(within(card('单位PENDING_SIGN')).getByRole('button', { name: '查看' }))
    expect((await screen.findByTestId('location')).textContent).toMatch(/^\/new\/seal-result\?id=PENDING_SIGN/)
  })

  it('opens on the tab kept in storage and keeps the tab chosen', async () => {
    localStorage.setItem('seal.applyRecordTab', '1')
    const api = serve([record('legal'), record('operator', { applyType: 'OPERATOR_APPLY' })])
    open()
    expect(await screen.findByRole('article', { name: '单位operator' })).toBeTruthy()
    expect(api.to('POST /seal-apply/apply/page')[0]!.body).toMatchObject({ applyType: 'OPERATOR_APPLY', pageNo: 1, pageSize: 10 })

    fireEvent.click(screen.getByText('本人申请'))
    expect(await screen.findByRole('article', { name: '单位legal' })).toBeTruthy()
    expect(screen.queryByRole('article', { name: '单位operator' })).toBeNull()
    expect(localStorage.getItem('seal.applyRecordTab')).toBe('0')
    expect(api.to('POST /seal-apply/apply/page').at(-1)!.body.applyType).toBe('LEGAL_APPLY')
  })

  it('loads the next page at the end of the list and says 已经到底了 after the last', async () => {
    const all = Array.from({ length: 12 }, (_, i) => record(`r${i + 1}`))
    const api = serve(all)
    open()
    expect(await screen.findByText('已经到底了')).toBeTruthy()
    expect(screen.getAllByRole('article')).toHaveLength(12)
    expect(api.to('POST /seal-apply/apply/page').map((call) => call.body.pageNo)).toEqual([1, 2])
  })

  it('says 暂无申请记录 when the tab has none', async () => {
    serve([])
    open()
    expect(await screen.findByText('暂无申请记录')).toBeTruthy()
  })

  it('withdraws after confirmation, says 撤销成功 and refreshes the list', async () => {
    const all = [record('w', { applyStatus: 'PENDING_SIGN' })]
    const api = serve(all, {
      'GET /seal-apply/apply/withdraw': ({ query }) => {
        all[0] = { ...all[0]!, applyStatus: query.id === 'w' ? 'CANCELED' : all[0]!.applyStatus }
        return null
      },
    })
    open()
    fireEvent.click(await within(await screen.findByRole('article', { name: '单位w' })).findByText('撤销申请'))
    await confirmInDialog()
    expect(await screen.findByText('撤销成功')).toBeTruthy()
    await waitFor(() => expect(buttonsOf('单位w')).toEqual(['重新申请']))
    expect(api.to('GET /seal-apply/apply/withdraw')[0]!.query.id).toBe('w')
    expect(api.to('POST /seal-apply/apply/page')).toHaveLength(2)
  })

  it('deletes a draft after confirmation and refreshes the list', async () => {
    const all = [record('d', { applyStatus: 'TEMPORARY_SAVE' }), record('keep')]
    const api = serve(all, {
      'GET /seal-apply/apply/delete': ({ query }) => {
        all.splice(all.findIndex((item) => item.id === query.id), 1)
        return null
      },
    })
    open()
    fireEvent.click(await within(await screen.findByRole('article', { name: '单位d' })).findByText('删除'))
    await confirmInDialog()
    await waitFor(() => expect(screen.queryByRole('article', { name: '单位d' })).toBeNull())
    expect(screen.getByRole('article', { name: '单位keep' })).toBeTruthy()
    expect(api.to('GET /seal-apply/apply/delete')[0]!.query.id).toBe('d')
  })

  it('asks nothing of the server when the deletion is cancelled', async () => {
    const api = serve([record('d', { applyStatus: 'TEMPORARY_SAVE' })])
    open()
    fireEvent.click(await within(await screen.findByRole('article', { name: '单位d' })).findByText('删除'))
    const cancel = await screen.findByText('取消')
    await act(async () => fireEvent.click(cancel))
    expect(api.to('GET /seal-apply/apply/delete')).toHaveLength(0)
  })

  it('reapplies into a new draft and opens the wizard on it', async () => {
    const api = serve([record('f', { applyStatus: 'APPLY_FAIL', applyType: 'OPERATOR_APPLY', businessType: 'RENEWAL' })], {
      'POST /seal-apply/apply/reapply': () => ({ id: 'copy-1', step: '1' }),
    })
    localStorage.setItem('seal.applyRecordTab', '1')
    open()
    fireEvent.click(await within(await screen.findByRole('article', { name: '单位f' })).findByText('重新申请'))
    expect(await location()).toBe('/new/seal/home?businessType=RENEWAL&applicatKind=OPERATOR_APPLY&id=copy-1')
    expect(api.to('POST /seal-apply/apply/reapply')[0]!.body).toEqual({ id: 'f' })
  })

  it('opens the result of a passed application and the wizard on a draft', async () => {
    serve([record('s', { applyStatus: 'APPLY_SUCCESS' }), record('t', { applyStatus: 'TEMPORARY_SAVE', businessType: 'CANCEL' })])
    const { router } = open()
    fireEvent.click(await within(await screen.findByRole('article', { name: '单位s' })).findByText('查看'))
    expect(await location()).toBe('/new/seal-result?id=s&type=view')
    await act(() => router.navigate(-1))
    fireEvent.click(await within(await screen.findByRole('article', { name: '单位t' })).findByText('继续申请'))
    expect(await location()).toBe('/new/seal/home?businessType=CANCEL&applicatKind=LEGAL_APPLY&id=t')
  })

  it.each([
    [1, ['企业电子印章申请']],
    [2, ['个人电子名章申请']],
    [3, ['个人电子名章申请', '企业电子印章申请']],
  ])('shows the footer buttons of config flag %s', async (flag, texts) => {
    serve([], {}, flag)
    open()
    await screen.findByText('暂无申请记录')
    await waitFor(() => expect(screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, '')).filter((t) => t?.endsWith('申请'))).toEqual(texts))
  })

  it('goes to the enterprise application from the footer', async () => {
    serve([], {}, 1)
    open()
    fireEvent.click(await screen.findByText('企业电子印章申请'))
    expect(await location()).toBe('/seal-apply')
  })
})

describe('申请记录表: offline-materials applications (issue #21)', () => {
  const offline = (id: string, overrides: Partial<ApplyRecordItem> = {}) => ({ ...record(id, { applyType: 'OPERATOR_APPLY', ...overrides }), door: 'OFFLINE' as const })

  it('marks them 线下材料 and opens 查看, 重新申请, 撤销申请 and 继续申请 on the offline pages', async () => {
    localStorage.setItem('seal.applyRecordTab', '1')
    const server = serve([
      offline('v', { applyStatus: 'APPLY_SUCCESS' }),
      offline('f', { applyStatus: 'APPLY_FAIL', failReason: '合同专用章：印模不清晰' }),
      offline('w', { applyStatus: 'PENDING_REVIEW' }),
      offline('d', { applyStatus: 'TEMPORARY_SAVE' }),
    ])
    const { router } = open()
    const item = within(await screen.findByRole('article', { name: '单位v' }))
    expect(item.getByText('线下材料')).toBeTruthy()
    const go = async (unit: string, text: string, to: string) => {
      fireEvent.click(await within(await screen.findByRole('article', { name: unit })).findByText(text))
      expect(await location()).toBe(to)
      await act(() => router.navigate(-1))
    }
    await go('单位v', '查看', '/seal-apply/operator/step-3-1?applyId=v')
    await go('单位f', '重新申请', '/seal-apply/operator/step-5?applyId=f')
    await go('单位w', '撤销申请', '/seal-apply/operator/step-3-1?applyId=w&intent=withdraw')
    await go('单位d', '继续申请', '/seal-apply/operator/step-1?applyId=d')
    // Nothing was asked of the wizard's calls: the offline pages do it.
    expect(server.calls.filter((call) => call.path === '/seal-apply/apply/reapply' || call.path === '/seal-apply/apply/withdraw')).toHaveLength(0)
  })

  it('keeps the wizard’s actions for an application of the wizard', async () => {
    localStorage.setItem('seal.applyRecordTab', '1')
    serve([record('n', { applyType: 'OPERATOR_APPLY', applyStatus: 'APPLY_SUCCESS' })])
    open()
    const item = within(await screen.findByRole('article', { name: '单位n' }))
    expect(item.queryByText('线下材料')).toBeNull()
    fireEvent.click(item.getByText('查看'))
    expect(await location()).toBe('/new/seal-result?id=n&type=view')
  })
})
