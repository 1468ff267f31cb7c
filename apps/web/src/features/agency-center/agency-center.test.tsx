import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Dialog, Toast } from 'antd-mobile'
import type { BacklogDetailAnswer, BacklogItem } from '@seal/shared/api/backlog'
import { fakeApi, refused, type ApiCall } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { AgencyCenterPage, NO_BACKLOG, NO_HANDLED } from './agency-center-page.tsx'
import { runPdfWorkerInline, signedPdf } from '../../../test/pdf.ts'
import { AgencyDetailPage } from './detail-page.tsx'
import { AgencyPreviewPage } from './preview-page.tsx'
import { AgencyResultPage } from './result-page.tsx'

const SUBMITTED = Date.parse('2026-03-02T00:05:00Z') // 08:05 in Beijing

function item(id: string, overrides: Partial<BacklogItem> = {}): BacklogItem {
  return {
    id,
    businessId: id,
    businessType: 'APPLY',
    status: 1,
    applyStatus: 'PENDING_SIGN',
    sealUseCompany: `单位${id}`,
    sealTypeNames: '单位公章、合同专用章',
    operationName: '钱多多',
    createdAt: SUBMITTED,
    attachments: [],
    ...overrides,
  }
}

function detailOf(backlog: BacklogItem, canSign = true): BacklogDetailAnswer {
  return {
    backLogDetail: backlog,
    companyDetail: { companyName: backlog.sealUseCompany, companyCardNo: '91440300MA5G9XYZ1B', legalName: '赵六', legalCardNo: '440***********1234' },
    sealAdmin: { adminName: '赵六', cardNo: '440***********1234' },
    operator: { name: '钱多多', cardNo: '110***********0012', phone: '139****0001' },
    sealInfos: [{ sealFileId: 'f1', sealTypeCode: '01', sealTypeStr: '单位公章', sealName: backlog.sealUseCompany, sealPicUrl: '/api/seal-apply/file/download/f1?preview=true&access_token=t' }],
    canSign,
  }
}

/** POST /seal-apply/backlog/list over lists by type, paged as the server pages. */
function paged(byType: Record<number, BacklogItem[]>) {
  return ({ body }: ApiCall) => {
    const all = byType[body.listType as number] ?? []
    const start = (body.pageNo - 1) * body.pageSize
    return { records: all.slice(start, start + body.pageSize), pages: Math.ceil(all.length / body.pageSize), total: all.length, pageNo: body.pageNo }
  }
}

const location = () => screen.findByTestId('location').then((element) => element.textContent)

beforeEach(() => {
  sessionStorage.clear()
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body })
})
afterEach(() => {
  Toast.clear()
  Dialog.clear()
  cleanup()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('待办中心 list', () => {
  it('shows the to-do tab ten at a time, loads the next page at the end, and opens an item', async () => {
    const todo = Array.from({ length: 12 }, (_, i) => item(`t${i + 1}`))
    const api = fakeApi({ 'POST /seal-apply/backlog/list': paged({ 1: todo, 4: [] }) })
    renderScreen('/agency-center', { path: '/agency-center', element: <AgencyCenterPage /> })
    expect(await screen.findByRole('article', { name: '单位t1' })).toBeTruthy()
    expect(api.to('POST /seal-apply/backlog/list')[0]!.body).toMatchObject({ listType: 1, pageNo: 1, pageSize: 10 })
    const first = within(screen.getByRole('article', { name: '单位t1' }))
    expect(first.getByText('待处理')).toBeTruthy()
    expect(first.getByText('单位公章、合同专用章')).toBeTruthy()
    expect(first.getByText('钱多多')).toBeTruthy()
    expect(first.getByText('2026-03-02 08:05')).toBeTruthy()
    expect(await screen.findByRole('article', { name: '单位t12' })).toBeTruthy()
    expect(api.to('POST /seal-apply/backlog/list').map((c) => c.body.pageNo)).toEqual([1, 2])
    expect(await screen.findByText('已经到底了')).toBeTruthy()
    fireEvent.click(within(screen.getByRole('article', { name: '单位t3' })).getByRole('button'))
    expect(await location()).toBe('/agency-center/detail?id=t3')
  })

  it('the 已处理 tab asks for list type 4 and shows refused and withdrawn labels; empty tabs say so', async () => {
    const api = fakeApi({ 'POST /seal-apply/backlog/list': paged({ 1: [], 4: [item('r', { status: 16, applyStatus: 'LEGAL_REFUSED' }), item('w', { status: 32, applyStatus: 'CANCELED' })] }) })
    renderScreen('/agency-center', { path: '/agency-center', element: <AgencyCenterPage /> })
    expect(await screen.findByText(NO_BACKLOG)).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByText('已处理')))
    expect(await screen.findByRole('article', { name: '单位r' })).toBeTruthy()
    expect(within(screen.getByRole('article', { name: '单位r' })).getByText('已拒绝')).toBeTruthy()
    expect(within(screen.getByRole('article', { name: '单位w' })).getByText('已撤回')).toBeTruthy()
    expect(api.to('POST /seal-apply/backlog/list').at(-1)!.body.listType).toBe(4)
    expect(screen.queryByText(NO_HANDLED)).toBeNull()
  })
})

describe('待办中心: an authorisation waiting for me', () => {
  it('names the seal, the unit, who granted it and the period, and opens the acceptance', async () => {
    const waiting = item('auth1', {
      businessType: 'SEAL_AUTH',
      applyStatus: '',
      sealUseCompany: '示例科技有限公司',
      sealTypeNames: '合同专用章',
      operationName: '赵六',
      authorization: { authId: 'auth1', sealId: 's1', sealName: '示例科技有限公司合同专用章', grantorName: '赵六', authUseType: 1, startTime: Date.parse('2026-03-01T16:00:00Z'), endTime: Date.parse('2026-03-31T15:59:59Z') },
    })
    fakeApi({ 'POST /seal-apply/backlog/list': paged({ 1: [waiting], 4: [] }) })
    renderScreen('/agency-center', { path: '/agency-center', element: <AgencyCenterPage /> })
    const card = within(await screen.findByRole('article', { name: '示例科技有限公司' }))
    expect(card.getByText('接受印章授权（使用）')).toBeTruthy()
    expect(card.getByText('示例科技有限公司合同专用章')).toBeTruthy()
    expect(card.getByText('赵六')).toBeTruthy()
    expect(card.getByText('2026.03.02 至 2026.03.31')).toBeTruthy()
    fireEvent.click(card.getByRole('button'))
    expect(await location()).toBe('/authorization-start/personal?authId=auth1')
  })
})

describe('待办详情', () => {
  it('shows the unit, administrator, operator and seal pictures; 签署授权 goes to the signing page from the agency centre', async () => {
    const api = fakeApi({ 'POST /seal-apply/backlog/detail': () => detailOf(item('a1')) })
    renderScreen('/agency-center/detail?id=a1', { path: '/agency-center/detail', element: <AgencyDetailPage /> })
    expect(await screen.findByText('91440300MA5G9XYZ1B', {}, { timeout: 3000 })).toBeTruthy()
    expect(api.to('POST /seal-apply/backlog/detail')[0]!.body).toEqual({ backlogId: 'a1' })
    expect(screen.getByRole('img', { name: '单位公章印模' }).getAttribute('src')).toContain('/api/seal-apply/file/download/f1')
    expect(screen.getByText('110***********0012')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '签署授权' }))
    expect(await location()).toBe('/new/seal/sign?id=a1&from=agency')
  })

  it('an application that names no seal manager says 未设置 under 印章管理员, not the legal representative', async () => {
    fakeApi({ 'POST /seal-apply/backlog/detail': () => ({ ...detailOf(item('a9')), sealAdmin: { adminName: '', cardNo: '' } }) })
    renderScreen('/agency-center/detail?id=a9', { path: '/agency-center/detail', element: <AgencyDetailPage /> })
    const manager = within(await screen.findByRole('region', { name: '印章管理员' }, { timeout: 3000 }))
    expect(manager.getByText('未设置')).toBeTruthy()
    expect(manager.queryByText('姓名')).toBeNull()
  })

  it('a pending item offers 取消申请 (spec 002 §3), which asks first, then refuses and shows the result', async () => {
    const api = fakeApi({ 'POST /seal-apply/backlog/detail': () => detailOf(item('a2')), 'GET /seal-apply/apply/refuse': () => null })
    renderScreen('/agency-center/detail?id=a2', { path: '/agency-center/detail', element: <AgencyDetailPage /> })
    await screen.findByText('91440300MA5G9XYZ1B', {}, { timeout: 3000 })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '取消申请' })))
    await act(async () => fireEvent.click(await screen.findByText('取消')))
    expect(api.to('GET /seal-apply/apply/refuse')).toHaveLength(0)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '取消申请' })))
    // The cancelled dialog may still be closing: the newest one is the last.
    await act(async () => fireEvent.click((await screen.findAllByText('确认拒绝')).at(-1)!))
    expect(await location()).toBe('/agency-center/result?id=a2')
    expect(api.to('GET /seal-apply/apply/refuse')[0]!.query).toEqual({ id: 'a2' })
  })

  it('a refusal the server turns down stays on the page with its message', async () => {
    fakeApi({ 'POST /seal-apply/backlog/detail': () => detailOf(item('a3')), 'GET /seal-apply/apply/refuse': () => refused('当前申请状态不可拒绝') })
    renderScreen('/agency-center/detail?id=a3', { path: '/agency-center/detail', element: <AgencyDetailPage /> })
    await screen.findByText('91440300MA5G9XYZ1B', {}, { timeout: 3000 })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '取消申请' })))
    await act(async () => fireEvent.click(await screen.findByText('确认拒绝')))
    expect(await screen.findByText('当前申请状态不可拒绝')).toBeTruthy()
    expect(screen.queryByTestId('location')).toBeNull()
  })

  it('a handled item offers no signing or refusal', async () => {
    fakeApi({ 'POST /seal-apply/backlog/detail': () => detailOf(item('h', { status: 4, applyStatus: 'PENDING_REVIEW' }), false) })
    renderScreen('/agency-center/detail?id=h', { path: '/agency-center/detail', element: <AgencyDetailPage /> })
    expect(await screen.findByText('已处理')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '签署授权' })).toBeNull()
    expect(screen.queryByRole('button', { name: '取消申请' })).toBeNull()
  })
})

describe('处理结果', () => {
  it('signed: 已完成签署, and what happened next as the application says: waiting for review, or approved and made at once', async () => {
    const shown = async (applyStatus: string) => {
      fakeApi({ 'POST /seal-apply/backlog/detail': () => detailOf(item('s', { status: 4, applyStatus }), false) })
      const view = renderScreen('/agency-center/result?id=s', { path: '/agency-center/result', element: <AgencyResultPage /> })
      expect(await screen.findByText('已完成签署')).toBeTruthy()
      const text = document.querySelector('.adm-result')!.textContent
      view.router.dispose()
      cleanup()
      return text
    }
    expect(await shown('PENDING_REVIEW')).toContain('等待平台审核')
    const made = await shown('APPLY_SUCCESS')
    expect(made).toContain('审核已通过')
    expect(made).toContain('电子印章已制作完成')
    expect(made).not.toContain('提交审核')
    expect(await shown('APPLY_FAIL')).toContain('审核未通过')
  })

  it('refused: 您已拒绝电子印章申请 with 未签署，法人拒绝', async () => {
    fakeApi({ 'POST /seal-apply/backlog/detail': () => detailOf(item('r', { status: 16, applyStatus: 'LEGAL_REFUSED' }), false) })
    renderScreen('/agency-center/result?id=r', { path: '/agency-center/result', element: <AgencyResultPage /> })
    expect(await screen.findByText('您已拒绝电子印章申请')).toBeTruthy()
    expect(screen.getByText('未签署，法人拒绝')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '返回待办中心' }))
    await waitFor(async () => expect(await location()).toBe('/agency-center'))
  })
})

describe('文件预览', () => {
  beforeAll(runPdfWorkerInline)

  it('reads a signed document through the application (legalDownload), not as the legal representative’s own file', async () => {
    const handled = item('h1', {
      status: 4,
      applyStatus: 'PENDING_REVIEW',
      attachments: [
        { key: 'applyFormId', fileId: 'signed-form', fileName: '电子印章申请表（已签署）.pdf' },
        { key: 'authDocumentId', fileId: 'signed-auth', fileName: '授权委托书（已签署）.pdf' },
      ],
    })
    const api = fakeApi({
      'POST /seal-apply/backlog/detail': () => detailOf(handled, false),
      'GET /seal-apply/apply/legalDownload': () => new Response(signedPdf(), { headers: { 'content-type': 'application/pdf' } }),
    })
    renderScreen('/agency-center/preview?id=h1', { path: '/agency-center/preview', element: <AgencyPreviewPage /> })
    await waitFor(() => expect(api.to('GET /seal-apply/apply/legalDownload')).toHaveLength(1))
    expect(api.to('GET /seal-apply/apply/legalDownload')[0]!.query).toEqual({ id: 'h1', key: 'applyFormId' })
    expect(api.calls.some((call) => call.path.startsWith('/file/download'))).toBe(false)
    fireEvent.click(await screen.findByText('授权委托书（已签署）'))
    await waitFor(() => expect(api.to('GET /seal-apply/apply/legalDownload').map((c) => c.query.key)).toEqual(['applyFormId', 'authDocumentId']))
  })
})
